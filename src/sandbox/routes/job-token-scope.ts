import { JOB_TOKEN_SCOPE_DEFAULTS } from '../../params/job-token-scope.js';
import { ACCESS, canReadGroup, canReadProject } from '../access.js';
import { findOwner, requireUser } from '../guards.js';
import { badRequest, notFound, paramError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, JobTokenScope, Project, User } from '../model.js';
import { paginateArray } from '../pagination.js';
import { bool, int, requireInt } from '../params.js';
import type { Store } from '../store.js';
import { groupObject, simpleView } from '../views.js';

/**
 * A project's CI/CD job token scope, as GitLab's doc/api/project_job_token_scopes.md
 * (gitlabhq/gitlabhq 08ed20f9) serves it: every route needs the Maintainer role ("The
 * authenticated user must have at least the Maintainer role for the project"), and an allowlist's
 * POST and DELETE the project's numeric ID (allowlistProject). PATCH requires
 * `enabled` and answers 204; an allowlist is added to by the ID of a project or group (404 for
 * none, 400 for one the caller cannot read), 201 with the pair, and an entry already there is
 * refused (400, as lib/api/project_job_token_scope.rb answers the add service's error); removal is 204.
 * The project itself heads its own allowlist (Ci::JobToken::Allowlist#projects is the source
 * project and its links: app/models/ci/job_token/allowlist.rb, gitlabhq 800235cc): adding it is
 * the link's validation error, removing it, or an entry not there, the remove service's message,
 * each 400 as lib/api/project_job_token_scope.rb (gitlabhq d57f7e7a) answers them
 * (app/models/ci/job_token/project_scope_link.rb, app/services/ci/job_token_scope/
 * remove_project_service.rb and remove_group_service.rb); a target that does not exist is 404.
 */

function scopedProject(req: SandboxRequest): Project {
  return findOwner(req, 'project', ACCESS.maintainer).project;
}

/**
 * The project of an allowlist's POST or DELETE, which GitLab names by its numeric ID alone: those
 * four routes declare `requires :id, type: Integer` (lib/api/project_job_token_scope.rb,
 * skratsch-solutions/gitlabhq @50618c7d, a copy of gitlab-org/gitlab), so a URL-encoded path is
 * Grape's 400 `id is invalid`, asked before the project is looked up or the caller's role. The
 * doc (doc/api/project_job_token_scopes.md @ec05f6eb) says "integer or string" for each; the
 * other routes of the scope take either.
 */
function allowlistProject(req: SandboxRequest): Project {
  // The `before { authenticate! }` block runs first: 401 without a token.
  requireUser(req);
  if (!/^\d+$/.test(req.params.id ?? '')) throw paramError('id is invalid');
  return scopedProject(req);
}

/** The project's scope, GitLab's defaults where nothing was set. */
export function scopeOf(store: Store, project: Project): JobTokenScope {
  return store.jobTokenScopes.get(project.id) ?? { ...JOB_TOKEN_SCOPE_DEFAULTS, projects: [], groups: [] };
}

function writableScope(store: Store, project: Project): JobTokenScope {
  const scope = scopeOf(store, project);
  store.jobTokenScopes.set(project.id, scope);
  return scope;
}

function viewScope(req: SandboxRequest): SandboxResponse {
  // outbound_enabled is deprecated and always false from GitLab 18.0 on.
  return json({ inbound_enabled: scopeOf(req.store, scopedProject(req)).inbound_enabled, outbound_enabled: false });
}

function patchScope(req: SandboxRequest): SandboxResponse {
  const project = scopedProject(req);
  const enabled = bool(req.input, 'enabled');
  if (enabled === undefined) throw paramError('enabled is missing');
  writableScope(req.store, project).inbound_enabled = enabled;
  return noContent();
}

function listProjects(req: SandboxRequest): SandboxResponse {
  const project = scopedProject(req);
  const scope = scopeOf(req.store, project);
  const projects = [project, ...scope.projects.flatMap((id) => req.store.projects.get(id) ?? [])];
  return paginateArray(req, projects, (p) => JSON.stringify(simpleView(req.store, p)));
}

