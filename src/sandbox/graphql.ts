import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
  GraphQLError as GraphQLErrorClass,
  parse,
  validate,
} from 'graphql';
import { GRAPHQL_LIMITS, gitlabSchema, queryComplexity } from '../graphql/complexity.js';
import { ROLE_TITLES } from '../params/access.js';
import { REF_ACCESS_DESCRIPTIONS } from '../params/protected-refs.js';
import {
  canAdministerCiVariables,
  canAdministerProject,
  canReadGroup,
  canReadPipelineSchedules,
  canReadProject,
  canReadProjectLabels,
  groupOfNamespace,
} from './access.js';
import type { SandboxResponse } from './http.js';
import { directMembers, indirectMembers, type MemberEntry } from './members.js';
import type {
  CiVariable,
  Group,
  JobTokenScope,
  Label,
  MemberSource,
  OwnerKey,
  PipelineSchedule,
  Project,
  ProtectedBranch,
  RefAccess,
  User,
} from './model.js';
import { compareText } from './pagination.js';
import { matchesRefName, refsOf } from './protected-refs.js';
import { textColor } from './routes/labels.js';
import { scopeOf } from './routes/job-token-scope.js';
import { nextRunAt } from './routes/pipeline-schedules.js';
import type { Store } from './store.js';
import { nameWithNamespace } from './views.js';

/**
 * POST (and GET) /api/graphql as GitLab serves it, over the schema subset collab reads
 * (src/graphql/schema.ts) and the same Store and rights as the REST routes. What GitLab does and
 * where it says so:
 * - the controller (gitlabhq/gitlabhq app/controllers/graphql_controller.rb @017a6c12): a token
 *   that names no user is 401 `{"errors":[{"message":"Invalid token"}]}`; a query over 10,000
 *   characters is 422 `Query too large`; an array body is a batch of queries answered as an array;
 * - doc/api/graphql/_index.md (Limits): complexity at most 200 unauthenticated, 250 authenticated,
 *   refused in graphql-ruby's words with status 200; 100 nodes a page;
 * - graphql-ruby's connections take `first`/`last` above the page size as the page size
 *   (`limit_pagination_argument`): no error, 100 nodes and `hasNextPage`;
 * - GitLab's keyset connection refuses a cursor it cannot read: "Please provide a valid cursor";
 * - `Project.pipelineSchedules` "can only be resolved for one project per request"
 *   (lib/gitlab/graphql/limit/field_call_count.rb words the error).
 * Validation errors are graphql-js's words in GitLab's shape (message, locations, path).
 */

interface Context {
  store: Store;
  user: User | undefined;
  complexity: number;
  limit: number;
  /** How often each field limited to one parent a request was resolved. */
  calls: Map<string, number>;
}

type Args = Record<string, unknown>;
type Resolver = (source: never, args: Args, ctx: Context) => unknown;

const gid = (model: string, id: number | string) => `gid://gitlab/${model}/${id}`;
const ownerKey = (owner: OwnerKey) => `${owner.kind}:${owner.id}`;

// ---- connections ----

interface Page<T> {
  nodes: T[];
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/**
 * A page of `items` (in the connection's order) by GitLab's pagination arguments. A cursor is the
 * item's sort key, base64 JSON as GitLab's keyset cursors are; paging resumes after the key, so an
 * item removed between two pages does not make a cursor stale.
 */
function connection<T>(
  items: readonly T[],
  args: Args,
  keyOf: (item: T) => Array<string | number>,
  descending = false,
): Page<T> {
  const order = (a: Array<string | number>, b: Array<string | number>) =>
    descending ? compareKeys(b, a) : compareKeys(a, b);
  const limit = (value: unknown) =>
    typeof value === 'number' ? Math.max(0, Math.min(value, GRAPHQL_LIMITS.maxPageSize)) : undefined;
  const first = limit(args.first);
  const last = limit(args.last);
  let from = 0;
  let to = items.length;
  if (typeof args.after === 'string') {
    const after = decodeCursor(args.after);
    while (from < to && order(keyOf(items[from] as T), after) <= 0) from++;
  }
  if (typeof args.before === 'string') {
    const before = decodeCursor(args.before);
    while (to > from && order(keyOf(items[to - 1] as T), before) >= 0) to--;
  }
  let start = from;
  let end = to;
  if (first !== undefined) end = Math.min(end, start + first);
  if (last !== undefined) start = Math.max(start, end - last);
  if (first === undefined && last === undefined) end = Math.min(end, start + GRAPHQL_LIMITS.maxPageSize);
  const nodes = items.slice(start, end);
  const edges = nodes.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    nodes,
    edges,
    pageInfo: {
      hasNextPage: end < to,
      hasPreviousPage: start > from,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

const encodeCursor = (key: Array<string | number>) => Buffer.from(JSON.stringify(key)).toString('base64');

function decodeCursor(cursor: string): Array<string | number> {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
    if (Array.isArray(key) && key.every((part) => typeof part === 'string' || typeof part === 'number'))
      return key as Array<string | number>;
  } catch {
    // the same refusal below
  }
  throw new GraphQLErrorClass('Please provide a valid cursor');
}

function compareKeys(a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return compareText(String(x), String(y));
  }
  return 0;
}

// ---- the store, read once a request ----

/** Records by what holds them, built once for every request until the store changes. */
function byKey<T>(items: Iterable<T>, keyOf: (item: T) => string | number): Map<string | number, T[]> {
  const index = new Map<string | number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = index.get(key);
    if (list) list.push(item);
    else index.set(key, [item]);
  }
  return index;
}

