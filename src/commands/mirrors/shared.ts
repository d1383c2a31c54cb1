import { positiveInteger } from '../../params/parsers.js';
import { arg } from '../flags.js';

/** What the declarations of the mirrors verbs share. */

export const MIRROR_ID = arg(
  { name: 'mirror-id', description: 'the mirror’s ID (see `collab mirrors list`)' },
  positiveInteger,
);
