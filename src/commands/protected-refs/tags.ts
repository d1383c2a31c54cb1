import { noun } from '../nouns.js';
import { loadKind } from '../per-kind.js';
import type { CommandSpec } from '../spec.js';
import { createTagVerb, deleteVerb, listVerb, viewVerb } from './verbs.js';

export const spec: CommandSpec = {
  ...noun('protected-tags'),
  description:
    'Every verb takes --project <id|path> and needs the Maintainer role. A protection is named by the tag name or a wildcard (v*). Roles: no-one, developer, maintainer.',
  subcommands: [
    { ...listVerb('tag'), load: loadKind('tag', () => import('./list.js')) },
    { ...viewVerb('tag'), load: loadKind('tag', () => import('./view.js')) },
    { ...createTagVerb, load: loadKind('tag', () => import('./create.js')) },
    { ...deleteVerb('tag'), load: loadKind('tag', () => import('./delete.js')) },
  ],
};
