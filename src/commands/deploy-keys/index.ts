import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';
import { ENABLE } from './enable.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('deploy-keys'),
  description: 'Every verb takes --project <id|path> and needs the Maintainer role.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...ENABLE, load: () => import('./enable.js') },
  ],
};
