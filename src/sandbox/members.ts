import { ACCESS, groupMemberLevel, groupOfNamespace, personalNamespaceHolder, projectMemberLevel } from './access.js';
import type { Group, MemberDetails, MemberSource, Project, User } from './model.js';
import type { Store } from './store.js';
import { userObject } from './views.js';

/**
 * Memberships as the members endpoints read and change them: a project's or group's `members`
 * (user id -> level, what access.ts counts) with their `memberDetails`. Who may change them is
 * access.ts's; this module only keeps the two maps in step.
 */

export interface MemberEntry {
  user: User;
  level: number;
  details: MemberDetails;
  /** The project or group whose membership this is (a source's own, or a group above or shared with it). */
  record?: Project | Group;
}

export function sourceRecord(source: MemberSource): Project | Group {
  return source.kind === 'project' ? source.project : source.group;
}

function detailsOf(record: Project | Group, userId: number): MemberDetails {
  return record.memberDetails.get(userId) ?? { created_at: record.created_at, created_by: null, expires_at: null };
}

/** The holder of a personal project's namespace, its Owner member from its creation (GitLab's add_owner), when not in the map. */
function holderEntry(store: Store, source: MemberSource): MemberEntry | undefined {
  if (source.kind !== 'project') return undefined;
  const holder = personalNamespaceHolder(store, source.project);
  const user = holder === undefined || source.project.members.has(holder) ? undefined : store.users.get(holder);
  return (
    user && {
      user,
      level: ACCESS.owner,
      details: { created_at: source.project.created_at, created_by: user.id, expires_at: null },
      record: source.project,
    }
  );
}

/** The direct members, in the order they joined. */
export function directMembers(store: Store, source: MemberSource): MemberEntry[] {
  const record = sourceRecord(source);
  const holder = holderEntry(store, source);
  const out: MemberEntry[] = holder ? [holder] : [];
  for (const [userId, level] of record.members) {
    const user = store.users.get(userId);
    if (user) out.push({ user, level, details: detailsOf(record, userId), record });
  }
  return out;
}

export function directMember(store: Store, source: MemberSource, userId: number): MemberEntry | undefined {
  const record = sourceRecord(source);
  const level = record.members.get(userId);
  const user = store.users.get(userId);
  if (level === undefined || !user) {
    const holder = holderEntry(store, source);
    return holder?.user.id === userId ? holder : undefined;
  }
  return { user, level, details: detailsOf(record, userId) };
}

/** Where a member's role may come from, nearest first: the project or group, then the groups above it. */
function chain(store: Store, source: MemberSource): Array<Project | Group> {
  const group = source.kind === 'project' ? groupOfNamespace(store, source.project.namespace_id) : source.group;
  const groups = group ? [group, ...store.ancestors(group)] : [];
  return source.kind === 'project' ? [source.project, ...groups] : groups;
}

/**
 * GitLab's members/all: direct members, those inherited from the groups above, and members of
 * the groups it is shared with, each user once at the highest level they hold (the level
 * access.ts computes for membership alone). The details are those of the nearest membership.
 */
export function allMembers(store: Store, source: MemberSource): MemberEntry[] {
  const records = chain(store, source);
  const out: MemberEntry[] = [];
  for (const user of [...store.users.values()].sort((a, b) => a.id - b.id)) {
    const level =
      source.kind === 'project'
        ? projectMemberLevel(store, user, source.project)
        : groupMemberLevel(store, user, source.group);
    // A minimal-access member of a group is no member of its projects.
    if (level < (source.kind === 'project' ? ACCESS.guest : 1)) continue;
    const from = records.find((record) => record.members.has(user.id)) ?? sourceRecord(source);
    out.push({ user, level, details: detailsOf(from, user.id), record: from });
  }
  return out;
}

