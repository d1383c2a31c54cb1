import { noun } from '../nouns.js';
import type { CommandSpec, VerbModule } from '../spec.js';
import { forKind } from './branches.js';
import { createTagVerb, deleteVerb, listVerb, viewVerb } from './verbs.js';

export const spec: CommandSpec = {
  ...noun('protected-tags'),
  description: 'Every verb takes --project <id|path> and needs the Maintainer role. A protection is named by the tag name or a wildcard (v*). Roles: no-one, developer, maintainer.',
  subcommands: [
    { ...listVerb('tag'), load: forKind<VerbModule>('tag', () => import('./list.js')) },
    { ...viewVerb('tag'), load: forKind<VerbModule>('tag', () => import('./view.js')) },
    { ...createTagVerb, load: forKind<VerbModule>('tag', () => import('./create.js')) },
    { ...deleteVerb('tag'), load: forKind<VerbModule>('tag', () => import('./delete.js')) },
  ],
};
