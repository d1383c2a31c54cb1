import { ACCESS_LEVELS, accessLevelName } from '../params/access.js';
import { GROUP_DEFAULTS, PROJECT_DEFAULTS } from '../params/defaults.js';
import type {
  Group,
  MemberSource,
  Namespace,
  Note,
  Noteable,
  NoteableKind,
  OwnerKey,
  PipelineSchedule,
  Project,
  RefAccess,
  User,
  Visibility,
} from './model.js';
import { matchesRefName, refsOf } from './protected-refs.js';
import type { Store } from './store.js';

/**
 * Who may read, create and administer what: every right the sandbox checks is decided here, with
 * GitLab's rules where the API reference says "not shown". Pure functions of the store, the user and
 * the resource; turning a refusal into the service's answer (401, 403, 404, 301) is guards.ts's work.
 */

export const ACCESS = { none: 0, ...ACCESS_LEVELS } as const;

/**
 * Who administers what a project or group holds (its members, hooks, push rule, CI/CD variables,
 * badges): a project's Maintainers, a group's Owners (administrators have every role).
 */
export const OWNER_ADMIN_ROLE: Readonly<Record<'project' | 'group', number>> = {
  project: ACCESS.maintainer,
  group: ACCESS.owner,
};

/**
 * Administrators read every project, group and user's private fields, and use the filters and
 * orders GitLab keeps for them (admin mode, which the sandbox has always on).
 */
export function isAdministrator(user: User | undefined): boolean {
  return user?.is_admin === true;
}

/** Whether a role is at least `min` (no `min`: any role), as the min_access_level filters compare. */
export function atLeastLevel(level: number, min: number | undefined): boolean {
  return min === undefined || level >= min;
}

// ---- roles ----

/**
 * GitLab's `planner_or_reporter_access`: the Planner role, or Reporter and above. Not a rung
 * between Guest and Reporter (ProjectPolicy's `condition(:planner) { team_access_level ==
 * Gitlab::Access::PLANNER }`, "not a linear condition"), so never written `level >= planner`:
 * reading confidential issues and epics and internal notes, and marking notes internal, are the
 * Planner's and Reporter's and up (app/policies/project_policy.rb @0ff8c1b4, `planner_access`,
 * `read_internal_note`; ee/app/policies/epic_policy.rb @100f2a0b; pavankalisetti009/gitlab's
 * mirror of gitlab-org/gitlab; doc/user/permissions.md @00077d2c, Project planning and epics:
 * "View confidential issues", "Add internal note" with the Planner column ticked).
 */
function plannerOrReporter(level: number): boolean {
  return level === ACCESS.planner || level >= ACCESS.reporter;
}

/**
 * Who may create, change and delete labels (admin_label), as a least role for guards.ts: every
 * role from Planner up, the one planning right where `>= Planner` says GitLab's rule, since
 * planner_access and reporter_access both enable it (app/policies/project_policy.rb @0ff8c1b4;
 * group_policy.rb's `planner` rule; doc/user/permissions.md @00077d2c, "Manage group labels").
 */
export const LABEL_ADMIN_ROLE = ACCESS.planner;

function expired(store: Store, date: string | null): boolean {
  return date !== null && date < store.today();
}

/** Membership in a group or its ancestors, without following shares (shares do not chain). */
function directGroupAccess(store: Store, user: User, group: Group): number {
  let level = 0;
  for (const g of [group, ...store.ancestors(group)]) level = Math.max(level, g.members.get(user.id) ?? 0);
  return level;
}

/** The role a share grants a user: the lower of the share's level and the user's role in the shared group. */
function sharedAccess(store: Store, user: User, shares: Group['shares']): number {
  let level = 0;
  for (const share of shares) {
    const shared = store.groups.get(share.group_id);
    if (shared && !expired(store, share.expires_at))
      level = Math.max(level, Math.min(share.group_access_level, directGroupAccess(store, user, shared)));
  }
  return level;
}

/** The user's effective role in a group: own membership, inherited from ancestors, or through shares; owner for administrators. */
export function groupAccess(store: Store, user: User | undefined, group: Group): number {
  if (!user) return 0;
  if (user.is_admin) return ACCESS.owner;
  let level = 0;
  for (const g of [group, ...store.ancestors(group)])
    level = Math.max(level, g.members.get(user.id) ?? 0, sharedAccess(store, user, g.shares));
  return level;
}

