import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { SET } from './set.js';
import { DISABLE } from './disable.js';

export const spec: CommandSpec = {
  ...noun('integrations'),
  description:
    'Every verb takes --project or --group <id|path> (- reads them from standard input) and needs the Maintainer role. An integration is named by its slug, with _ or - (microsoft_teams, microsoft-teams).',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...SET, load: () => import('./set.js') },
    { ...DISABLE, load: () => import('./disable.js') },
  ],
};
