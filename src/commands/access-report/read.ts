import { descendantGroupsPath, getGroup, type GroupRef, groupProjectsPath } from '../../api/groups.js';
import { membersPath } from '../../api/members.js';
import { findResource } from '../../api/recover.js';
import { getUser } from '../../api/users.js';
import { eachLimited } from '../../util/pool.js';
import { CollabError, isCollabError } from '../../errors.js';
import type { HttpClient } from '../../http/client.js';
import { paginateItems } from '../../http/paginate.js';
import {
  groupAndAncestors,
  type Holder,
  type MemberEntry,
  membersKey,
  type ShareEntry,
  type World,
} from './compute.js';

/**
 * The world of an access report, read with about one request per project: the group (and each
 * group above it) with its shares, its descendant groups and their shares (group lists leave
 * `shared_with_groups` out, so one read each), every project below it in one list (100 a page,
 * shares included), then the direct members of every project and group, and of each group a share
 * invites (and the groups above it). Never members/all per project: that gives the level, not
 * where it comes from. Reads run `concurrency` at a time on the run's one client.
 */

interface GroupJson {
  id: number;
  full_path: string;
  parent_id?: number | null;
  shared_with_groups?: Array<{ group_full_path: string; group_access_level: number; expires_at: string | null }>;
}

interface ProjectJson {
  id: number;
  path_with_namespace: string;
  namespace?: { full_path?: string };
  shared_with_groups?: GroupJson['shared_with_groups'];
}

interface MemberJson {
  id: number;
  username: string;
  name?: string;
  state?: string;
  access_level: number;
  expires_at?: string | null;
}

/** Reads the direct members of projects by another way (GraphQL); those it leaves out are read by REST. */
export type ProjectMembersReader = (
  paths: readonly string[],
) => Promise<Map<string, Array<MemberEntry & { bot: boolean }>>>;

interface ReadWorld extends World {
  /** The report's group, as found. */
  root: Holder;
  /** Groups whose members could not be read (not visible to the caller): rows through them are missing. */
  unreadable: string[];
  /** Whether a user is a bot, where the members read said (GraphQL's UserCore `bot`). */
  bots: Map<number, boolean>;
}

const sharesOf = (json: { shared_with_groups?: GroupJson['shared_with_groups'] }): ShareEntry[] =>
  (json.shared_with_groups ?? []).map((share) => ({
    group: share.group_full_path,
    access_level: share.group_access_level,
    expires_at: share.expires_at,
  }));

const parentOf = (path: string): string | null => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null);

function groupHolder(json: GroupJson): Holder {
  return { kind: 'group', id: json.id, path: json.full_path, parent: parentOf(json.full_path), shares: sharesOf(json) };
}

async function all<T>(
  client: HttpClient,
  path: string,
  query: Record<string, string | number | boolean> = {},
  concurrency = 1,
): Promise<T[]> {
  const items: T[] = [];
  for await (const item of paginateItems<T>(client, { path, query, perPage: 100, concurrency })) items.push(item);
  return items;
}

