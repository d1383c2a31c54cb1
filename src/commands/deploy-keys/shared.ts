import { arg } from '../flags.js';
import { positiveInteger } from '../../params/parsers.js';

/** What the declarations of the deploy-keys verbs share. */

export const KEY_ID = arg(
  { name: 'key-id', description: 'the deploy key’s ID (see `collab deploy-keys list`)' },
  positiveInteger,
);
