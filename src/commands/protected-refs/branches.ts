import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { createBranchVerb, deleteVerb, listVerb, updateBranchVerb, viewVerb } from './verbs.js';

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
