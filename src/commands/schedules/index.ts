import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';
import { PLAY } from './play.js';
import { TAKE_OWNERSHIP } from './take-ownership.js';

export const spec: CommandSpec = {
  ...noun('schedules'),
  description:
    'Every verb takes --project <id|path> (- reads projects from standard input). Reporters list and view schedules (anyone who sees the project, where its pipelines are public); Developers create them, and play them on a branch they may push or merge to; a schedule is changed by its owner alone, and taken over or deleted by Maintainers.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...PLAY, load: () => import('./play.js') },
    { ...TAKE_OWNERSHIP, load: () => import('./take-ownership.js') },
  ],
};