/** The user's effective role in a project: membership, its namespace (owner of a personal one), its group, its shares. */
export function projectAccess(store: Store, user: User | undefined, project: Project): number {
  if (!user) return 0;
  if (user.is_admin) return ACCESS.owner;
  let level = project.members.get(user.id) ?? 0;
  const ns = store.namespaces.get(project.namespace_id);
  if (ns?.kind === 'user' && ns.ownerId === user.id) level = ACCESS.owner;
  const group = groupOfNamespace(store, project.namespace_id);
  if (group) level = Math.max(level, groupAccess(store, user, group));
  return Math.max(level, sharedAccess(store, user, project.shares));
}

/**
 * The role a user holds through membership alone, as filters count it (owned, membership,
 * min_access_level): administrators are not members by being administrators.
 */
export function groupMemberLevel(store: Store, user: User | undefined, group: Group): number {
  return user ? groupAccess(store, user.is_admin ? { ...user, is_admin: false } : user, group) : 0;
}

export function projectMemberLevel(store: Store, user: User | undefined, project: Project): number {
  return user ? projectAccess(store, user.is_admin ? { ...user, is_admin: false } : user, project) : 0;
}

/** Whether a user is a member (by membership alone) of at least `level`: the owned, membership and min_access_level filters. */
export function isProjectMember(
  store: Store,
  user: User | undefined,
  project: Project,
  level: number = ACCESS.guest,
): boolean {
  return projectMemberLevel(store, user, project) >= level;
}
export function isGroupMember(
  store: Store,
  user: User | undefined,
  group: Group,
  level: number = ACCESS.guest,
): boolean {
  return groupMemberLevel(store, user, group) >= level;
}

/** A user's direct level in a project or group (0 for none): what a membership change starts from. */
function directLevel(record: Group | Project, userId: number): number {
  return record.members.get(userId) ?? 0;
}

/**
 * The highest role a user holds directly in a group above a member source (a project's group and
 * its ancestors; a group's ancestors), with that group, when it is above `level`: GitLab refuses
 * such a membership (Member#higher_access_level_than_group, direct memberships of the ancestors
 * only: app/models/member.rb @800235cc), in the words `says` gives.
 */
export function inheritedAbove(
  store: Store,
  source: MemberSource,
  userId: number,
  level: number,
): { says: string } | undefined {
  const home = source.kind === 'group' ? undefined : groupOfNamespace(store, source.project.namespace_id);
  const above = source.kind === 'group' ? store.ancestors(source.group) : home ? [home, ...store.ancestors(home)] : [];
  let highest: { level: number; group: Group } | undefined;
  for (const group of above) {
    const held = directLevel(group, userId);
    if (held > (highest?.level ?? 0)) highest = { level: held, group };
  }
  if (!highest || highest.level <= level) return undefined;
  const name = accessLevelName(highest.level);
  return {
    says: `should be greater than or equal to ${name.charAt(0).toUpperCase()}${name.slice(1)} inherited membership from group ${highest.group.name}`,
  };
}

/** A developer allowed to create a project in a group is made its maintainer (below that the group gives no maintainer role). */
export function creatorNeedsMembership(store: Store, user: User, group: Group): boolean {
  return groupAccess(store, user, group) < ACCESS.maintainer;
}

export function groupOfNamespace(store: Store, namespaceId: number): Group | undefined {
  const ns = store.namespaces.get(namespaceId);
  return ns?.kind === 'group' ? store.groups.get(ns.ownerId) : undefined;
}

/** A project or group, then every group above it, nearest first (a project's first is its namespace's group, if any). */
export function ownerChain(store: Store, owner: OwnerKey): OwnerKey[] {
  let above: Group[] = [];
  if (owner.kind === 'group') {
    const group = store.groups.get(owner.id);
    if (group) above = store.ancestors(group);
  } else {
    const project = store.projects.get(owner.id);
    const group = project ? groupOfNamespace(store, project.namespace_id) : undefined;
    if (group) above = [group, ...store.ancestors(group)];
  }
  return [owner, ...above.map((g): OwnerKey => ({ kind: 'group', id: g.id }))];
}

// ---- reading ----

function canRead(_store: Store, user: User | undefined, visibility: Visibility, level: () => number): boolean {
  if (visibility === 'public') return true;
  if (!user) return false;
  if (user.is_admin) return true;
  // External users see internal things only where they are members.
  if (visibility === 'internal' && !user.external) return true;
  return level() >= ACCESS.guest;
}

export function canReadProject(store: Store, user: User | undefined, project: Project): boolean {
  return canRead(store, user, project.visibility, () => projectAccess(store, user, project));
}

export function canReadGroup(store: Store, user: User | undefined, group: Group): boolean {
  return canRead(store, user, group.visibility, () => groupAccess(store, user, group));
}