function variablesOf(ctx: Context, owner: OwnerKey): CiVariable[] {
  const index = ctx.store.views.derive('graphql:variables', () =>
    byKey(ctx.store.variables, (variable) => ownerKey(variable.owner)),
  );
  return index.get(ownerKey(owner)) ?? [];
}

function labelsOf(ctx: Context, owner: OwnerKey): Label[] {
  const index = ctx.store.views.derive('graphql:labels', () =>
    byKey(ctx.store.labels.values(), (label) => ownerKey(label.owner)),
  );
  return index.get(ownerKey(owner)) ?? [];
}

function schedulesOf(ctx: Context, project: Project): PipelineSchedule[] {
  const index = ctx.store.views.derive('graphql:schedules', () =>
    byKey(ctx.store.schedules.values(), (schedule) => schedule.project_id),
  );
  return index.get(project.id) ?? [];
}

/** `gid://gitlab/Project/12` (or `12`) as 12; undefined for anything else. */
function idOf(model: string, value: unknown): number | undefined {
  const text = String(value);
  const match = new RegExp(`^(?:gid://gitlab/${model}/)?(\\d+)$`).exec(text);
  return match ? Number(match[1]) : undefined;
}

// ---- record IDs the store keeps none of ----

/**
 * GitLab's ID of a CI/CD variable or of a membership, rows the store keeps without one: numbers
 * of one series a store, in the order the rows were made (a row's place in its list, which a new
 * row joins at the end), so that ordering by them is ordering by creation as GitLab's is.
 */
const SERIES = new WeakMap<Store, { next: number }>();
const ROW_IDS = new WeakMap<object, Map<unknown, number>>();

/** The IDs of `rows` (in the order they were made), by `keyOf`: a row that came back (a later place) gets a new one. */
function rowIds<T>(store: Store, holder: object, rows: Iterable<T>, keyOf: (row: T) => unknown): Map<unknown, number> {
  const series = SERIES.get(store) ?? { next: 1 };
  SERIES.set(store, series);
  const ids = ROW_IDS.get(holder) ?? new Map<unknown, number>();
  ROW_IDS.set(holder, ids);
  let previous = 0;
  for (const row of rows) {
    const key = keyOf(row);
    let id = ids.get(key);
    if (id === undefined || id <= previous) {
      id = series.next++;
      ids.set(key, id);
    }
    previous = id;
  }
  return ids;
}

/** The store's variables' IDs. */
function variableIds(store: Store): Map<unknown, number> {
  return store.views.derive('graphql:variable-ids', () =>
    rowIds(store, store.variables, store.variables, (row) => row),
  );
}

/** The membership IDs of the project or group an entry's membership is in, in the order its members joined. */
function membershipIds(store: Store, record: Project | Group): Map<unknown, number> {
  const source: MemberSource =
    store.projects.get(record.id) === record
      ? { kind: 'project', project: record as Project }
      : { kind: 'group', group: record as Group };
  return rowIds(store, record, directMembers(store, source), (row) => row.user.id);
}

// ---- values of the types ----

function accessLevel(level: number) {
  // GitLab's AccessLevelEnum is the title in capitals: MINIMAL_ACCESS, NO_ACCESS.
  const humanAccess = ROLE_TITLES[level] ?? null;
  const stringValue = humanAccess === null ? null : humanAccess.toUpperCase().replace(/ /g, '_');
  return { integerValue: level, stringValue, humanAccess };
}

function userCore(store: Store, user: User) {
  return {
    bot: user.bot,
    id: gid('User', user.id),
    username: user.username,
    name: user.name,
    // The REST API's state, GitLab's UserState values (lowercase, as REST shows them).
    state: user.state,
    webUrl: `${store.origin}/${user.username}`,
  };
}

/** A member and its membership's ID. */
type Numbered = { entry: MemberEntry; id: number };

function memberNode(store: Store, source: MemberSource, { entry, id }: Numbered) {
  const creator = entry.details.created_by === null ? undefined : store.users.get(entry.details.created_by);
  // The membership's class: a project's member through a group above it is a GroupMember.
  const kind = entry.record && store.projects.get(entry.record.id) !== entry.record ? 'GroupMember' : 'ProjectMember';
  const typename = source.kind === 'group' ? 'GroupMember' : kind;
  return {
    __typename: typename,
    id: gid(typename, id),
    accessLevel: accessLevel(entry.level),
    createdAt: entry.details.created_at,
    createdBy: creator ? userCore(store, creator) : null,
    // A date column as GitLab's Time answers it: `value.iso8601` of a Date is the date alone
    // (app/graphql/types/time_type.rb coerce_result; MemberInterface's expires_at is a date).
    expiresAt: entry.details.expires_at,
    updatedAt: entry.details.created_at,
    user: userCore(store, entry.user),
    project: source.kind === 'project' ? source.project : undefined,
    group: source.kind === 'group' ? source.group : undefined,
  };
}

