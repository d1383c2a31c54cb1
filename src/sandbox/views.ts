import { ACCESS, canReadProject, groupAccess, PIPELINE_VARIABLES_DEFAULT_ROLE, projectAccess } from './access.js';
import { GROUP_DEFAULTS, PROJECT_DEFAULTS } from '../params/defaults.js';
import { mirrorUrlWithoutCredentials } from '../params/remote-mirrors.js';
import { refreshImport } from './jobs.js';
import type { Group, Project, User } from './model.js';
import type { Store } from './store.js';

const LICENSE = {
  key: 'mit',
  name: 'MIT License',
  nickname: null,
  html_url: 'http://choosealicense.com/licenses/mit/',
  source_url: 'https://opensource.org/licenses/MIT',
};

function projectUrls(store: Store, project: Project) {
  const full = store.projectFullPath(project);
  const host = new URL(store.origin).host;
  const web = `${store.origin}/${full}`;
  return {
    ssh_url_to_repo: `git@${host.split(':')[0]}:${full}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    readme_url: project.attrs.empty_repo
      ? null
      : `${web}/-/blob/${String(project.attrs.default_branch ?? 'main')}/README.md`,
    avatar_url: project.avatar
      ? `${store.origin}/uploads/-/system/project/avatar/${project.id}/${project.avatar.filename}`
      : null,
  };
}

function namespaceView(store: Store, namespaceId: number) {
  const ns = store.namespaces.get(namespaceId);
  if (ns?.kind === 'group') {
    const group = store.groups.get(ns.ownerId) as Group;
    return {
      id: group.id,
      name: group.name,
      path: group.path,
      kind: 'group',
      full_path: store.groupFullPath(group),
      parent_id: group.parent_id,
      avatar_url: null,
      web_url: `${store.origin}/groups/${store.groupFullPath(group)}`,
    };
  }
  const user = store.users.get(ns?.ownerId ?? -1);
  return {
    id: namespaceId,
    name: user?.name ?? '',
    path: user?.username ?? '',
    kind: 'user',
    full_path: user?.username ?? '',
    parent_id: null,
    avatar_url: null,
    web_url: `${store.origin}/${user?.username ?? ''}`,
  };
}

export function nameWithNamespace(store: Store, project: Project): string {
  const ns = store.namespaces.get(project.namespace_id);
  if (ns?.kind === 'group') return `${store.groupFullName(store.groups.get(ns.ownerId) as Group)} / ${project.name}`;
  return `${store.users.get(ns?.ownerId ?? -1)?.name ?? ''} / ${project.name}`;
}

function starCount(store: Store, project: Project): number {
  return ((project.attrs.seed_stars as number | undefined) ?? 0) + (store.stars.get(project.id)?.size ?? 0);
}

/** The full view without `permissions` (which depends on the caller), as JSON bytes, cached. */
function fullViewJson(store: Store, project: Project): Buffer {
  refreshImport(store, project);
  return store.views.json(project, () => {
    const { seed_stars: _seed, seed_open_issues: _issues, ...attrs } = { ...PROJECT_DEFAULTS, ...project.attrs };
    const full = store.projectFullPath(project);
    const urls = projectUrls(store, project);
    const ns = store.namespaces.get(project.namespace_id);
    const owner = ns?.kind === 'user' ? store.users.get(ns.ownerId) : undefined;
    const source = project.forked_from_id === null ? undefined : store.projects.get(project.forked_from_id);
    // The full view is the simple view plus everything else.
    const view: Record<string, unknown> = {
      ...simpleView(store, project),
      license_url: `${urls.web_url}/-/blob/main/LICENSE`,
      container_registry_image_prefix: `registry.${new URL(store.origin).hostname}/${full}`,
      _links: {
        self: `${store.origin}/api/v4/projects/${project.id}`,
        issues: `${store.origin}/api/v4/projects/${project.id}/issues`,
        merge_requests: `${store.origin}/api/v4/projects/${project.id}/merge_requests`,
        repo_branches: `${store.origin}/api/v4/projects/${project.id}/repository/branches`,
        labels: `${store.origin}/api/v4/projects/${project.id}/labels`,
        events: `${store.origin}/api/v4/projects/${project.id}/events`,
        members: `${store.origin}/api/v4/projects/${project.id}/members`,
      },
      ...(owner ? { owner: { id: owner.id, name: owner.name, created_at: owner.created_at } } : {}),
      visibility: project.visibility,
      archived: project.archived,
      creator_id: project.creator_id,
      open_issues_count: (project.attrs.seed_open_issues as number | undefined) ?? 0,
      import_status: project.import.status,
      import_error: project.import.error,
      shared_with_groups: project.shares.map((share) => {
        const group = store.groups.get(share.group_id);
        return {
          group_id: share.group_id,
          group_name: group?.name ?? '',
          group_full_path: group ? store.groupFullPath(group) : '',
          group_access_level: share.group_access_level,
          expires_at: share.expires_at,
        };
      }),
      marked_for_deletion_at: project.marked_for_deletion_on,
      marked_for_deletion_on: project.marked_for_deletion_on,
      // More fields no table of collab's sets, at GitLab's defaults (doc/api/projects.md, "Get a single
      // project"); a value stored for one wins. The sandbox keeps no separate record time: updated_at is
      // its last activity. description_html is the text as one paragraph, not rendered Markdown.
      description_html: project.description ? `<p dir="auto">${escapeHtml(project.description)}</p>` : '',
      updated_at: project.last_activity_at,
      allow_pipeline_trigger_approve_deployment: false,
      ci_allow_fork_pipelines_to_run_in_parent_project: true,
      ci_forward_deployment_rollback_allowed: true,
      ci_pipeline_variables_minimum_override_role: PIPELINE_VARIABLES_DEFAULT_ROLE,
      ci_push_repository_for_job_token_allowed: false,
      ci_restrict_pipeline_cancellation_role: 'developer',
      group_runners_enabled: true,
      issue_branch_template: null,
      pre_receive_secret_detection_enabled: false,
      warn_about_potentially_unwanted_characters: true,
      ...attrs,
      emails_enabled: attrs.emails_enabled ?? !attrs.emails_disabled,
      // Fields no request of collab's sets (doc/api/projects.md, "Get a single project"): the
      // switches derived from their access levels, and what the sandbox never configures.
      requirements_enabled: attrs.requirements_access_level !== 'disabled',
      security_and_compliance_enabled: attrs.security_and_compliance_access_level !== 'disabled',
      ci_job_token_scope_enabled: false,
      ci_separated_caches: true,
      enforce_auth_checks_on_uploads: true,
      import_type: typeof attrs.import_url === 'string' ? 'git' : null,
      runner_token_expiration_interval: null,
      service_desk_address: null,
      ...(source
        ? {
            forked_from_project: simpleView(store, source),
            mr_default_target_self: project.attrs.mr_default_target_self ?? false,
          }
        : {}),
    };
    // Credentials in an import URL are never echoed back.
    if (typeof view.import_url === 'string') view.import_url = mirrorUrlWithoutCredentials(view.import_url);
    return Buffer.from(JSON.stringify(view));
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function runnersToken(project: Project): string {
  return `GR1348941sandbox${project.id.toString(16).padStart(8, '0')}`;
}

interface ProjectViewOptions {
  /** A single read (GET /projects/:id): adds what only details carry (the runners token). */
  details?: boolean;
  simple?: boolean;
  statistics?: boolean;
  license?: boolean;
  customAttributes?: boolean;
}

/**
 * A JSON text in two pieces, for lists: `head` without its last byte (the closing brace of the
 * cached view), then `tail`. A page copies the cached bytes instead of building a string of them.
 */
export interface JsonPieces {
  head: Buffer;
  tail: string;
}

/** A project as the caller may see it: simple (anonymous or simple=true) or full with permissions. */
export function projectJsonPieces(
  store: Store,
  project: Project,
  user: User | undefined,
  options: ProjectViewOptions = {},
): string | JsonPieces {
  if (!user || options.simple) return JSON.stringify(simpleView(store, project));
  const base = fullViewJson(store, project);
  const access = projectAccess(store, user, project);
  const ns = store.namespaces.get(project.namespace_id);
  const groupLevel = ns?.kind === 'group' ? groupAccess(store, user, store.groups.get(ns.ownerId) as Group) : 0;
  const directLevel =
    project.members.get(user.id) ?? (ns?.kind === 'user' && ns.ownerId === user.id ? ACCESS.owner : 0);
  let extra = `,"permissions":{"project_access":${directLevel ? `{"access_level":${directLevel},"notification_level":3}` : 'null'},"group_access":${groupLevel ? `{"access_level":${groupLevel},"notification_level":3}` : 'null'}}`;
  // The runners token is a secret: only maintainers and above see it, on a single read (as GitLab's
  // ProjectWithAccess entity does), so it is never in the cached text nor in lists.
  if (options.details && access >= ACCESS.maintainer) extra += `,"runners_token":"${runnersToken(project)}"`;
  if (options.statistics && access >= ACCESS.reporter) extra += `,"statistics":${JSON.stringify(project.statistics)}`;
  if (options.license) extra += `,"license":${JSON.stringify(LICENSE)}`;
  if (options.customAttributes && user.is_admin)
    extra += `,"custom_attributes":${JSON.stringify(Object.entries(project.custom_attributes).map(([key, value]) => ({ key, value })))}`;
  return { head: base, tail: `${extra}}` };
}

/** projectJsonPieces as one text, for single reads. */
export function projectJson(
  store: Store,
  project: Project,
  user: User | undefined,
  options: ProjectViewOptions = {},
): string {
  return piecesText(projectJsonPieces(store, project, user, options));
}

function piecesText(json: string | JsonPieces): string {
  return typeof json === 'string' ? json : `${json.head.toString('utf8', 0, json.head.length - 1)}${json.tail}`;
}

/**
 * GET /projects/:id without a token (a public project): the full view, as GitLab gives it, but
 * without permissions and without the runners token. Lists stay simple for anonymous callers.
 */
export function anonymousProjectJson(store: Store, project: Project, options: ProjectViewOptions = {}): string {
  const view = JSON.parse(fullViewJson(store, project).toString()) as Record<string, unknown>;
  if (options.license) view.license = LICENSE;
  return JSON.stringify(view);
}

function projectObject(
  store: Store,
  project: Project,
  user: User | undefined,
  options: ProjectViewOptions = {},
): Record<string, unknown> {
  return JSON.parse(projectJson(store, project, user, options)) as Record<string, unknown>;
}

export function simpleView(store: Store, project: Project): Record<string, unknown> {
  const full = store.projectFullPath(project);
  const urls = projectUrls(store, project);
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: nameWithNamespace(store, project),
    path: project.path,
    path_with_namespace: full,
    created_at: project.created_at,
    default_branch: project.attrs.default_branch ?? PROJECT_DEFAULTS.default_branch,
    tag_list: project.topics,
    topics: project.topics,
    ssh_url_to_repo: urls.ssh_url_to_repo,
    http_url_to_repo: urls.http_url_to_repo,
    web_url: urls.web_url,
    readme_url: urls.readme_url,
    avatar_url: urls.avatar_url,
    forks_count: store.forkCounts.get(project.id) ?? 0,
    star_count: starCount(store, project),
    last_activity_at: project.last_activity_at,
    namespace: namespaceView(store, project.namespace_id),
  };
}

interface GroupViewOptions {
  details?: boolean;
  statistics?: boolean;
  customAttributes?: boolean;
  withProjects?: boolean;
}

/**
 * The rules a default_branch_protection level stands for (doc/api/groups.md, "Options for
 * default_branch_protection"): who pushes, who merges, whether force pushes are allowed.
 */
function branchProtectionDefaults(level: number): Record<string, unknown> {
  const [push, force, merge] = ([
    [30, true, 30],
    [30, false, 40],
    [40, false, 40],
    [40, true, 30],
    [40, false, 40],
  ][level] ?? [40, false, 40]) as [number, boolean, number];
  return {
    allowed_to_push: [{ access_level: push }],
    allow_force_push: force,
    allowed_to_merge: [{ access_level: merge }],
    ...(level === 4 ? { developer_can_initial_push: true } : {}),
  };
}

/** A group as the list and details endpoints show it. */
export function groupObject(
  store: Store,
  group: Group,
  user: User | undefined,
  options: GroupViewOptions = {},
): Record<string, unknown> {
  const full = store.groupFullPath(group);
  const view: Record<string, unknown> = {
    id: group.id,
    web_url: `${store.origin}/groups/${full}`,
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: group.visibility,
    ...GROUP_DEFAULTS,
    // The group's LDAP group sync of old (doc/api/groups.md): a single cn, never set here; links are ldap_group_links.
    ldap_cn: null,
    ldap_access: null,
    // Fields no table of collab's sets, at GitLab's defaults (doc/api/groups.md, "List groups").
    default_branch: null,
    repository_storage: 'default',
    ip_restriction_ranges: null,
    math_rendering_limits_enabled: true,
    lock_math_rendering_limits_enabled: false,
    ...group.attrs,
    emails_enabled: group.attrs.emails_enabled ?? group.attrs.emails_disabled !== true,
    default_branch_protection_defaults:
      group.attrs.default_branch_protection_defaults ??
      branchProtectionDefaults(
        Number(group.attrs.default_branch_protection ?? GROUP_DEFAULTS.default_branch_protection),
      ),
    avatar_url: group.avatar
      ? `${store.origin}/uploads/-/system/group/avatar/${group.id}/${group.avatar.filename}`
      : null,
    full_name: store.groupFullName(group),
    full_path: full,
    created_at: group.created_at,
    parent_id: group.parent_id,
    marked_for_deletion_on: group.marked_for_deletion_on,
  };
  if (group.parent_id === null)
    view.prevent_sharing_groups_outside_hierarchy = group.attrs.prevent_sharing_groups_outside_hierarchy ?? false;
  else delete view.prevent_sharing_groups_outside_hierarchy;
  if (options.statistics && user?.is_admin) view.statistics = group.statistics;
  if (options.customAttributes && user?.is_admin)
    view.custom_attributes = Object.entries(group.custom_attributes).map(([key, value]) => ({ key, value }));
  if (options.details) {
    view.shared_with_groups = group.shares.map((share) => {
      const shared = store.groups.get(share.group_id);
      return {
        group_id: share.group_id,
        group_name: shared?.name ?? '',
        group_full_path: shared ? store.groupFullPath(shared) : '',
        group_access_level: share.group_access_level,
        expires_at: share.expires_at,
      };
    });
    if (user && groupAccess(store, user, group) >= ACCESS.owner) {
      view.runners_token = `GR1348941group${group.id.toString(16).padStart(8, '0')}`;
      view.enabled_git_access_protocol = group.attrs.enabled_git_access_protocol ?? 'all';
    }
    if (options.withProjects !== false) {
      // Deprecated (removal in API v5): at most 100 embedded projects each.
      view.projects = store
        .projectsInNamespace(group.id)
        .filter((p) => canReadProject(store, user, p))
        .slice(0, 100)
        .map((p) => projectObject(store, p, user));
      view.shared_projects = store
        .allProjects()
        .filter((p) => p.shares.some((s) => s.group_id === group.id) && canReadProject(store, user, p))
        .slice(0, 100)
        .map((p) => projectObject(store, p, user));
    }
  }
  return view;
}

export function userObject(store: Store, user: User): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    avatar_url: null,
    web_url: `${store.origin}/${user.username}`,
  };
}
