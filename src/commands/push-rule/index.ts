import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { SET } from './set.js';
import { DELETE } from './delete.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('push-rule'),
  description: `A project or group has at most one push rule. Every verb takes exactly one of --project <id|path> and --group <id|path>. Project rules need the Maintainer role, group rules the Owner role. Regular expressions are checked before sending: the service uses RE2, which has no look-around, back-references, possessive quantifiers or atomic groups.`,
  subcommands: [
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...SET, load: () => import('./set.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
