import { entryOf } from './entry.js';
import { groupRef, projectRef } from '../../params/parsers.js';
import { group } from '../flags.js';

/** What the declarations of the job-token-scope verbs share. */

/** --target-project <path> or --target-group <path>: one entry of an allowlist. */
export const ENTRY = group(
  [
    {
      flags: '--target-project <project>',
      description: 'a project of the allowlist (ID or full path)',
      parse: projectRef,
    },
    { flags: '--target-group <group>', description: 'a group of the allowlist (ID or full path)', parse: groupRef },
  ],
  entryOf,
);
