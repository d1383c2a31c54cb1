import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { VIEW } from './view.js';
import { UPDATE } from './update.js';
import { LIST } from './list.js';
import { ADD } from './add.js';
import { REMOVE } from './remove.js';

export const spec: CommandSpec = {
  ...noun('job-token-scope'),
  description:
    'Every verb takes --project <id|path> (- reads projects from standard input) and needs the Maintainer role. With the limit on, only the allowlisted projects and groups (and the project itself) may reach the project with a CI/CD job token.',
  subcommands: [
    { ...VIEW, load: () => import('./view.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...LIST, load: () => import('./list.js') },
    { ...ADD, load: () => import('./add.js') },
    { ...REMOVE, load: () => import('./remove.js') },
  ],
};
