import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { createBranchVerb } from './create.js';
import { deleteVerb } from './delete.js';
import { listVerb } from './list.js';
import { updateBranchVerb } from './update.js';
import { viewVerb } from './view.js';

export const spec: CommandSpec = {
  ...noun('protected-branches'),
  description:
    'Every verb takes --project <id|path> and needs the Maintainer role. A protection is named by the branch name or a wildcard (release/*). Roles: no-one, developer, maintainer, admin.',
  subcommands: [
    { ...listVerb('branch'), load: () => import('./list.js') },
    { ...viewVerb('branch'), load: () => import('./view.js') },
    { ...createBranchVerb, load: () => import('./create.js') },
    { ...updateBranchVerb, load: () => import('./update.js') },
    { ...deleteVerb('branch'), load: () => import('./delete.js') },
  ],
};
