import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';

export const spec: CommandSpec = {
  ...noun('protected-environments'),
  description:
    'GitLab Premium and Ultimate. Every verb takes --project or --group <id|path> (- reads them from standard input) and needs the Maintainer role. An entry is a role by name (developer, maintainer, admin), a user by username or a group by full path.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
