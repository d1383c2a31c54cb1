import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('labels'),
  description:
    'Every verb takes exactly one of --project <id|path> and --group <id|path>. Whoever sees the project or group reads its labels (none of a project’s while its issues and merge requests are both turned off); the Planner role and those above it change them. A project’s list holds the labels of the groups above it too (FROM: group): those are changed through their group.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