function refAccessNode(store: Store, access: RefAccess) {
  const key = access.deploy_key_id === undefined ? undefined : store.deployKeys.get(access.deploy_key_id);
  const keyUser = key ? store.users.get(key.user_id) : undefined;
  const user = access.user_id === undefined ? undefined : store.users.get(access.user_id);
  const group = access.group_id === undefined ? undefined : store.groups.get(access.group_id);
  return {
    // The row's level: a user's or a group's entry holds none, which the schema's `Int!` refuses,
    // as GitLab's does (BaseAccessLevelType: app/graphql/types/branch_protections/base_access_level_type.rb
    // @1839f3a8): an error naming the field, and the node null.
    accessLevel: access.access_level,
    accessLevelDescription:
      access.deploy_key_id !== undefined
        ? (key?.title ?? 'Deploy key')
        : (user?.name ?? group?.name ?? REF_ACCESS_DESCRIPTIONS[access.access_level ?? -1] ?? ''),
    deployKey: key
      ? {
          id: String(key.id),
          title: key.title,
          user: keyUser
            ? { ...userCore(store, keyUser), webPath: `/${keyUser.username}`, avatarUrl: null, publicEmail: null }
            : null,
        }
      : null,
    user: user
      ? {
          ...userCore(store, user),
          id: String(user.id),
          webPath: `/${user.username}`,
          avatarUrl: null,
          publicEmail: null,
        }
      : null,
    group: group
      ? {
          id: String(group.id),
          name: group.name,
          webUrl: `${store.origin}/groups/${store.groupFullPath(group)}`,
          avatarUrl: null,
          parent: null,
        }
      : null,
  };
}

/**
 * A project's or group's members by GitLab's MembersFinder (app/finders/members_finder.rb,
 * group_members_finder.rb): DIRECT and INHERITED unless told, each user once (the highest level
 * held); in the connection's default order, the membership's ID descending (a relation without an
 * order is ordered by its primary key, descending: lib/gitlab/graphql/pagination/keyset/connection.rb,
 * gitlabhq/gitlabhq). The REST list is in the ID's ascending order (lib/gitlab/pagination/offset_pagination.rb
 * add_default_order: `order(:id)`).
 */
function memberEntries(store: Store, source: MemberSource, relations: readonly string[]): Numbered[] {
  const wanted = new Set(relations.length > 0 ? relations : ['DIRECT', 'INHERITED']);
  const byUser = new Map<number, MemberEntry>();
  const take = (entry: MemberEntry) => {
    const held = byUser.get(entry.user.id);
    if (!held || held.level < entry.level) byUser.set(entry.user.id, entry);
  };
  if (wanted.has('DIRECT')) for (const entry of directMembers(store, source)) take(entry);
  const more = indirectMembers(store, source, {
    inherited: wanted.has('INHERITED'),
    shared: wanted.has('INVITED_GROUPS') || wanted.has('SHARED_FROM_GROUPS'),
  });
  for (const entry of more) take(entry);
  const ids = new Map<object, Map<unknown, number>>();
  const idOf = (entry: MemberEntry) => {
    if (!entry.record) return 0;
    const held = ids.get(entry.record) ?? membershipIds(store, entry.record);
    ids.set(entry.record, held);
    return held.get(entry.user.id) ?? 0;
  };
  return [...byUser.values()].map((entry) => ({ entry, id: idOf(entry) })).sort((a, b) => b.id - a.id);
}

function searchMembers(entries: Numbered[], search: unknown): Numbered[] {
  if (typeof search !== 'string' || search === '') return entries;
  const term = search.toLowerCase();
  return entries.filter(
    ({ entry: { user } }) => user.username.toLowerCase().includes(term) || user.name.toLowerCase().includes(term),
  );
}

function labelsFor(ctx: Context, owners: OwnerKey[], args: Args): Label[] {
  let labels = owners.flatMap((owner) => labelsOf(ctx, owner));
  if (typeof args.title === 'string') labels = labels.filter((label) => label.name === args.title);
  else if (typeof args.searchTerm === 'string' && args.searchTerm !== '') {
    const term = args.searchTerm.toLowerCase();
    const fields = (args.searchIn as string[] | undefined) ?? ['TITLE', 'DESCRIPTION'];
    labels = labels.filter(
      (label) =>
        (fields.includes('TITLE') && label.name.toLowerCase().includes(term)) ||
        (fields.includes('DESCRIPTION') && (label.description ?? '').toLowerCase().includes(term)),
    );
  }
  return labels.sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
}

const labelKey = (label: Label) => [label.name, label.id];

/**
 * A page of variables: by key when asked (`reorder(key:)`, Ci::HasVariable.order_by), else in no
 * order of the model's, which GitLab's keyset connection makes the ID's, descending (newest first;
 * lib/gitlab/graphql/pagination/keyset/connection.rb, gitlabhq/gitlabhq), the ID descending after
 * the key too. The REST list is by ID ascending (offset pagination's `order(:id)`).
 */
