import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { MEMBERSHIPS } from './memberships.js';
import { OFFBOARD } from './offboard.js';
import { BLOCK } from './block.js';
import { UNBLOCK } from './unblock.js';
import { DEACTIVATE } from './deactivate.js';
import { ACTIVATE } from './activate.js';
import { BAN } from './ban.js';
import { UNBAN } from './unban.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('users'),
  description:
    'Anyone signed in lists and views users (administrators read more of each); every other verb is for administrators: the service lists a user’s memberships, and changes a user’s account, only for them.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...MEMBERSHIPS, load: () => import('./memberships.js') },
    { ...OFFBOARD, load: () => import('./offboard.js') },
    { ...BLOCK, load: () => import('./block.js') },
    { ...UNBLOCK, load: () => import('./unblock.js') },
    { ...DEACTIVATE, load: () => import('./deactivate.js') },
    { ...ACTIVATE, load: () => import('./activate.js') },
    { ...BAN, load: () => import('./ban.js') },
    { ...UNBAN, load: () => import('./unban.js') },
  ],
};
