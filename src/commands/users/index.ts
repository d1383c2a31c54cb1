import { integer, nonEmpty } from '../../params/parsers.js';
import { arg, choice, option } from '../flags.js';
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
    'Lists the user’s direct memberships and shows the plan on stderr: each project and group by full path and ID with the role, and the groups where the user is the last owner, which are refused (add another owner first; they are failures in the results), and the user’s own personal projects, which stay (unchanged: the holder of a personal namespace stays its member; one line with their count unless --verbose). With --dry-run, -o json, ndjson or csv print the plan on stdout as data (type, id, path, access_level, action: remove, refused or kept, reason). Asks to type the number of memberships on the terminal, or takes --yes. Each removal is one result (ok, unchanged when already gone, failed). Interrupted, run it again: it lists what is left and removes only that. The user’s account stays as it is.',
  args: { user: USER },
  flags: {
    concurrency: option(
      '--concurrency <n>',
      'removals in flight at once (default 8, config concurrency; at most 16)',
      integer(1, 16),
    ),
  },
  mutating: true,
  confirm: true,
  examples: [
    'collab users offboard dana --dry-run',
    'collab users offboard dana --yes',
    'collab users offboard 7 --yes --json | jq -r \'.[] | select(.status == "failed") | .target\'',
  ],
});

export const spec: CommandSpec = {
  ...noun('users'),
  description: 'Both verbs are for administrators: the service lists a user’s memberships only to them.',
  subcommands: [
    { ...MEMBERSHIPS, load: () => import('./memberships.js') },
    { ...OFFBOARD, load: () => import('./offboard.js') },
  ],
};
