import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { LIST } from './list.js';
import { ADD } from './add.js';
import { REMOVE } from './remove.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('share'),
  description: `Every verb takes exactly one of --project <id|path> and --group <id|path>: what is shared. Members of the --group-id group get access to it, up to the --group-access level. Sharing a project needs the Maintainer role on it, sharing a group the Owner role.`,
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...ADD, load: () => import('./add.js') },
    { ...REMOVE, load: () => import('./remove.js') },
  ],
};