/** Namespaces a user may name (as a target): their own, groups they can read; administrators any. */
export function canNameNamespace(store: Store, user: User | undefined, ns: Namespace): boolean {
  if (!user) return false;
  if (user.is_admin) return true;
  if (ns.kind === 'user') return ns.ownerId === user.id;
  const group = store.groups.get(ns.ownerId);
  return group !== undefined && canReadGroup(store, user, group);
}

/**
 * The features a right here depends on: noteables' (a disabled feature hides them, and filters by
 * it leave the project out), the repository, and CI/CD (`builds`).
 */
type Feature = 'issues' | 'merge_requests' | 'snippets' | 'repository' | 'builds';

/** A feature's deprecated switch, where its name is not `<feature>_enabled` (doc/api/projects.md: jobs_enabled). */
const SWITCH_OF: Partial<Record<Feature, string>> = { builds: 'jobs_enabled' };

const accessLevelOf = (project: Project, feature: Feature): unknown =>
  project.attrs[`${feature}_access_level`] ?? PROJECT_DEFAULTS[`${feature}_access_level`];

/**
 * Whether a project's feature is on. The access level and its deprecated switch are kept in step
 * when set through the API; either one saying "off" turns the feature off.
 */
export function featureEnabled(project: Project, feature: Feature): boolean {
  return (
    accessLevelOf(project, feature) !== 'disabled' &&
    project.attrs[SWITCH_OF[feature] ?? `${feature}_enabled`] !== false
  );
}

/**
 * The role a feature for members only (`private`) asks: ProjectFeature's
 * PRIVATE_FEATURES_MIN_ACCESS_LEVEL, Reporter for merge requests, Guest for the others here
 * (app/models/project_feature.rb @08608c8e, gitlabhq/gitlabhq).
 */
const PRIVATE_FEATURE_ROLE: Partial<Record<Feature, number>> = { merge_requests: ACCESS.reporter };

/**
 * ProjectPolicy's `access_allowed_to?(feature)`, whose negation is its `<feature>_disabled`
 * conditions (`builds_disabled`, `repository_disabled`, `merge_requests_disabled`): off for
 * everyone, administrators too, where disabled; where for members only, administrators
 * (read_all_resources) and members of the feature's role (app/policies/project_policy.rb
 * @0ff8c1b4, pavankalisetti009/gitlab's mirror of gitlab-org/gitlab).
 */
function featureAllowed(store: Store, user: User | undefined, project: Project, feature: Feature): boolean {
  if (!featureEnabled(project, feature)) return false;
  if (accessLevelOf(project, feature) !== 'private') return true;
  return (
    isAdministrator(user) || projectAccess(store, user, project) >= (PRIVATE_FEATURE_ROLE[feature] ?? ACCESS.guest)
  );
}

/**
 * ProjectPolicy's `builds_disabled | repository_disabled`, which prevents every pipeline schedule
 * right (read, create, update, admin, destroy: `create_read_update_admin_destroy(:pipeline_schedule)`),
 * whatever the role (app/policies/project_policy.rb @0ff8c1b4; the same in gitlabhq/gitlabhq
 * @002b575a). CI/CD off, or for members only and the caller none, and GitLab answers as to one
 * who may not read them.
 */
function pipelineSchedulesOff(store: Store, user: User | undefined, project: Project): boolean {
  return !featureAllowed(store, user, project, 'builds') || !featureAllowed(store, user, project, 'repository');
}

/**
 * ProjectPolicy's `issues_disabled & merge_requests_disabled`, which prevents every label and
 * milestone right (`create_read_update_admin_destroy(:label)`, `(:milestone)`, and
 * read_cycle_analytics), whatever the role: both off, or for members only and the caller below
 * their roles, and a project's labels are no one's to read or change (app/policies/project_policy.rb
 * @0ff8c1b4, pavankalisetti009/gitlab's mirror of gitlab-org/gitlab). GroupPolicy has no such rule:
 * a group's labels stay (app/policies/group_policy.rb @488ed79b, the same mirror).
 */
function projectLabelsOff(store: Store, user: User | undefined, project: Project): boolean {
  return !featureAllowed(store, user, project, 'issues') && !featureAllowed(store, user, project, 'merge_requests');
}

/**
 * GitLab's read_label on a project: whoever reads it, unless its labels are off for the caller
 * (projectLabelsOff). LabelsFinder then finds nothing through the project, its groups' labels
 * included (`@project = nil unless authorized_to_read_item?`: app/finders/labels_finder.rb
 * @852aade1, gitlabhq/gitlabhq).
 */
export function canReadProjectLabels(store: Store, user: User | undefined, project: Project): boolean {
  return canReadProject(store, user, project) && !projectLabelsOff(store, user, project);
}