function listGroups(req: SandboxRequest): SandboxResponse {
  const scope = scopeOf(req.store, scopedProject(req));
  const groups = scope.groups.flatMap((id) => req.store.groups.get(id) ?? []);
  return paginateArray(req, groups, (g) => {
    const { id, web_url, name } = groupObject(req.store, g, req.user);
    return JSON.stringify({ id, web_url, name });
  });
}

/** POST: the entry by the ID of a project or group the caller can read; one already there is refused. */
function addTo(list: 'projects' | 'groups') {
  const [param, what] = list === 'projects' ? ['target_project_id', 'project'] : ['target_group_id', 'group'];
  return (req: SandboxRequest): SandboxResponse => {
    // Grape's parameters before `authorize_admin_project`, the endpoint's first line: a target
    // not given is 400 whoever asks (lib/api/project_job_token_scope.rb @50618c7d).
    requireUser(req);
    if (!/^\d+$/.test(req.params.id ?? '')) throw paramError('id is invalid');
    const targetId = requireInt(req.input, param);
    const project = allowlistProject(req);
    const user = req.user as User;
    const target = list === 'projects' ? req.store.projects.get(targetId) : req.store.groups.get(targetId);
    const visible =
      target !== undefined &&
      (list === 'projects'
        ? canReadProject(req.store, user, target as Project)
        : canReadGroup(req.store, user, target as Group));
    // lib/api/project_job_token_scope.rb finds the target by ID alone (`not_found!("target_project_id
    // not found")`); one the caller may not read is the add service's validation, a 400
    // (Ci::JobTokenScope::EditScopeValidations, gitlabhq/gitlabhq's mirror; the doc names neither).
    if (target === undefined) throw notFound(`${param} not found`);
    if (!visible) throw badRequest(unreadableTarget(what));
    if (list === 'projects' && targetId === project.id)
      throw badRequest("Validation failed: Target project can't be the same as the source project");
    const scope = writableScope(req.store, project);
    // The add services' words since job token policies (app/services/ci/job_token_scope/
    // add_project_service.rb, add_group_service.rb and their specs in gitlabhq/gitlabhq's mirror;
    // the doc names no refusal): "Target project is already in the job token scope" before.
    if (scope[list].includes(targetId)) throw badRequest(`This ${what} is already in the job token allowlist.`);
    scope[list].push(targetId);
    return json({ source_project_id: project.id, [param]: targetId }, 201);
  };
}

/** EditScopeValidations' TARGET_PROJECT_UNAUTHORIZED_OR_UNFOUND and TARGET_GROUP_UNAUTHORIZED_OR_UNFOUND. */
const unreadableTarget = (what: string) =>
  `The target_${what} that you are attempting to access does not exist or you don't have permission to perform this action`;

function removeFrom(list: 'projects' | 'groups', param: string, what: string) {
  return (req: SandboxRequest): SandboxResponse => {
    const project = allowlistProject(req);
    const targetId = int(req.params, param);
    const exists =
      targetId !== undefined && (list === 'projects' ? req.store.projects : req.store.groups).has(targetId);
    // A project by find_project! (404 `Project Not Found`), a group by ID alone (`not_found!("target_group_id not found")`).
    if (!exists) throw notFound(list === 'projects' ? what : `${param} not found`);
    if (list === 'projects' && targetId === project.id)
      throw badRequest('Source project cannot be removed from the job token scope');
    const scope = writableScope(req.store, project);
    const at = scope[list].indexOf(targetId);
    if (at < 0) throw badRequest(`Target ${what.toLowerCase()} is not in the job token scope`);
    scope[list].splice(at, 1);
    return noContent();
  };
}

const BASE = '/projects/:id/job_token_scope';

export const jobTokenScopeRoutes: readonly Route[] = [
  ['GET', BASE, viewScope],
  ['PATCH', BASE, patchScope],
  ['GET', `${BASE}/allowlist`, listProjects],
  ['POST', `${BASE}/allowlist`, addTo('projects')],
  ['DELETE', `${BASE}/allowlist/:target_project_id`, removeFrom('projects', 'target_project_id', 'Project')],
  ['GET', `${BASE}/groups_allowlist`, listGroups],
  ['POST', `${BASE}/groups_allowlist`, addTo('groups')],
  ['DELETE', `${BASE}/groups_allowlist/:target_group_id`, removeFrom('groups', 'target_group_id', 'Group')],
];
