import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('hooks'),
  description: `Every verb takes exactly one of --project <id|path> and --group <id|path>. Project hooks need the Maintainer role, group hooks the Owner role. The secret token is read from --token-file <path|-> or asked for with --token-prompt, never taken from the command line, and never printed.`,
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