/**
 * GitLab's create_label and update_label on a project, which the API asks of the project before
 * it looks for the label (lib/api/helpers/label_helpers.rb @055e3c66, gitlabhq/gitlabhq): admin_label's
 * role (LABEL_ADMIN_ROLE), unless the project's labels are off for the caller (projectLabelsOff).
 */
export function canAdministerProjectLabels(store: Store, user: User | undefined, project: Project): boolean {
  return projectAccess(store, user, project) >= LABEL_ADMIN_ROLE && !projectLabelsOff(store, user, project);
}

/**
 * Whether the repository feature is there for the caller (`feature_available?(:repository, user)`,
 * which the branches API asks first, `require_repository_enabled!`: 404 Repository): on, and where
 * only members see it, for members from Guest up and administrators. ProjectFeature#get_permission
 * asks `required_minimum_access_level(:repository)`, Guest; the Reporter of
 * `required_minimum_access_level_for_private_project` is the finders' (Project.filter_by_feature_visibility),
 * not this check's (app/models/project_feature.rb @08608c8e and its spec, gitlabhq/gitlabhq). A
 * Guest of a private project is refused read_code after it (403), not told there is no repository.
 */
export function repositoryAvailable(store: Store, user: User | undefined, project: Project): boolean {
  return featureAllowed(store, user, project, 'repository');
}

/**
 * GitLab's read_code (the repository API's `authorize_read_code!`): the repository there for the
 * caller, and in a private project Reporter or above (guests see no code).
 */
export function canReadCode(store: Store, user: User | undefined, project: Project): boolean {
  if (!canReadProject(store, user, project) || !repositoryAvailable(store, user, project)) return false;
  return project.visibility !== 'private' || projectAccess(store, user, project) >= ACCESS.reporter;
}

/**
 * Whether a protected branch's or tag's entries let `user` in, as ProtectedRefAccess#check_access
 * decides: a role entry at or below the user's role (never No one, 0), the user's own entry, or an
 * entry of a group the user belongs to. A deploy key's entry is for the key alone.
 */
export function refEntriesAllow(
  store: Store,
  user: User | undefined,
  project: Project,
  entries: readonly RefAccess[],
): boolean {
  if (!user) return false;
  const role = projectAccess(store, user, project);
  return entries.some((entry) => {
    if (entry.deploy_key_id !== undefined) return false;
    if (entry.user_id !== undefined) return entry.user_id === user.id;
    if (entry.group_id !== undefined) {
      const group = store.groups.get(entry.group_id);
      return group !== undefined && isGroupMember(store, user, group);
    }
    return entry.access_level !== null && entry.access_level > 0 && role >= entry.access_level;
  });
}

const FEATURE_OF: Record<Exclude<NoteableKind, 'epic'>, Feature> = {
  issue: 'issues',
  merge_request: 'merge_requests',
  snippet: 'snippets',
};

/** The caller's role where a noteable lives (its project, or its group for epics). */
function noteableAccess(store: Store, user: User | undefined, noteable: Noteable): number {
  if (noteable.kind === 'epic') {
    const group = store.groups.get(noteable.parentId);
    return group ? groupAccess(store, user, group) : 0;
  }
  const project = store.projects.get(noteable.parentId);
  return project ? projectAccess(store, user, project) : 0;
}

/**
 * GitLab's read rules: whoever reads the project reads its issues and snippets; merge requests of
 * a private project need reporter (guests see no code); confidential issues and epics need the
 * Planner role, Reporter or above (plannerOrReporter: ProjectPolicy's read_confidential_issues,
 * EpicPolicy's `planner_or_reporter_access`), and a confidential issue is its author's too
 * (IssuePolicy's can_read_confidential, `assignee_or_author?`), an epic not: EpicPolicy
 * @100f2a0b prevents read_epic for `confidential & ~planner_or_reporter_access` whoever wrote it.
 * A disabled feature hides its noteables, and so does one for members only from a non-member or a
 * member below its role (featureAllowed: ProjectPolicy's `issues_disabled`, `snippets_disabled`
 * and `merge_requests_disabled` prevent read_issue, read_snippet and read_merge_request,
 * app/policies/project_policy.rb @0ff8c1b4; merge requests for members only are a Reporter's).
 */
export function canReadNoteable(store: Store, user: User | undefined, noteable: Noteable): boolean {
  if (noteable.kind === 'epic') {
    const group = store.groups.get(noteable.parentId);
    if (!group || !canReadGroup(store, user, group)) return false;
  } else {
    const project = store.projects.get(noteable.parentId);
    if (
      !project ||
      !canReadProject(store, user, project) ||
      !featureAllowed(store, user, project, FEATURE_OF[noteable.kind])
    )
      return false;
    if (
      noteable.kind === 'merge_request' &&
      project.visibility === 'private' &&
      noteableAccess(store, user, noteable) < ACCESS.reporter
    )
      return false;
  }
  if (
    noteable.confidential &&
    !plannerOrReporter(noteableAccess(store, user, noteable)) &&
    (noteable.kind === 'epic' || user?.id !== noteable.author_id)
  )
    return false;
  return true;
}

