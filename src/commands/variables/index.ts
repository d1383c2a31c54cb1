import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { SET } from './set.js';
import { DELETE } from './delete.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('variables'),
  description:
    'Every verb takes exactly one of --project <id|path> and --group <id|path>. Project variables need the Maintainer role, group variables the Owner role. A variable is its key and its environment scope (--scope, default *). Tables and views show masked and hidden values as [masked]; -o json carries what the service sent.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...SET, load: () => import('./set.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