export async function readWorld(
  client: HttpClient,
  group: GroupRef,
  today: string,
  concurrency: number,
  byGraphql?: ProjectMembersReader,
): Promise<ReadWorld> {
  const request = getGroup(group);
  const found = await findResource<GroupJson>(client, request);
  if (!found)
    throw new CollabError('not-found', `group ${group} not found`, {
      hint: 'check the full path or ID (`collab groups list`); a private group is found only by its members and administrators',
      // The request that found none: a command's 404 hint (src/desired/nearby.ts) reads it.
      request: { method: request.method, path: request.path },
    });
  const root = groupHolder(found);
  const groups = new Map<string, Holder>([[root.path, root]]);

  const [descendants, projects] = await Promise.all([
    all<GroupJson>(client, descendantGroupsPath(root.id), {}, concurrency),
    all<ProjectJson>(client, groupProjectsPath(root.id), { include_subgroups: true, with_shared: false }, concurrency),
  ]);
  const projectHolders: Holder[] = projects.map((project) => ({
    kind: 'project',
    id: project.id,
    path: project.path_with_namespace,
    parent: project.namespace?.full_path ?? parentOf(project.path_with_namespace),
    shares: sharesOf(project),
  }));
  for (const group of descendants) groups.set(group.full_path, groupHolder(group));

  const members = new Map<string, MemberEntry[]>();
  const unreadable: string[] = [];
  const readMembers = async (kind: 'project' | 'group', path: string, ref: string | number): Promise<void> => {
    try {
      const listed = await all<MemberJson>(client, membersPath({ kind, ref }));
      members.set(membersKey(kind, path), listed.map(memberEntry));
    } catch (error) {
      // A group the caller cannot see (invited, or above): its members' rows are missing, and the run says so.
      if (!isCollabError(error) || error.kind !== 'not-found') throw error;
      unreadable.push(path);
    }
  };
  // One pool for what is known now: each group's own read (shares are there only: group lists
  // leave them out; the groups above the report's group count too, theirs reach down), and the
  // members of every group and project of the hierarchy.
  const ancestors = groupAndAncestors(root.parent);
  const bots = new Map<number, boolean>();
  const groupTasks: Array<() => Promise<void>> = [
    ...[...ancestors, ...descendants.map((group) => group.full_path)].map((path) => async () => {
      const json = await findResource<GroupJson>(client, getGroup(path));
      if (json) groups.set(json.full_path, groupHolder(json));
    }),
    ...[root.path, ...ancestors, ...descendants.map((group) => group.full_path)].map(
      (path) => () => readMembers('group', path, path),
    ),
  ];
  // The projects' members by GraphQL (many a request) beside the groups' reads; what it leaves out, by REST.
  const [viaGraphql] = await Promise.all([
    byGraphql
      ? byGraphql(projectHolders.map((project) => project.path))
      : new Map<string, Array<MemberEntry & { bot: boolean }>>(),
    eachLimited(groupTasks, concurrency, (task) => task()),
  ]);
  for (const [path, entries] of viaGraphql) {
    members.set(
      membersKey('project', path),
      entries.map(({ bot, ...entry }) => {
        bots.set(entry.id, bot);
        return entry;
      }),
    );
  }
  await eachLimited(
    projectHolders.filter((project) => !members.has(membersKey('project', project.path))),
    concurrency,
    (project) => readMembers('project', project.path, project.id),
  );
  // Then the members of each group a share invites, and of the groups above it, not read yet.
  const invited = new Set<string>();
  for (const holder of [...groups.values(), ...projectHolders])
    for (const share of holder.shares)
      for (const path of groupAndAncestors(share.group))
        if (!members.has(membersKey('group', path)) && !unreadable.includes(path)) invited.add(path);
  await eachLimited([...invited], concurrency, (path) => readMembers('group', path, path));
  return { root, groups, projects: projectHolders, members, today, unreadable, bots };
}

function memberEntry(json: MemberJson): MemberEntry {
  return {
    id: json.id,
    username: json.username,
    name: json.name ?? '',
    state: json.state ?? 'active',
    access_level: json.access_level,
    expires_at: json.expires_at ?? null,
  };
}

/**
 * Which of these users are bots: GET /users/:id shows `bot` (GitLab's API::Entities::User; the
 * members lists' UserBasic leaves it out). One read per user in the report.
 */
export async function botsAmong(
  client: HttpClient,
  userIds: readonly number[],
  concurrency: number,
): Promise<Set<number>> {
  const bots = new Set<number>();
  await eachLimited(userIds, concurrency, async (id) => {
    const user = await findResource<{ bot?: boolean }>(client, getUser(id));
    if (user?.bot === true) bots.add(id);
  });
  return bots;
}
