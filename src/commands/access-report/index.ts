import { accessLevelWords } from '../../params/access.js';
import { accessLevel, nonEmpty } from '../../params/parsers.js';
import { bool, option } from '../flags.js';
import { noun } from '../nouns.js';
import { graphqlFlag } from '../plan/flags.js';
import { GROUP } from '../resource-args.js';
import type { CommandSpec } from '../spec.js';
import { verb } from '../verb.js';

export const ACCESS_REPORT = verb({
  ...noun('access-report'),
  description: `One row per user and project below the group (every depth): the user's effective role there and where it comes from: a direct membership, a membership inherited from a group above, or a share with a group (the role capped at the share's level), with the highest of them counted, as the service counts it. Computed from the direct members of each project and group and the shares: the projects' members through GitLab's GraphQL API, 50 projects a request (REST where the instance has none, said on stderr, or with --no-graphql), the requests made said on stderr. For an access review: -o csv is one header, stable columns (type, path, id, user_id, username, name, state, access_level, role, source, source_group, share_access_level, expires_at) and dates in ISO 8601. State is active, blocked or bot.`,
  args: { group: GROUP },
  flags: {
    user: option('--user <username|id>', 'only this user’s rows', nonEmpty),
    minAccess: option(
      '--min-access <role>',
      `only roles at least this one (${accessLevelWords()}, or the number)`,
      accessLevel,
    ),
    includeGroups: bool(
      '--include-groups',
      'rows for the groups too (the group and every subgroup), not only projects',
    ),
    graphql: graphqlFlag(),
  },
  examples: [
    'collab access-report acme',
    'collab access-report acme -o csv > acme-access-2026-q4.csv',
    'collab access-report acme --min-access maintainer --include-groups',
    'collab access-report acme --user dana',
  ],
});

export const spec: CommandSpec = { ...ACCESS_REPORT, load: () => import('./run.js') };