function variablesPage(store: Store, variables: CiVariable[], args: Args) {
  const ids = variableIds(store);
  const idOf = (v: CiVariable) => ids.get(v) ?? 0;
  if (args.sort === 'KEY_ASC' || args.sort === 'KEY_DESC') {
    const descending = args.sort === 'KEY_DESC';
    const sorted = [...variables].sort(
      (a, b) => (descending ? compareText(b.key, a.key) : compareText(a.key, b.key)) || idOf(b) - idOf(a),
    );
    // The ID descending either way: under a descending order its key is the ID itself.
    return connection(sorted, args, (v) => [v.key, descending ? idOf(v) : -idOf(v)], descending);
  }
  const sorted = [...variables].sort((a, b) => idOf(b) - idOf(a));
  return connection(sorted, args, (v) => [-idOf(v)]);
}

// ---- resolvers, by type and field ----

const projectResolvers: Record<string, Resolver> = {
  id: (p: Project) => gid('Project', p.id),
  fullPath: (p: Project, _args, ctx) => ctx.store.projectFullPath(p),
  name: (p: Project) => p.name,
  nameWithNamespace: (p: Project, _args, ctx) => nameWithNamespace(ctx.store, p),
  path: (p: Project) => p.path,
  archived: (p: Project) => p.archived,
  visibility: (p: Project) => p.visibility,
  webUrl: (p: Project, _args, ctx) => `${ctx.store.origin}/${ctx.store.projectFullPath(p)}`,
  group: (p: Project, _args, ctx) => {
    const group = groupOfNamespace(ctx.store, p.namespace_id);
    return group && canReadGroup(ctx.store, ctx.user, group) ? group : null;
  },
  // ProjectCiCdSettingType authorizes admin_project: null for anyone but Maintainers.
  ciCdSettings: (p: Project, _args, ctx) =>
    canAdministerProject(ctx.store, ctx.user, p) ? scopeOf(ctx.store, p) : null,
  // JobTokenScopeResolver authorizes admin_project on the project and raises for anyone else
  // (app/graphql/resolvers/ci/job_token_scope_resolver.rb): GitLab's ResourceNotAvailable error.
  ciJobTokenScope: (p: Project, _args, ctx) => {
    if (!canAdministerProject(ctx.store, ctx.user, p)) throw new GraphQLErrorClass(NOT_AVAILABLE);
    const scope: ScopeOfProject = { ...scopeOf(ctx.store, p), source: p.id };
    return scope;
  },
  ciVariables: (p: Project, args, ctx) =>
    // GitLab's admin_cicd_variables: Maintainers; for anyone else the field is null.
    canAdministerCiVariables(ctx.store, ctx.user, { kind: 'project', project: p })
      ? variablesPage(ctx.store, variablesOf(ctx, { kind: 'project', id: p.id }), args)
      : null,
  /**
   * GitLab's LabelsFinder, as REST's list: the project's labels and its group's own, whatever
   * includeAncestorGroups says; the groups above that one only when it is true (item_ids and
   * group_ids_for: app/finders/labels_finder.rb @0e3af7b0, app/finders/concerns/finder_with_group_hierarchy.rb
   * @383ec680, gitlabhq/gitlabhq). The IDs tell them apart: ProjectLabel, GroupLabel. LabelsResolver
   * authorizes read_label on the project and raises for a caller whose labels are off there
   * (app/graphql/resolvers/labels_resolver.rb @cb8bd7d5; canReadProjectLabels).
   */
  labels: (p: Project, args, ctx) => {
    if (!canReadProjectLabels(ctx.store, ctx.user, p)) throw new GraphQLErrorClass(NOT_AVAILABLE);
    const owners: OwnerKey[] = [{ kind: 'project', id: p.id }];
    const group = groupOfNamespace(ctx.store, p.namespace_id);
    if (group)
      for (const g of [group, ...(args.includeAncestorGroups === true ? ctx.store.ancestors(group) : [])])
        owners.push({ kind: 'group', id: g.id });
    return connection(labelsFor(ctx, owners, args), args, labelKey);
  },
  /**
   * GitLab's BranchRulesFinder (app/finders/projects/branch_rules_finder.rb, with
   * app/graphql/resolvers/projects/branch_rules_resolver.rb): the "All branches" rule first (no
   * protection: branchProtection null), then the default branch's protection, then the others by
   * name.
   */
  branchRules: (p: Project, args, ctx) => {
    const main = defaultBranch(p);
    const branches = [...refsOf(ctx.store, p.id).branches.values()].sort(
      (a, b) => Number(b.name === main) - Number(a.name === main) || compareText(a.name, b.name),
    );
    const rules: Rule[] = [{ branch: null, project: p }, ...branches.map((branch) => ({ branch, project: p }))];
    const page = connection(rules, args, ({ branch }) =>
      branch === null ? [0, ''] : branch.name === main ? [1, ''] : [2, branch.name],
    );
    // BranchRuleType authorizes read_protected_branch (app/graphql/types/projects/branch_rule_type.rb
    // @118083ac), which ProtectedBranchPolicy gives with admin_project: Maintainers. A collection
    // drops the nodes the caller may not read, after paging, and says nothing
    // (doc/development/graphql_guide/authorization.md, gitlabhq/gitlabhq): no error, as REST's 403 is.
    return canAdministerProject(ctx.store, ctx.user, p) ? page : { ...page, nodes: [], edges: [] };
  },
  userPermissions: (p: Project, _args, ctx) => ({
    // ProjectPermissions: the caller's abilities on the project
    // (app/graphql/types/permission_types/project.rb @08489a6d, gitlabhq/gitlabhq).
    adminProject: canAdministerProject(ctx.store, ctx.user, p),
    readProject: canReadProject(ctx.store, ctx.user, p),
  }),
  pipelineSchedules: (p: Project, args, ctx) => {
    const calls = (ctx.calls.get('Project.pipelineSchedules') ?? 0) + 1;
    ctx.calls.set('Project.pipelineSchedules', calls);
    if (calls > 1)
      throw new GraphQLErrorClass('"pipelineSchedules" field can be requested only for 1 Project(s) at a time.');
    // GitLab's read_pipeline_schedule, as the REST routes check it: Developers.
    if (!canReadPipelineSchedules(ctx.store, ctx.user, p)) return null;
    let schedules = schedulesOf(ctx, p);
    if (args.status === 'ACTIVE' || args.status === 'INACTIVE')
      schedules = schedules.filter((s) => s.active === (args.status === 'ACTIVE'));
    const ids = Array.isArray(args.ids) ? new Set(args.ids.map((id) => idOf('Ci::PipelineSchedule', id))) : undefined;
    if (ids) schedules = schedules.filter((s) => ids.has(s.id));
    const sorted = [...schedules].sort((a, b) => (args.sort === 'ID_ASC' ? a.id - b.id : b.id - a.id));
    return connection(sorted, args, (s) => [args.sort === 'ID_ASC' ? s.id : -s.id]);
  },
  projectMembers: (p: Project, args, ctx) => {
    const source: MemberSource = { kind: 'project', project: p };
    const entries = searchMembers(memberEntries(ctx.store, source, (args.relations as string[]) ?? []), args.search);
    return connection(
      entries.map((entry) => ({ ...memberNode(ctx.store, source, entry), rank: -entry.id })),
      args,
      (node) => [node.rank],
    );
  },
};