/**
 * Members a project or group has through others, each at the level held there: `inherited`, the
 * members of the groups above (GraphQL's INHERITED); `shared`, the members of the groups it is
 * shared with, at the lower of the share's level and theirs (INVITED_GROUPS, SHARED_FROM_GROUPS).
 * A minimal-access member of a group is no member of its projects.
 */
export function indirectMembers(
  store: Store,
  source: MemberSource,
  which: { inherited: boolean; shared: boolean },
): MemberEntry[] {
  const floor = source.kind === 'project' ? ACCESS.guest : 1;
  const out: MemberEntry[] = [];
  const add = (record: Project | Group, userId: number, level: number) => {
    const user = store.users.get(userId);
    if (user && level >= floor) out.push({ user, level, details: detailsOf(record, userId), record });
  };
  if (which.inherited)
    for (const record of chain(store, source).slice(1))
      for (const [userId, level] of record.members) add(record, userId, level);
  if (which.shared)
    for (const share of sourceRecord(source).shares) {
      const shared = store.groups.get(share.group_id);
      if (!shared || (share.expires_at !== null && share.expires_at < store.today())) continue;
      for (const record of [shared, ...store.ancestors(shared)])
        for (const [userId, level] of record.members) add(record, userId, Math.min(level, share.group_access_level));
    }
  return out;
}

/** A member as the service shows one; administrators also see the email (and, in groups, the SAML identity). */
export function memberJson(
  store: Store,
  source: MemberSource,
  entry: MemberEntry,
  viewer: User | undefined,
): Record<string, unknown> {
  const { details } = entry;
  const creator = details.created_by === null ? undefined : store.users.get(details.created_by);
  return {
    ...userObject(store, entry.user),
    locked: false,
    access_level: entry.level,
    created_at: details.created_at,
    // GitLab leaves created_by out when it is not known.
    ...(creator ? { created_by: userObject(store, creator) } : {}),
    expires_at: details.expires_at,
    membership_state: 'active',
    ...(viewer?.is_admin
      ? { email: entry.user.email, ...(source.kind === 'group' ? { group_saml_identity: null } : {}) }
      : {}),
  };
}

/** Adds or changes a membership; `details` keeps what is not given. */
export function putMember(source: MemberSource, userId: number, level: number, details: MemberDetails): void {
  const record = sourceRecord(source);
  record.members.set(userId, level);
  record.memberDetails.set(userId, details);
}

function dropMember(record: Project | Group, userId: number): void {
  record.members.delete(userId);
  record.memberDetails.delete(userId);
}

/**
 * Removes a membership. For a group, unless `skipSubresources`, the user's direct memberships of
 * its subgroups and of the projects in it and in them go too (GitLab's Members::DestroyService).
 */
export function removeMember(store: Store, source: MemberSource, userId: number, skipSubresources: boolean): void {
  dropMember(sourceRecord(source), userId);
  if (source.kind === 'project' || skipSubresources) return;
  for (const group of [source.group, ...store.descendants(source.group)]) {
    if (group !== source.group) dropMember(group, userId);
    for (const project of store.projectsInNamespace(group.id))
      if (project.members.has(userId)) dropMember(project, userId);
  }
}

export interface Membership {
  source_id: number;
  source_name: string;
  source_type: 'Project' | 'Namespace';
  access_level: number;
}

/** A user's direct memberships (GET /users/:id/memberships): groups, then projects, each by id. */
export function membershipsOf(store: Store, user: User): Membership[] {
  const out: Membership[] = [];
  for (const group of [...store.groups.values()].sort((a, b) => a.id - b.id)) {
    const level = group.members.get(user.id);
    if (level !== undefined)
      out.push({ source_id: group.id, source_name: group.name, source_type: 'Namespace', access_level: level });
  }
  for (const project of store.allProjects()) {
    const level =
      project.members.get(user.id) ?? (personalNamespaceHolder(store, project) === user.id ? ACCESS.owner : undefined);
    if (level !== undefined)
      out.push({ source_id: project.id, source_name: project.name, source_type: 'Project', access_level: level });
  }
  return out;
}
