import type { CommandSpec } from '../spec.js';
import type { OwnerKind } from '../owner.js';
import { addVerb } from './add.js';
import { listVerb } from './list.js';
import { removeVerb } from './remove.js';
import { updateVerb } from './update.js';

/**
 * `collab projects members …` and `collab groups members …`: one set of verbs declared for each
 * kind of owner (its help names the kind), each with one implementation in this directory that
 * reads the owner's kind from `owner`.
 */
export function memberVerbs(kind: OwnerKind): CommandSpec {
  const who =
    kind === 'project'
      ? 'Maintainers manage the members of a project, up to their own role (only an Owner makes or removes an Owner)'
      : 'Owners manage the members of a group; its last owner can be neither removed nor demoted';
  return {
    name: 'members',
    summary: `List, add, change and remove the members of a ${kind}`,
    description: `${who}; administrators manage every membership, and any member may remove themselves.`,
    subcommands: [
      { ...listVerb(kind), load: () => import('./list.js') },
      { ...addVerb(kind), load: () => import('./add.js') },
      { ...updateVerb(kind), load: () => import('./update.js') },
      { ...removeVerb(kind), load: () => import('./remove.js') },
    ],
  };
}
