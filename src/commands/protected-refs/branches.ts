import { noun } from '../nouns.js';
import { loadKind } from '../per-kind.js';
import type { CommandSpec } from '../spec.js';
import { createBranchVerb, deleteVerb, listVerb, updateBranchVerb, viewVerb } from './verbs.js';

export const spec: CommandSpec = {
  ...noun('protected-branches'),
  description:
    'Every verb takes --project <id|path> and needs the Maintainer role. A protection is named by the branch name or a wildcard (release/*). Roles: no-one, developer, maintainer, admin.',
  subcommands: [
    { ...listVerb('branch'), load: loadKind('branch', () => import('./list.js')) },
    { ...viewVerb('branch'), load: loadKind('branch', () => import('./view.js')) },
    { ...createBranchVerb, load: loadKind('branch', () => import('./create.js')) },
    { ...updateBranchVerb, load: () => import('./update.js') },
    { ...deleteVerb('branch'), load: loadKind('branch', () => import('./delete.js')) },
  ],
};