const groupResolvers: Record<string, Resolver> = {
  id: (g: Group) => gid('Group', g.id),
  fullPath: (g: Group, _args, ctx) => ctx.store.groupFullPath(g),
  fullName: (g: Group, _args, ctx) => ctx.store.groupFullName(g),
  name: (g: Group) => g.name,
  path: (g: Group) => g.path,
  visibility: (g: Group) => g.visibility,
  webUrl: (g: Group, _args, ctx) => `${ctx.store.origin}/groups/${ctx.store.groupFullPath(g)}`,
  parent: (g: Group, _args, ctx) => {
    const parent = g.parent_id === null ? undefined : ctx.store.groups.get(g.parent_id);
    return parent && canReadGroup(ctx.store, ctx.user, parent) ? parent : null;
  },
  ciVariables: (g: Group, args, ctx) =>
    // Owners of the group (GitLab's admin_cicd_variables); null for anyone else.
    canAdministerCiVariables(ctx.store, ctx.user, { kind: 'group', group: g })
      ? variablesPage(ctx.store, variablesOf(ctx, { kind: 'group', id: g.id }), args)
      : null,
  labels: (g: Group, args, ctx) => {
    const owners: OwnerKey[] = [{ kind: 'group', id: g.id }];
    if (args.onlyGroupLabels !== true) {
      if (args.includeAncestorGroups === true)
        for (const a of ctx.store.ancestors(g)) owners.push({ kind: 'group', id: a.id });
      if (args.includeDescendantGroups === true)
        for (const d of ctx.store.descendants(g)) owners.push({ kind: 'group', id: d.id });
    }
    return connection(labelsFor(ctx, owners, args), args, labelKey);
  },
  groupMembers: (g: Group, args, ctx) => {
    const source: MemberSource = { kind: 'group', group: g };
    let entries = searchMembers(memberEntries(ctx.store, source, (args.relations as string[]) ?? []), args.search);
    if (Array.isArray(args.accessLevels)) {
      const levels = new Set(args.accessLevels);
      entries = entries.filter(({ entry }) => levels.has(accessLevel(entry.level).stringValue));
    }
    return connection(
      entries.map((entry) => ({ ...memberNode(ctx.store, source, entry), rank: -entry.id })),
      args,
      (node) => [node.rank],
    );
  },
  projects: (g: Group, args, ctx) => {
    const groups = args.includeSubgroups === true ? [g, ...ctx.store.descendants(g)] : [g];
    const ids = new Set(groups.map((group) => group.id));
    let projects = ctx.store
      .allProjects()
      .filter((p) => namespaceGroupIn(ctx.store, p, ids) && canReadProject(ctx.store, ctx.user, p));
    projects = filterProjects(projects, args);
    if (args.archivedOnly === true) projects = projects.filter((p) => p.archived);
    else if (args.includeArchived === false) projects = projects.filter((p) => !p.archived);
    // A project marked for deletion is a group's project until removed, left out when asked
    // (not_aimed_for_deletion: app/graphql/resolvers/namespace_projects_resolver.rb @098c9a1d,
    // Project.not_aimed_for_deletion as ProjectsFinder applies it, gitlabhq/gitlabhq).
    if (args.notAimedForDeletion === true) projects = projects.filter((p) => p.marked_for_deletion_on === null);
    return connection(
      [...projects].sort((a, b) => a.id - b.id),
      args,
      (p) => [p.id],
    );
  },
};

