import { noun } from '../nouns.js';
import type { CommandSpec, VerbModule } from '../spec.js';
import { createBranchVerb, deleteVerb, listVerb, type RefKind, updateBranchVerb, viewVerb } from './verbs.js';

/** Each verb's module for one kind of protection (./shared.ts perKind). */
export const forKind =
  <T>(kind: RefKind, loader: () => Promise<Record<RefKind, T>>) =>
  async () =>
    (await loader())[kind] as T;

export const spec: CommandSpec = {
  ...noun('protected-branches'),
  description:
    'Every verb takes --project <id|path> and needs the Maintainer role. A protection is named by the branch name or a wildcard (release/*). Roles: no-one, developer, maintainer, admin.',
  subcommands: [
    { ...listVerb('branch'), load: forKind<VerbModule>('branch', () => import('./list.js')) },
    { ...viewVerb('branch'), load: forKind<VerbModule>('branch', () => import('./view.js')) },
    { ...createBranchVerb, load: forKind<VerbModule>('branch', () => import('./create.js')) },
    { ...updateBranchVerb, load: () => import('./update.js') },
    { ...deleteVerb('branch'), load: forKind<VerbModule>('branch', () => import('./delete.js')) },
  ],
};
