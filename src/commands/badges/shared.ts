import { positiveInteger } from '../../params/parsers.js';
import { arg } from '../flags.js';

/** What the declarations of the badges verbs share. */

export const BADGE_ID = arg(
  { name: 'badge-id', description: 'the badge ID (see `collab badges list`)' },
  positiveInteger,
);
