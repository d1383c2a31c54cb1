import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { createTagVerb } from './create.js';
import { deleteVerb } from './delete.js';
import { listVerb } from './list.js';
import { viewVerb } from './view.js';

export const spec: CommandSpec = {
  ...noun('protected-tags'),
  description:
    'Every verb takes --project <id|path> and needs the Maintainer role. A protection is named by the tag name or a wildcard (v*). Roles: no-one, developer, maintainer.',
  subcommands: [
    { ...listVerb('tag'), load: () => import('./list.js') },
    { ...viewVerb('tag'), load: () => import('./view.js') },
    { ...createTagVerb, load: () => import('./create.js') },
    { ...deleteVerb('tag'), load: () => import('./delete.js') },
  ],
};
