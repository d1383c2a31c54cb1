import { nonEmpty } from '../../params/parsers.js';
import { MAX_TARGET_CONCURRENCY } from '../targets.js';
import { concurrencyFlag } from '../common-options.js';
import { arg, bool, choice } from '../flags.js';
import type { CommandSpec } from '../spec.js';
import { verb } from '../verb.js';
import { noun } from '../nouns.js';

const USER = arg({ name: 'user', description: 'a username or user ID', required: true }, nonEmpty);

export const MEMBERSHIPS = verb({
  name: 'memberships',
  summary: 'List the projects and groups a user is a direct member of, with the role',
  args: { user: USER },
  flags: { type: choice('--type <type>', 'only projects or only groups', ['project', 'group']) },
  list: true,
  examples: ['collab users memberships dana', 'collab users memberships 7 --type group --json'],
});

export const OFFBOARD = verb({
  name: 'offboard',
  summary: 'Remove a user from every project and group they are a direct member of',
  description:
    'Lists the user’s direct memberships and shows the plan on stderr: each project and group by full path and ID with the role, and the groups where the user is the last owner, which are refused (add another owner first; they are failures in the results), and the user’s own personal projects, which stay (unchanged: the holder of a personal namespace stays its member; one line with their count unless --verbose). With --dry-run, -o json, ndjson or csv print the plan on stdout as data (type, id, path, access_level, action: remove, refused or kept, reason). Asks to type the number of memberships on the terminal, or takes --yes. Each removal is one result (ok, unchanged when already gone, failed). Interrupted, run it again: it lists what is left and removes only that. The user’s account stays as it is, unless --block or --deactivate: then, once every membership has its answer, the account is blocked or deactivated (a last result, `user <id>`; unchanged when it already was; the service deactivates only a user inactive for 90 days).',
  args: { user: USER },
  flags: {
    concurrency: concurrencyFlag('removals in flight at once', MAX_TARGET_CONCURRENCY),
    block: bool('--block', 'then block the account (after every membership is done)'),
    deactivate: bool(
      '--deactivate',
      'then deactivate the account, for a user inactive 90 days (after every membership)',
    ),
  },
  mutating: true,
  confirm: true,
  examples: [
    'collab users offboard dana --dry-run',
    'collab users offboard dana --yes',
    'collab users offboard dana --block --yes',
    'collab users offboard 7 --yes --json | jq -r \'.[] | select(.status == "failed") | .target\'',
  ],
});

/** A change to the user's account (administrators): POST /users/:id/<action>. */
const moderation = (name: string, summary: string, description: string) =>
  verb({
    name,
    summary,
    description,
    args: { user: USER },
    mutating: true,
    examples: [`collab users ${name} dana`, `collab users ${name} 7 --json`],
  });

export const BLOCK = moderation(
  'block',
  'Block a user: they can no longer sign in or use their tokens',
  'One already blocked is not an error. The service refuses a user blocked through LDAP (LDAP unblocks them) and your own account.',
);
export const UNBLOCK = moderation(
  'unblock',
  'Unblock a blocked user',
  'The service refuses a user blocked through LDAP and a deactivated one (activate them instead).',
);
export const DEACTIVATE = moderation(
  'deactivate',
  'Deactivate a dormant user (they come back active when they sign in again)',
  'The service refuses a blocked user and one active in the last 90 days: block them instead.',
);
export const ACTIVATE = moderation(
  'activate',
  'Activate a deactivated user',
  'The service refuses a blocked user: unblock them.',
);
export const BAN = moderation(
  'ban',
  'Ban an active user (they are blocked, and what they made is hidden)',
  'The service refuses a user who is not active.',
);
export const UNBAN = moderation('unban', 'Unban a banned user', 'The service refuses a user who is not banned.');

export const spec: CommandSpec = {
  ...noun('users'),
  description:
    'Every verb is for administrators: the service lists a user’s memberships, and changes a user’s account, only for them.',
  subcommands: [
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
