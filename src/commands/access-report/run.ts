import { ACCESS_LEVELS } from '../../params/access.js';
import { resolveUserId } from '../../api/resolve.js';
import { dayOf } from '../../util/day.js';
import type { GroupRef } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { comparePaths } from '../../util/path-order.js';
import { accessLevelName } from '../../params/access.js';
import type { VerbInput } from '../verb.js';
import { type AccessRow, effectiveAccess } from './compute.js';
import type { ACCESS_REPORT } from './index.js';
import { graphqlAllowed } from '../plan/desired-flags.js';
import { projectMembersByGraphql } from './graphql.js';
import { botsAmong, readWorld } from './read.js';

/** collab access-report <group>: who reaches each project (and group) below a group, and why. */

interface AccessReportOptions {
  group: GroupRef;
  user: string | undefined;
  minAccess: number | undefined;
  includeGroups: boolean;
  /** --no-graphql: false; undefined: the graphql setting decides. */
  graphql: boolean | undefined;
}

/** A row as printed: the computed one with the role's name beside its level. Keys in the csv's column order. */
type ReportRow = Omit<AccessRow, 'source' | 'source_group' | 'share_access_level' | 'expires_at'> & {
  role: string;
} & Pick<AccessRow, 'source' | 'source_group' | 'share_access_level' | 'expires_at'>;

/** The csv's columns, in order (also its header when there is no row). */
const REPORT_FIELDS = [
  'type',
  'path',
  'id',
  'user_id',
  'username',
  'name',
  'state',
  'access_level',
  'role',
  'source',
  'source_group',
  'share_access_level',
  'expires_at',
] as const;

/** Where a role comes from, in words: `direct`, `inherited from acme`, `share with globex (at most developer)`. */
function sourceText(row: Pick<AccessRow, 'source' | 'source_group' | 'share_access_level'>): string {
  if (row.source === 'inherited') return `inherited from ${row.source_group}`;
  if (row.source === 'share')
    return `share with ${row.source_group} (at most ${accessLevelName(row.share_access_level)})`;
  return 'direct';
}

const REPORT_COLUMNS: readonly Column[] = [
  { header: 'TYPE', path: 'type', choices: ['project', 'group'], priority: PRIORITY.low },
  { header: 'PATH', path: 'path', text: true, priority: PRIORITY.identifying },
  { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'name', text: true, priority: PRIORITY.low },
  {
    header: 'STATE',
    path: 'state',
    choices: ['active', 'blocked', 'bot'],
    tone: (value) => (value === 'blocked' ? 'red' : value === 'bot' ? 'grey' : undefined),
  },
  {
    header: 'ROLE',
    path: 'role',
    choices: Object.keys(ACCESS_LEVELS),
    priority: PRIORITY.answer,
  },
  // Why the user has the role, the report's question: wrapped rather than cut, and never taken for
  // a column that says nothing because the first page's rows all came the same way.
  {
    header: 'SOURCE',
    path: 'source',
    derive: (row) => sourceText(row as AccessRow),
    text: true,
    wrap: true,
  },
  { header: 'EXPIRES', path: 'expires_at', none: 'never' },
];

export function parse(input: VerbInput<typeof ACCESS_REPORT>): AccessReportOptions {
  return input;
}

export async function run(ctx: VerbContext, opts: AccessReportOptions): Promise<void> {
  const client = await ctx.session.client();
  const concurrency = await ctx.session.numberSetting('concurrency');
  const before = client.requestCount;
  const today = dayOf(ctx.session.clock.now());
  const progress = await ctx.terminal.spinner(`reading the members below ${opts.group}…`);
  let rows: ReportRow[];
  let world: Awaited<ReturnType<typeof readWorld>>;
  try {
    const graphql = await graphqlAllowed(ctx, opts.graphql);
    world = await readWorld(
      client,
      opts.group,
      today,
      concurrency,
      graphql ? (paths) => projectMembersByGraphql(ctx, paths, concurrency) : undefined,
    );
    const holders = [
      ...world.projects,
      ...(opts.includeGroups
        ? [...world.groups.values()].filter(
            (g) => g.path === world.root.path || g.path.startsWith(`${world.root.path}/`),
          )
        : []),
    ];
    const wanted = (row: AccessRow) =>
      (opts.user === undefined ||
        row.username.toLowerCase() === opts.user.toLowerCase() ||
        String(row.user_id) === opts.user) &&
      row.access_level >= (opts.minAccess ?? 0);
    const computed = holders.flatMap((holder) => effectiveAccess(world, holder)).filter(wanted);
    // A user the GraphQL read said is or is not a bot needs no GET /users/:id.
    const known = world.bots;
    const bots = await botsAmong(
      client,
      [...new Set(computed.map((row) => row.user_id))].filter((id) => !known.has(id)),
      concurrency,
    );
    for (const [id, bot] of known) if (bot) bots.add(id);
    rows = computed
      .sort(
        (a, b) =>
          comparePaths(a.path, b.path) ||
          (a.type === b.type ? 0 : a.type === 'group' ? -1 : 1) ||
          (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
      )
      .map((row) => ({
        type: row.type,
        path: row.path,
        id: row.id,
        user_id: row.user_id,
        username: row.username,
        name: row.name,
        state: bots.has(row.user_id) ? 'bot' : row.state,
        access_level: row.access_level,
        role: accessLevelName(row.access_level),
        source: row.source,
        source_group: row.source_group,
        share_access_level: row.share_access_level,
        expires_at: row.expires_at,
      }));
  } finally {
    progress.stop();
  }
  for (const path of world.unreadable)
    ctx.terminal.warn(`cannot read the members of ${path} (not visible to you): roles through it are missing`);
  // A --user no row names: a user with no access there, or a username nobody has (a typo an audit
  // must not read as "no access"): one lookup tells them apart, exit 4 for the second.
  if (rows.length === 0 && opts.user !== undefined && !/^\d+$/.test(opts.user))
    await resolveUserId(client, opts.user, 'access-report --user');
  // No rows: the csv still gets its header.
  await ctx.presenter.list(rows, { columns: REPORT_COLUMNS, ...(rows.length === 0 ? { fields: REPORT_FIELDS } : {}) });
  const requests = client.requestCount - before;
  const projects = world.projects.length;
  ctx.terminal.info(
    `${rows.length} row${rows.length === 1 ? '' : 's'} for ${projects} project${projects === 1 ? '' : 's'} in ${world.groups.size} group${world.groups.size === 1 ? '' : 's'}; read with ${requests} request${requests === 1 ? '' : 's'}${projects ? ` (${(requests / projects).toFixed(2)} a project)` : ''}`,
  );
}