/**
 * Confidential (internal) notes are for Planners, Reporters and above (GitLab's read_internal_note:
 * ProjectPolicy's `admin | planner_or_reporter_access`, GroupPolicy's `admin | reporter | planner`).
 */
export function canReadNote(store: Store, user: User | undefined, noteable: Noteable, note: Note): boolean {
  return !note.confidential || plannerOrReporter(noteableAccess(store, user, noteable));
}

// ---- creating ----

/** GitLab's create_subgroup: the parent's subgroup_creation_level decides between Owner and Maintainer. */
function canCreateSubgroup(store: Store, user: User, parent: Group): boolean {
  const needed =
    (parent.attrs.subgroup_creation_level ?? GROUP_DEFAULTS.subgroup_creation_level) === 'owner'
      ? ACCESS.owner
      : ACCESS.maintainer;
  return groupAccess(store, user, parent) >= needed;
}

/** A top-level group: users allowed to create groups (external users are not). */
export function canCreateGroupIn(store: Store, user: User, parent: Group | undefined): boolean {
  return parent ? canCreateSubgroup(store, user, parent) : user.can_create_group;
}

/**
 * GitLab's create_projects, for new projects and forks alike: in a personal namespace its user,
 * unless external (external users create projects only in groups that grant them a role, as
 * GitLab documents for external users); in a group, the role its project_creation_level asks
 * (developer by default, maintainer, or no one).
 */
export function canCreateProjectIn(store: Store, user: User, ns: Namespace): boolean {
  if (user.is_admin) return true;
  if (ns.kind === 'user') return ns.ownerId === user.id && !user.external;
  const group = store.groups.get(ns.ownerId);
  if (!group) return false;
  const rule = String(group.attrs.project_creation_level ?? GROUP_DEFAULTS.project_creation_level);
  if (rule === 'noone') return false;
  return groupAccess(store, user, group) >= (rule === 'maintainer' ? ACCESS.maintainer : ACCESS.developer);
}

/** GitLab's transfer_projects: into one's own namespace, or a group where one is at least Maintainer. */
export function canTransferProjectInto(store: Store, user: User, ns: Namespace): boolean {
  if (user.is_admin) return true;
  if (ns.kind === 'user') return ns.ownerId === user.id;
  const group = store.groups.get(ns.ownerId);
  return group !== undefined && groupAccess(store, user, group) >= ACCESS.maintainer;
}

/**
 * GitLab's fork_project: the project is readable, forking is not disabled (or limited to
 * members), and a private project needs the reporter role.
 */
export function canFork(store: Store, user: User, project: Project): boolean {
  if (user.is_admin) return true;
  if (!canReadProject(store, user, project)) return false;
  const level = projectAccess(store, user, project);
  const forking = String(project.attrs.forking_access_level ?? PROJECT_DEFAULTS.forking_access_level);
  if (forking === 'disabled' || (forking === 'private' && level < ACCESS.guest)) return false;
  return project.visibility !== 'private' || level >= ACCESS.reporter;
}

// ---- administering ----

/** GitLab's admin_note: the author, or a maintainer and above; never a system note. */
export function canModifyNote(store: Store, user: User | undefined, noteable: Noteable, note: Note): boolean {
  if (!user || note.system) return false;
  return note.author_id === user.id || noteableAccess(store, user, noteable) >= ACCESS.maintainer;
}

/** A note's created_at is set only by administrators and the owners of its project or group. */
export function canBackdateNote(store: Store, user: User | undefined, noteable: Noteable): boolean {
  return noteableAccess(store, user, noteable) >= ACCESS.owner;
}

/**
 * Only issue notes are confidential (as GitLab does), marked by Planners, Reporters and above
 * (mark_note_as_internal: doc/user/permissions.md @00077d2c ticks the Planner for "Add internal
 * note"; EpicPolicy @100f2a0b grants it to `planner_or_reporter_access`, and so does the later
 * IssuePolicy, where pavankalisetti009/gitlab's older app/policies/issue_policy.rb @fa352bf4
 * still said reporter_access).
 */
export function canMarkNoteConfidential(store: Store, user: User | undefined, noteable: Noteable): boolean {
  return noteable.kind === 'issue' && plannerOrReporter(noteableAccess(store, user, noteable));
}