function namespaceGroupIn(store: Store, project: Project, groupIds: ReadonlySet<number>): boolean {
  const group = groupOfNamespace(store, project.namespace_id);
  return group !== undefined && groupIds.has(group.id);
}

function filterProjects(projects: readonly Project[], args: Args): Project[] {
  let out = [...projects];
  if (Array.isArray(args.ids)) {
    const ids = new Set(args.ids.map((id) => idOf('Project', id)));
    out = out.filter((p) => ids.has(p.id));
  }
  if (typeof args.search === 'string' && args.search !== '') {
    const term = args.search.toLowerCase();
    out = out.filter(
      (p) =>
        p.name.toLowerCase().includes(term) ||
        p.path.toLowerCase().includes(term) ||
        (p.description ?? '').toLowerCase().includes(term),
    );
  }
  if (args.withIssuesEnabled === true) out = out.filter((p) => p.attrs.issues_enabled !== false);
  if (args.withMergeRequestsEnabled === true) out = out.filter((p) => p.attrs.merge_requests_enabled !== false);
  return out;
}

const queryResolvers: Record<string, Resolver> = {
  project: (_root: unknown, args, ctx) => {
    const path = String(args.fullPath);
    const project = path.includes('/') ? ctx.store.findProject(path) : undefined;
    return project && canReadProject(ctx.store, ctx.user, project) ? project : null;
  },
  group: (_root: unknown, args, ctx) => {
    const path = String(args.fullPath);
    const group = /^\d+$/.test(path) ? undefined : ctx.store.findGroup(path);
    return group && canReadGroup(ctx.store, ctx.user, group) ? group : null;
  },
  projects: (_root: unknown, args, ctx) => {
    if (Array.isArray(args.fullPaths) && args.fullPaths.length > 50)
      throw new GraphQLErrorClass('You cannot provide more than 50 full paths');
    let projects = ctx.store.allProjects().filter((p) => canReadProject(ctx.store, ctx.user, p));
    if (Array.isArray(args.fullPaths)) {
      const paths = new Set((args.fullPaths as string[]).map((path) => path.toLowerCase()));
      projects = projects.filter((p) => paths.has(ctx.store.projectFullPath(p).toLowerCase()));
    }
    if (args.membership === true)
      projects = projects.filter((p) => ctx.user !== undefined && p.members.has(ctx.user.id));
    projects = filterProjects(projects, args);
    // GitLab's default order: id_desc.
    const ascending = args.sort === 'id_asc';
    return connection(
      [...projects].sort((a, b) => (ascending ? a.id - b.id : b.id - a.id)),
      args,
      (p) => [ascending ? p.id : -p.id],
    );
  },
  queryComplexity: (_root: unknown, _args, ctx) => ({ score: ctx.complexity, limit: ctx.limit }),
};

/** A branch rule: a protected branch's, or GitLab's "All branches" (no protection of its own). */
type Rule = { branch: ProtectedBranch | null; project: Project };

const defaultBranch = (project: Project) => String(project.attrs.default_branch ?? 'main');

const branchRuleResolvers: Record<string, Resolver> = {
  // The custom rule's ID is its project's (app/models/concerns/projects/custom_branch_rule.rb).
  id: ({ branch, project }: Rule) =>
    branch ? gid('Projects::BranchRule', branch.id) : gid('Projects::AllBranchesRule', project.id),
  name: ({ branch }: Rule) => branch?.name ?? 'All branches',
  isDefault: ({ branch, project }: Rule) => branch !== null && branch.name === defaultBranch(project),
  isProtected: ({ branch }: Rule) => branch !== null,
  matchingBranchesCount: ({ branch, project }: Rule) =>
    branch ? project.branches.filter((name) => matchesRefName(branch.name, name)).length : project.branches.length,
  createdAt: () => null,
  updatedAt: () => null,
  branchProtection: ({ branch }: Rule) =>
    branch && {
      allowForcePush: branch.allow_force_push,
      codeOwnerApprovalRequired: branch.code_owner_approval_required,
      merge: branch.merge,
      push: branch.push,
    },
};

const branchProtectionResolvers: Record<string, Resolver> = {
  mergeAccessLevels: ({ merge }: { merge: RefAccess[] }, args, ctx) =>
    connection(
      merge.map((a) => ({ id: a.id, ...refAccessNode(ctx.store, a) })),
      args,
      (n) => [n.id],
    ),
  pushAccessLevels: ({ push }: { push: RefAccess[] }, args, ctx) =>
    connection(
      push.map((a) => ({ id: a.id, ...refAccessNode(ctx.store, a) })),
      args,
      (n) => [n.id],
    ),
};

