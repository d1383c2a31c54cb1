import { integer } from '../../params/parsers.js';
import type { ArgSpec, CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';

const USER_ARG: ArgSpec = { name: 'user', description: 'a username or user ID', required: true };

export const spec: CommandSpec = {
  ...noun('users'),
  description: 'Both verbs are for administrators: the service lists a user’s memberships only to them.',
  subcommands: [
    {
      name: 'memberships',
      summary: 'List the projects and groups a user is a direct member of, with the role',
      args: [USER_ARG],
      options: [{ flags: '--type <type>', description: 'only projects or only groups', choices: ['project', 'group'] }],
      list: true,
      examples: ['collab users memberships dana', 'collab users memberships 7 --type group --json'],
      load: () => import('./memberships.js'),
    },
    {
      name: 'offboard',
      summary: 'Remove a user from every project and group they are a direct member of',
      description:
        'Lists the user’s direct memberships and shows the plan: each project and group with the role, and the groups where the user is the last owner, which are refused (add another owner first; they are failures in the results). Asks to type the number of memberships on the terminal, or takes --yes. Each removal is one result (ok, unchanged when already gone, failed). Interrupted, run it again: it lists what is left and removes only that. The user’s account stays as it is.',
      args: [USER_ARG],
      options: [{ flags: '--concurrency <n>', description: 'removals in flight at once (default 8, config concurrency; at most 16)', parse: integer(1, 16) }],
      mutating: true,
      confirm: true,
      examples: ['collab users offboard dana --dry-run', 'collab users offboard dana --yes', 'collab users offboard 7 --yes --json | jq -r \'.[] | select(.status == "failed") | .target\''],
      load: () => import('./offboard.js'),
    },
  ],
};