/** Archived projects are read-only: no notes are added, changed or removed. */
export function isReadOnly(store: Store, noteable: Noteable): boolean {
  return noteable.kind !== 'epic' && store.projects.get(noteable.parentId)?.archived === true;
}

// ---- members ----

/** The caller's role where the members are. */
function sourceAccess(store: Store, user: User | undefined, source: MemberSource): number {
  return source.kind === 'project'
    ? projectAccess(store, user, source.project)
    : groupAccess(store, user, source.group);
}

/**
 * Whether `user` may grant, change or take away memberships at `levels` (the level given and
 * the member's present one): a manager (GitLab's admin_project_member, admin_group_member), and none of the levels above the manager's own, so a
 * project Maintainer neither makes nor unmakes an Owner (GitLab's manage_owners).
 */
export function canManageMembers(
  store: Store,
  user: User | undefined,
  source: MemberSource,
  levels: readonly number[],
): boolean {
  const own = sourceAccess(store, user, source);
  return own >= OWNER_ADMIN_ROLE[source.kind] && levels.every((level) => level <= own);
}

/**
 * Granting Owner by a caller who may not make owners (GitLab's manage_owners): Members::CreateService
 * refuses it in a project (403), and Members::CreatorService adds nobody in a group (`managing_owners?`).
 */
export function grantsOwnerUnallowed(
  store: Store,
  user: User | undefined,
  source: MemberSource,
  level: number,
): boolean {
  return level === ACCESS.owner && !canManageMembers(store, user, source, [ACCESS.owner]);
}

/** GitLab's admin_cicd_variables: a project's Maintainers, a group's Owners (the REST variables routes' rule). */
export function canAdministerCiVariables(store: Store, user: User | undefined, source: MemberSource): boolean {
  return sourceAccess(store, user, source) >= OWNER_ADMIN_ROLE[source.kind];
}

/** GitLab's admin_project: a project's Maintainers (its CI/CD settings, its job token scope). */
export function canAdministerProject(store: Store, user: User | undefined, project: Project): boolean {
  return projectAccess(store, user, project) >= ACCESS.maintainer;
}

/**
 * GitLab's read_pipeline_schedule, which the list asks of the project and the single GET of the
 * schedule (lib/api/ci/pipeline_schedules.rb @4aea5d3d; Ci::PipelineSchedulePolicy delegates it
 * to the project): reporter_access, which a Planner lacks, or, with public pipelines on
 * (`public_jobs`, the API's `public_builds`), guest_access or public_access, that is whoever
 * reads the project (app/policies/project_policy.rb @0ff8c1b4: `public_builds &
 * can?(:guest_access)`, `can?(:public_access) & public_builds`; pavankalisetti009/gitlab's mirror
 * of gitlab-org/gitlab). No Developer's right: a Guest or a Planner reads them too unless the
 * project's pipelines are private to its Reporters.
 */
export function canReadPipelineSchedules(store: Store, user: User | undefined, project: Project): boolean {
  if (pipelineSchedulesOff(store, user, project)) return false;
  if (projectAccess(store, user, project) >= ACCESS.reporter) return true;
  const publicJobs = project.attrs.public_jobs ?? PROJECT_DEFAULTS.public_jobs;
  return publicJobs !== false && canReadProject(store, user, project);
}

/**
 * GitLab's create_pipeline_schedule: `developer_access & user_confirmed`, taken away with CI/CD or
 * the repository (pipelineSchedulesOff; app/policies/project_policy.rb @0ff8c1b4).
 */
export function canCreatePipelineSchedules(store: Store, user: User | undefined, project: Project): boolean {
  return projectAccess(store, user, project) >= ACCESS.developer && !pipelineSchedulesOff(store, user, project);
}

/**
 * Ci::PipelineSchedulePolicy's `protected_ref`: the schedule's ref is one the caller may not
 * update. A full ref is read as the branch or tag it names; a short one as a tag where the
 * project has a tag of that name, else a branch (`full_ref?`, `tag_exists?`). Ci::PipelinePolicy
 * #ref_protected? asks Gitlab::UserAccess: for a tag can_create_tag? (the protection's create
 * entries, else admin_tag, a Developer's), for a branch can_update_branch?, that is may push or
 * may merge (the protection's push or merge entries, else push_code, a Developer's). It prevents
 * play_pipeline_schedule, create_pipeline_schedule and update_pipeline_schedule
 * (app/policies/ci/pipeline_schedule_policy.rb as the search index holds gitlab-org/gitlab's, a
 * version later than gitlabhq/gitlabhq 840aa6e0, where it prevented playing alone; the index
 * names no commit for it).
 */