const variableResolvers: Record<string, Resolver> = {
  id: (v: CiVariable, _args, ctx) =>
    gid(v.owner.kind === 'project' ? 'Ci::Variable' : 'Ci::GroupVariable', variableIds(ctx.store).get(v) ?? 0),
  key: (v: CiVariable) => v.key,
  // A hidden variable's value is never answered again, as on REST.
  value: (v: CiVariable) => (v.hidden ? null : v.value),
  variableType: (v: CiVariable) => v.variable_type.toUpperCase(),
  protected: (v: CiVariable) => v.protected,
  masked: (v: CiVariable) => v.masked,
  hidden: (v: CiVariable) => v.hidden,
  raw: (v: CiVariable) => v.raw,
  environmentScope: (v: CiVariable) => v.environment_scope,
  description: (v: CiVariable) => v.description,
};

const labelResolvers: Record<string, Resolver> = {
  id: (l: Label) => gid(l.owner.kind === 'project' ? 'ProjectLabel' : 'GroupLabel', l.id),
  title: (l: Label) => l.name,
  color: (l: Label) => l.color,
  description: (l: Label) => l.description,
  textColor: (l: Label) => textColor(l.color),
};

const scheduleResolvers: Record<string, Resolver> = {
  id: (s: PipelineSchedule) => gid('Ci::PipelineSchedule', s.id),
  active: (s: PipelineSchedule) => s.active,
  createdAt: (s: PipelineSchedule) => s.created_at,
  updatedAt: (s: PipelineSchedule) => s.updated_at,
  cron: (s: PipelineSchedule) => s.cron,
  cronTimezone: (s: PipelineSchedule) => s.cron_timezone,
  description: (s: PipelineSchedule) => s.description,
  forTag: (s: PipelineSchedule) => s.ref.startsWith('refs/tags/'),
  ref: (s: PipelineSchedule) => s.ref.replace(/^refs\/(?:heads|tags)\//, ''),
  refForDisplay: (s: PipelineSchedule) => s.ref.replace(/^refs\/(?:heads|tags)\//, ''),
  refPath: (s: PipelineSchedule) => s.ref,
  nextRunAt: (s: PipelineSchedule, _args, ctx) =>
    s.active ? nextRunAt(s.cron, s.cron_timezone, ctx.store.now()) : null,
  realNextRun: (s: PipelineSchedule, _args, ctx) =>
    s.active ? nextRunAt(s.cron, s.cron_timezone, ctx.store.now()) : null,
  owner: (s: PipelineSchedule, _args, ctx) => {
    const owner = ctx.store.users.get(s.owner_id);
    return owner ? userCore(ctx.store, owner) : null;
  },
  project: (s: PipelineSchedule, _args, ctx) => ctx.store.projects.get(s.project_id) ?? null,
  variables: (s: PipelineSchedule, args) =>
    connection(
      s.variables.map((v, i) => ({
        id: gid('Ci::PipelineScheduleVariable', `${s.id}-${i}`),
        key: v.key,
        value: v.value,
        raw: v.raw,
        variableType: v.variable_type.toUpperCase(),
        position: i,
      })),
      args,
      (v) => [v.position],
    ),
};

const NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

const ciCdSettingResolvers: Record<string, Resolver> = {
  inboundJobTokenScopeEnabled: (scope: JobTokenScope) => scope.inbound_enabled,
  // Outbound scope is deprecated and always off from GitLab 18.0 on, as the REST route answers it.
  jobTokenScopeEnabled: () => false,
};

/** A project's job token scope as ciJobTokenScope resolves it: with the project, which heads its inbound allowlist. */
type ScopeOfProject = JobTokenScope & { source: number };

/**
 * The projects of an inbound allowlist: the project itself, then those added, as REST lists them
 * (CiJobTokenScopeType's inboundAllowlist is Ci::JobToken::Scope#inbound_projects, the REST
 * list's too: app/graphql/types/ci/job_token_scope_type.rb, app/models/ci/job_token/scope.rb).
 */
const inboundIds = (store: Store, scope: ScopeOfProject) =>
  [scope.source, ...scope.projects].filter((id) => store.projects.has(id));

/**
 * An allowlist entry as CiJobTokenAccessibleProject and CiJobTokenAccessibleGroup show it: `id` is
 * a plain GraphQL ID, the record's (the types resolve no global ID:
 * app/graphql/types/ci/job_token_accessible_project_type.rb); in the REST allowlist's order.
 */
function allowlistPage(store: Store, scope: ScopeOfProject, kind: 'projects' | 'groups', args: Args) {
  const entries =
    kind === 'projects'
      ? inboundIds(store, scope).flatMap((id) => {
          const project = store.projects.get(id);
          if (!project) return [];
          const fullPath = store.projectFullPath(project);
          return [{ id, fullPath, name: project.name, path: project.path, webUrl: `${store.origin}/${fullPath}` }];
        })
      : scope.groups.flatMap((id) => {
          const group = store.groups.get(id);
          if (!group) return [];
          const fullPath = store.groupFullPath(group);
          return [{ id, fullPath, name: group.name, path: group.path, webUrl: `${store.origin}/groups/${fullPath}` }];
        });
  return connection(
    entries.map((entry, position) => ({ ...entry, id: String(entry.id), avatarUrl: null, position })),
    args,
    (entry) => [entry.position],
  );
}

const jobTokenScopeResolvers: Record<string, Resolver> = {
  inboundAllowlist: (scope: ScopeOfProject, args, ctx) => allowlistPage(ctx.store, scope, 'projects', args),
  inboundAllowlistCount: (scope: ScopeOfProject, _args, ctx) => inboundIds(ctx.store, scope).length,
  groupsAllowlist: (scope: ScopeOfProject, args, ctx) => allowlistPage(ctx.store, scope, 'groups', args),
  groupsAllowlistCount: (scope: ScopeOfProject, _args, ctx) =>
    scope.groups.filter((id) => ctx.store.groups.has(id)).length,
};

const RESOLVERS: Record<string, Record<string, Resolver>> = {
  Query: queryResolvers,
  Project: projectResolvers,
  Group: groupResolvers,
  BranchRule: branchRuleResolvers,
  BranchProtection: branchProtectionResolvers,
  CiProjectVariable: variableResolvers,
  CiGroupVariable: variableResolvers,
  Label: labelResolvers,
  PipelineSchedule: scheduleResolvers,
  ProjectCiCdSetting: ciCdSettingResolvers,
  CiJobTokenScopeType: jobTokenScopeResolvers,
};

/** A resolver of RESOLVERS where there is one, else the property of the same name. */
const fieldResolver: GraphQLFieldResolver<unknown, Context> = (source, args, ctx, info) => {
  const resolve = RESOLVERS[info.parentType.name]?.[info.fieldName];
  if (resolve) return resolve(source as never, args, ctx);
  return (source as Record<string, unknown> | null)?.[info.fieldName];
};

// ---- the endpoint ----

interface Operation {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

const graphqlJson = (value: unknown, status = 200): SandboxResponse => ({
  status,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

const errorsOnly = (message: string, status = 200) => graphqlJson({ errors: [{ message }] }, status);

/** GitLab's shape of an error: message, locations, path (no extensions graphql-ruby would not send). */
function formatError(error: GraphQLError): GraphQLFormattedError {
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
}

function runOne(store: Store, user: User | undefined, operation: Operation): Record<string, unknown> {
  const limit = user ? GRAPHQL_LIMITS.maxComplexityAuthenticated : GRAPHQL_LIMITS.maxComplexityUnauthenticated;
  if (typeof operation.query !== 'string' || operation.query === '')
    return { errors: [{ message: 'No query string was present' }] };
  let document: DocumentNode;
  try {
    document = parse(operation.query);
  } catch (error) {
    return { errors: [formatError(error as GraphQLError)] };
  }
  const schema = gitlabSchema();
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { errors: invalid.map(formatError) };
  const variables = operation.variables && typeof operation.variables === 'object' ? (operation.variables as Args) : {};
  const operationName = typeof operation.operationName === 'string' ? operation.operationName : undefined;
  let complexity: number;
  try {
    complexity = queryComplexity(document, variables, operationName, schema);
  } catch (error) {
    return { errors: [{ message: (error as Error).message }] };
  }
  if (complexity > limit)
    return { errors: [{ message: `Query has complexity of ${complexity}, which exceeds max complexity of ${limit}` }] };
  const ctx: Context = { store, user, complexity, limit, calls: new Map() };
  const result = execute({
    schema,
    document,
    rootValue: {},
    contextValue: ctx,
    variableValues: variables,
    operationName,
    fieldResolver,
  });
  if (result instanceof Promise) throw new Error('the sandbox resolves GraphQL synchronously');
  return {
    ...(result.errors ? { errors: result.errors.map(formatError) } : {}),
    ...(result.data !== undefined ? { data: result.data } : {}),
  };
}

/**
 * Answers a request to /api/graphql: `user` is the token's (undefined without one), `badToken` a
 * token that names no user. JSON bodies, or the `query`/`variables` of a GET.
 */
export function serveGraphql(
  store: Store,
  user: User | undefined,
  badToken: boolean,
  method: string,
  url: URL,
  body: Buffer,
): SandboxResponse {
  if (badToken) return errorsOnly('Invalid token', 401);
  let payload: unknown;
  if (method === 'GET' || method === 'HEAD') {
    const variables = url.searchParams.get('variables');
    try {
      payload = {
        query: url.searchParams.get('query') ?? undefined,
        operationName: url.searchParams.get('operationName') ?? undefined,
        variables: variables ? JSON.parse(variables) : undefined,
      };
    } catch {
      return errorsOnly('Variables are invalid JSON', 422);
    }
  } else if (method === 'POST') {
    try {
      payload = body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return errorsOnly('Invalid JSON in the request body', 400);
    }
  } else return { status: 404, body: '' };
  const operations: Operation[] = Array.isArray(payload) ? payload : [payload as Operation];
  const size = operations.reduce((sum, op) => sum + (typeof op?.query === 'string' ? op.query.length : 0), 0);
  if (size > GRAPHQL_LIMITS.maxQueryCharacters) return errorsOnly('Query too large', 422);
  const results = operations.map((op) => runOne(store, user, op ?? {}));
  return graphqlJson(Array.isArray(payload) ? results : results[0]);
}
