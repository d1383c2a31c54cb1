import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';
import { SYNC } from './sync.js';
import { PUBLIC_KEY } from './public-key.js';

export const spec: CommandSpec = {
  ...noun('mirrors'),
  description:
    'Every verb takes --project <id|path> (- reads projects from standard input) and needs the Maintainer role. A pull mirror is a project setting (collab projects update --import-url, collab.yaml `mirror`).',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...SYNC, load: () => import('./sync.js') },
    { ...PUBLIC_KEY, load: () => import('./public-key.js') },
  ],
};
