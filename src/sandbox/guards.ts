import type { ParamSpec } from '../params/types.js';
import { canReadGroup, canReadProject, groupAccess, isAdministrator, projectAccess } from './access.js';
import { forbidden, HttpError, notFound, unauthorized } from './errors.js';
import type { SandboxRequest } from './http.js';
import type { Group, Project, User } from './model.js';
import type { Store } from './store.js';

/**
 * The access policy (access.ts) applied to a request: each guard answers as the service does when
 * the policy refuses (401 without a token, 404 for what the caller may not see, 403 for what they
 * see but may not do, 301 from the old path of a moved project or group), or returns what it found.
 */

/** Most endpoints need a token: 401 without one. */
export function requireUser(req: SandboxRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}

/**
 * Who a request asking for `sudo` (the Sudo header or parameter) acts as: an administrator's runs
 * as that user (username, or ID when all digits); others get 403, an unknown user 404, no token 401.
 */
export function sudoUser(store: Store, caller: User | undefined, ref: string): User {
  if (!caller) throw unauthorized();
  if (!isAdministrator(caller)) throw forbidden('Must be admin to use sudo');
  const user = store.userByName(ref);
  if (!user) throw notFound('User');
  return user;
}

/**
 * The project named by `ref` (the path's :id by default) that the caller may read; 404 otherwise,
 * as the service hides what one may not see. The old path of a moved project answers 301 to its
 * new address (as GitLab does).
 */
export function readableProject(req: SandboxRequest, ref: string | undefined = req.params.id): Project {
  const { store, user } = req;
  const project = ref === undefined ? undefined : store.findProject(ref);
  if (project && canReadProject(store, user, project)) return project;
  if (!project) redirectMoved(req, 'project', ref);
  throw notFound('Project');
}

/** The same for a group; the old path of a moved group answers 301 as a project's does. */
export function readableGroup(req: SandboxRequest, ref: string | undefined = req.params.id): Group {
  const { store, user } = req;
  const group = ref === undefined ? undefined : store.findGroup(ref);
  if (group && canReadGroup(store, user, group)) return group;
  if (!group) redirectMoved(req, 'group', ref);
  throw notFound('Group');
}

/** 301 to the same request at the new path of the project or group the path's :id named before a move, if the caller may read it. */
function redirectMoved(req: SandboxRequest, kind: 'project' | 'group', ref: string | undefined): void {
  const { store, user } = req;
  if (ref === undefined || ref !== req.params.id || /^\d+$/.test(ref)) return;
  const id = store.redirects[kind].get(ref.toLowerCase());
  const project = kind === 'project' && id !== undefined ? store.projects.get(id) : undefined;
  const group = kind === 'group' && id !== undefined ? store.groups.get(id) : undefined;
  const fullPath =
    project && canReadProject(store, user, project)
      ? store.projectFullPath(project)
      : group && canReadGroup(store, user, group)
        ? store.groupFullPath(group)
        : undefined;
  if (fullPath === undefined) return;
  const rest = req.url.pathname.replace(new RegExp(`^/api/v4/${kind}s/[^/]+`), '');
  const location = `${store.origin}/api/v4/${kind}s/${encodeURIComponent(fullPath)}${rest}${req.url.search}`;
  throw new HttpError(301, { message: '301 Moved Permanently' }, { location });
}

/** 401 without a token, 403 unless the caller's role in the project is at least `level` (administrators have every role). */
export function requireProjectRole(req: SandboxRequest, project: Project, level: number): User {
  const user = requireUser(req);
  if (projectAccess(req.store, user, project) < level) throw forbidden();
  return user;
}

/**
 * The same where GitLab's endpoint refuses a role too short with `unauthorized!` (401, as for no
 * token) rather than 403: lib/api/remote_mirrors.rb's `before` block, for admin_remote_mirror.
 * A project the caller may not see is still 404 (`user_project` is found first).
 */
export function requireProjectRoleOr401(req: SandboxRequest, project: Project, level: number): User {
  const user = requireUser(req);
  if (projectAccess(req.store, user, project) < level) throw unauthorized();
  return user;
}

/** The same in a group (Owner is GitLab's admin_group). */
export function requireGroupRole(req: SandboxRequest, group: Group, level: number): User {
  const user = requireUser(req);
  if (groupAccess(req.store, user, group) < level) throw forbidden();
  return user;
}

/** Administrators only (GitLab's authenticated_as_admin!): 401 without a token, a plain 403 otherwise. */
export function requireAdmin(req: SandboxRequest): User {
  const user = requireUser(req);
  if (!isAdministrator(user)) throw forbidden();
  return user;
}

/** Settings only administrators may set (GitLab's authenticated_as_admin!: a plain 403). */
export function refuseAdminOnly(user: User, params: Record<string, unknown>, specs: readonly ParamSpec[]): void {
  if (isAdministrator(user)) return;
  if (specs.some((spec) => spec.adminOnly && params[spec.name] !== undefined)) throw forbidden();
}

/** A project or a group that owns something (hooks, push rules, shares), with its ID. */
type ProjectOwner = { kind: 'project'; id: number; project: Project };
type GroupOwner = { kind: 'group'; id: number; group: Group };
export type OwnerRef = ProjectOwner | GroupOwner;

/** The project or group of `:id` that the caller may manage with role `minimum`: 401, 404 when it cannot even be seen, 403 below the role. */
export function findOwner(req: SandboxRequest, kind: 'project', minimum: number): ProjectOwner;
export function findOwner(req: SandboxRequest, kind: 'group', minimum: number): GroupOwner;
export function findOwner(req: SandboxRequest, kind: OwnerRef['kind'], minimum: number): OwnerRef;
export function findOwner(req: SandboxRequest, kind: OwnerRef['kind'], minimum: number): OwnerRef {
  requireUser(req);
  if (kind === 'project') {
    const project = readableProject(req);
    requireProjectRole(req, project, minimum);
    return { kind, id: project.id, project };
  }
  const group = readableGroup(req);
  requireGroupRole(req, group, minimum);
  return { kind, id: group.id, group };
}