export function scheduleRefProtected(store: Store, user: User | undefined, project: Project, ref: string): boolean {
  const full = /^refs\/(heads|tags)\//.test(ref);
  const name = ref.replace(/^refs\/(heads|tags)\//, '');
  const tag = full ? ref.startsWith('refs/tags/') : project.tags.some((t) => t.name === ref);
  const refs = refsOf(store, project.id);
  if (tag) {
    const rules = [...refs.tags.values()].filter((rule) => matchesRefName(rule.name, name));
    return rules.length > 0 && !rules.some((rule) => refEntriesAllow(store, user, project, rule.create));
  }
  const rules = [...refs.branches.values()].filter((rule) => matchesRefName(rule.name, name));
  return (
    rules.length > 0 &&
    !rules.some(
      (rule) => refEntriesAllow(store, user, project, rule.push) || refEntriesAllow(store, user, project, rule.merge),
    )
  );
}

/**
 * GitLab's play_pipeline_schedule (POST /projects/:id/pipeline_schedules/:pipeline_schedule_id/play,
 * doc/api/pipeline_schedules.md; lib/api/ci/pipeline_schedules.rb @4aea5d3d, pavankalisetti009/
 * gitlab's mirror of gitlab-org/gitlab: `authorize! :play_pipeline_schedule`, a 403 after the
 * schedule is found): create_pipeline, `developer_access & user_confirmed` taken away with CI/CD
 * or the repository (app/policies/project_policy.rb @0ff8c1b4), prevented by `protected_ref`
 * (scheduleRefProtected). So a Developer plays on an unprotected branch, not on `main` where only
 * Maintainers push and merge.
 */
export function canPlaySchedule(
  store: Store,
  user: User | undefined,
  project: Project,
  schedule: PipelineSchedule,
): boolean {
  return canCreatePipelineSchedules(store, user, project) && !scheduleRefProtected(store, user, project, schedule.ref);
}

/**
 * GitLab's admin_pipeline_schedule (app/policies/ci/pipeline_schedule_policy.rb): a project's
 * Maintainers (admin_pipeline), or the schedule's owner with the Developer role (update_build).
 * It deletes the schedule and its variables, takes ownership, and shows the variables.
 */
export function canAdministerSchedule(
  store: Store,
  user: User | undefined,
  project: Project,
  schedule: PipelineSchedule,
): boolean {
  const level = projectAccess(store, user, project);
  return level >= ACCESS.maintainer || (level >= ACCESS.developer && user?.id === schedule.owner_id);
}

/**
 * A project's `ci_pipeline_variables_minimum_override_role` where none was stored: the one the
 * projects API answers (doc/api/projects.md, `developer`).
 */
export const PIPELINE_VARIABLES_DEFAULT_ROLE = 'developer';

/** ProjectCiCdSetting's minimum override roles by the API's word; `no_one_allowed` lets no one. */
const OVERRIDE_ROLES: Readonly<Record<string, number>> = {
  developer: ACCESS.developer,
  maintainer: ACCESS.maintainer,
  owner: ACCESS.owner,
};

/**
 * GitLab's set_pipeline_variables (app/policies/project_policy.rb: `user_defined_variables_allowed`,
 * Project#override_pipeline_variables_allowed?(team_access_level), ProjectCiCdSetting in
 * app/models/project_ci_cd_setting.rb): anyone while `restrict_user_defined_variables` is off;
 * with it on, the project's role from `ci_pipeline_variables_minimum_override_role` up, no one for
 * `no_one_allowed`. Every pipeline schedule variable route asks it first (lib/api/ci/
 * pipeline_schedules.rb @4aea5d3d, pavankalisetti009/gitlab's mirror of gitlab-org/gitlab:
 * `authorize! :set_pipeline_variables, user_project`, then the schedule's own right).
 */
export function canSetPipelineVariables(store: Store, user: User | undefined, project: Project): boolean {
  if (project.attrs.restrict_user_defined_variables !== true) return true;
  const role = String(project.attrs.ci_pipeline_variables_minimum_override_role ?? PIPELINE_VARIABLES_DEFAULT_ROLE);
  const needed = OVERRIDE_ROLES[role];
  return needed !== undefined && projectAccess(store, user, project) >= needed;
}

/**
 * GitLab's update_pipeline_schedule (app/policies/ci/pipeline_schedule_policy.rb, `admin |
 * (owner_of_schedule & can?(:update_build))`): changing a schedule and creating or changing its
 * variables is its owner's, with the Developer role, or an administrator's; another Maintainer
 * takes ownership first. Prevented, for all of them, on a ref the caller may not update
 * (scheduleRefProtected): the API's `authorize! :update_pipeline_schedule` answers 403.
 */
export function canUpdateSchedule(
  store: Store,
  user: User | undefined,
  project: Project,
  schedule: PipelineSchedule,
): boolean {
  const owns =
    isAdministrator(user) ||
    (user?.id === schedule.owner_id && projectAccess(store, user, project) >= ACCESS.developer);
  return owns && !scheduleRefProtected(store, user, project, schedule.ref);
}

/**
 * Reading a project's approval rules: admin_project, or create_merge_request_in
 * (authorize_read_project_approval_rule!, ee/lib/api/helpers/project_approval_rules_helpers.rb);
 * changing them is admin_project alone, a Maintainer's. create_merge_request_in is no Developer's
 * right: it is `guest_access & download_code`, taken away where merge requests or the repository
 * are off (app/policies/project_policy.rb @0ff8c1b4, pavankalisetti009/gitlab's mirror of
 * gitlab-org/gitlab), and a signed-in reader of a public project, or a non-external one of an
 * internal project, has guest_access (public_user_access). So: a Reporter of any project, and in
 * a public or internal project whoever reads its code, a Guest or a Planner too. Merge requests
 * for members only (`private`) are `merge_requests_disabled` below Reporter (featureAllowed:
 * ProjectFeature's PRIVATE_FEATURES_MIN_ACCESS_LEVEL), so there a Guest, a Planner or a
 * non-member reads no rule.
 */
export function canReadApprovalRules(store: Store, user: User | undefined, project: Project): boolean {
  if (!user) return false;
  if (canAdministerProject(store, user, project)) return true;
  return featureAllowed(store, user, project, 'merge_requests') && canReadCode(store, user, project);
}

/** Removing a member: a manager as above, or the member themselves (GitLab lets every member leave). */
export function canRemoveMember(
  store: Store,
  user: User | undefined,
  source: MemberSource,
  memberId: number,
  level: number,
): boolean {
  return user?.id === memberId || canManageMembers(store, user, source, [level]);
}

/**
 * The user whose personal namespace holds the project, if it is in one. GitLab makes them the
 * project's Owner member when it is created, and its ProjectMemberPolicy keeps them: that
 * membership is neither changed nor removed (403).
 */
export function personalNamespaceHolder(store: Store, project: Project): number | undefined {
  const ns = store.namespaces.get(project.namespace_id);
  return ns?.kind === 'user' ? ns.ownerId : undefined;
}

/**
 * The owners of a group as GitLab counts them for its last-owner rule: direct owners of the
 * group or of an ancestor (shares make no owners), bots left out.
 */
function groupOwners(store: Store, group: Group): Set<number> {
  const owners = new Set<number>();
  for (const g of [group, ...store.ancestors(group)]) {
    for (const [userId, level] of g.members)
      if (level >= ACCESS.owner && store.users.get(userId)?.bot !== true) owners.add(userId);
  }
  return owners;
}

/**
 * GitLab's GroupMemberPolicy `last_owner`: the group's only owner can be neither removed nor
 * demoted, by anyone, administrators included. The service answers a plain 403 (the policy's
 * refusal raises Gitlab::Access::AccessDeniedError), not a 400 with a message.
 */
export function isLastOwner(store: Store, group: Group, userId: number): boolean {
  if (directLevel(group, userId) < ACCESS.owner) return false;
  const owners = groupOwners(store, group);
  return owners.size === 1 && owners.has(userId);
}

/** Changing a member to `level` demotes the group's last owner: refused, as removing them is. */
export function demotesLastOwner(store: Store, source: MemberSource, userId: number, level: number): boolean {
  return source.kind === 'group' && level < ACCESS.owner && isLastOwner(store, source.group, userId);
}

/**
 * Whether the deploy keys enabled on `project` are the user's to enable elsewhere: for an
 * administrator every project's (Projects::EnableDeployKeyService), else those of the projects
 * they maintain by membership (GitLab's User#accessible_deploy_keys).
 */
export function canReuseDeployKeysOf(store: Store, user: User, project: Project): boolean {
  return user.is_admin || isProjectMember(store, user, project, ACCESS.maintainer);
}

/**
 * Who a protected environment's entry may name (doc/api/protected_environments.md @ec05f6eb,
 * group_protected_environments.md @8ea46daa): a user with access to the project, or a Maintainer
 * (or above) of the group.
 */
export function canBeEnvironmentEntry(
  store: Store,
  user: User,
  owner: { kind: 'project'; project: Project } | { kind: 'group'; group: Group },
): boolean {
  return owner.kind === 'project'
    ? projectAccess(store, user, owner.project) > ACCESS.none
    : groupAccess(store, user, owner.group) >= ACCESS.maintainer;
}
