import { FORK_NAMESPACE_PARAMS, FORK_PARAMS } from '../../params/project-extras.js';
import { projectPathProblem, STARRED_PROJECTS_PARAMS } from '../../params/projects.js';
import { badRequest, forbidden, HttpError, notFound } from '../errors.js';
import { jsonText, noContent, notModified, type Router, type SandboxRequest } from '../http.js';
import type { Namespace, Project, User, Visibility } from '../model.js';
import { paginateArray, sortBy } from '../pagination.js';
import { readParams } from '../params.js';
import { newProject } from '../seed.js';
import { ACCESS, type Store } from '../store.js';
import { projectJson, projectJsonPieces } from '../views.js';
import { memberLevel, requireRole, requireUser, visibleProject } from './project-actions.js';

/**
 * Forks and fork relations (spec/3-projects.md). A fork is created at once with import status
 * "scheduled" and copied "in the background": views.ts refreshImport moves it on by the clock
 * (store.forkDurationMs), to "failed" when the source's description contains [fail-import].
 */

const RANK: Record<Visibility, number> = { private: 0, internal: 1, public: 2 };

/**
 * GitLab's fork_project ability: the project is readable, forking is not disabled (or limited to
 * members), and a private project needs the reporter role.
 */
function canFork(store: Store, user: User, project: Project): boolean {
  if (user.is_admin) return true;
  if (!store.canReadProject(user, project)) return false;
  const level = store.projectAccess(user, project);
  const forking = String(project.attrs.forking_access_level ?? 'enabled');
  if (forking === 'disabled' || (forking === 'private' && level < ACCESS.guest)) return false;
  return project.visibility !== 'private' || level >= ACCESS.reporter;
}

/** Who may create projects in a namespace: its user (not external ones), or group roles per project_creation_level. */
function canCreateIn(store: Store, user: User, ns: Namespace): boolean {
  if (user.is_admin) return true;
  if (ns.kind === 'user') return ns.ownerId === user.id && !user.external;
  const group = store.groups.get(ns.ownerId);
  if (!group) return false;
  const level = store.groupAccess(user, group);
  const rule = String(group.attrs.project_creation_level ?? 'developer');
  if (rule === 'noone') return false;
  return level >= (rule === 'maintainer' ? ACCESS.maintainer : ACCESS.developer);
}

function namespaceVisibility(store: Store, ns: Namespace): Visibility {
  if (ns.kind === 'group') return store.groups.get(ns.ownerId)?.visibility ?? 'private';
  return 'public';
}

function targetNamespace(req: SandboxRequest, user: User, params: Record<string, unknown>): Namespace | undefined {
  const { store } = req;
  if (params.namespace_id !== undefined) return store.namespaces.get(params.namespace_id as number);
  if (params.namespace_path !== undefined) return store.findNamespace(params.namespace_path as string);
  // Deprecated, still served: an ID or a path.
  if (params.namespace !== undefined) return store.findNamespace(params.namespace as string);
  return store.namespaces.get(user.namespace_id);
}

/** Settings a fork does not inherit: the source's own mirror and seeded star count. */
const NOT_COPIED = ['seed_stars', 'mirror', 'mirror_trigger_builds', 'only_mirror_protected_branches', 'mirror_overwrites_diverged_branches', 'mirror_user_id', 'import_url', 'mr_default_target_self'];

function createFork(req: SandboxRequest, user: User, source: Project): Project {
  const { store } = req;
  const params = readParams(req.input, [...FORK_PARAMS, ...FORK_NAMESPACE_PARAMS]);
  const ns = targetNamespace(req, user, params);
  if (!ns || !canCreateIn(store, user, ns)) throw notFound('Target Namespace');
  const name = (params.name as string | undefined) ?? source.name;
  const path = (params.path as string | undefined) ?? source.path;
  // Every refusal of the new project is a 409 with the model's messages (GitLab's conflict!(errors)).
  const errors: Record<string, string[]> = {};
  if (store.projectNameTaken(ns.id, name)) errors.name = ['has already been taken'];
  const pathProblem = projectPathProblem(path);
  if (pathProblem) errors.path = [pathProblem];
  else if (store.projectPathTaken(ns.id, path)) errors.path = ['has already been taken'];
  const ceiling = Math.min(RANK[source.visibility], RANK[namespaceVisibility(store, ns)]);
  const requested = params.visibility as Visibility | undefined;
  if (requested !== undefined && RANK[requested] > RANK[source.visibility]) errors.visibility_level = [`${requested} is not allowed since the fork source project has lower visibility.`];
  else if (requested !== undefined && RANK[requested] > ceiling) errors.visibility_level = [`${requested} is not allowed in a ${namespaceVisibility(store, ns)} group.`];
  if (Object.keys(errors).length > 0) throw new HttpError(409, { message: errors });
  const visibility = requested ?? ((Object.keys(RANK) as Visibility[]).find((v) => RANK[v] === ceiling) as Visibility);

  const fork = newProject(store, { name, path, namespace_id: ns.id, visibility, description: (params.description as string | undefined) ?? source.description, creator_id: user.id });
  fork.attrs = Object.fromEntries(Object.entries(source.attrs).filter(([key]) => !NOT_COPIED.includes(key)));
  if (params.mr_default_target_self !== undefined) fork.attrs.mr_default_target_self = params.mr_default_target_self;
  fork.topics = [...source.topics];
  fork.languages = { ...source.languages };
  fork.statistics = { ...source.statistics, uploads_size: 0 };
  fork.import = { status: 'scheduled', error: null, startedAt: Date.now(), durationMs: store.forkDurationMs, willFail: (source.description ?? '').includes('[fail-import]') };
  store.addProject(fork);
  store.setForkedFrom(fork, source.id);
  return fork;
}

/** The filters of GET /projects/:id/forks (those of starred_projects). */
function filterForks(req: SandboxRequest, forks: Project[]): Project[] {
  const { store, user } = req;
  const f = readParams(req.input, STARRED_PROJECTS_PARAMS) as Record<string, unknown>;
  let out = forks;
  if (f.archived !== undefined) out = out.filter((p) => p.archived === f.archived);
  if (f.visibility !== undefined) out = out.filter((p) => p.visibility === f.visibility);
  if (typeof f.search === 'string' && f.search) {
    const search = f.search.toLowerCase();
    out = out.filter((p) => [p.name, p.path, p.description ?? ''].some((text) => text.toLowerCase().includes(search)));
  }
  if (f.owned === true) out = out.filter((p) => memberLevel(store, user, p) >= ACCESS.owner);
  if (f.membership === true) out = out.filter((p) => memberLevel(store, user, p) >= ACCESS.guest);
  if (f.min_access_level !== undefined) out = out.filter((p) => memberLevel(store, user, p) >= (f.min_access_level as number));
  if (f.starred === true) out = out.filter((p) => user !== undefined && (store.stars.get(p.id)?.has(user.id) ?? false));
  if (f.with_issues_enabled === true) out = out.filter((p) => p.attrs.issues_access_level !== 'disabled' && p.attrs.issues_enabled !== false);
  if (f.with_merge_requests_enabled === true) out = out.filter((p) => p.attrs.merge_requests_access_level !== 'disabled' && p.attrs.merge_requests_enabled !== false);
  const orderBy = (f.order_by as string | undefined) ?? 'created_at';
  const key = (p: Project): string | number => (orderBy === 'id' ? p.id : orderBy === 'name' ? p.name.toLowerCase() : orderBy === 'path' ? p.path.toLowerCase() : orderBy === 'created_at' ? p.created_at : p.last_activity_at);
  return sortBy(out, key, (f.sort as 'asc' | 'desc' | undefined) ?? 'desc');
}

export function register(router: Router): void {
  /** 201 with the new project, import status "scheduled"; 404 if the caller cannot fork it or cannot create projects in the target namespace; 409 if the name or path is taken. */
  router.post('/projects/:id/fork', (req) => {
    const user = requireUser(req);
    const source = visibleProject(req, req.params.id);
    // GitLab: not_found! unless can?(current_user, :fork_project, user_project).
    if (!canFork(req.store, user, source)) throw notFound();
    const fork = createFork(req, user, source);
    return jsonText(projectJson(req.store, fork, user), 201);
  });

  /** Owners and administrators of :id; 409 if it is already a fork. */
  router.post('/projects/:id/fork/:forked_from_id', (req) => {
    const user = requireUser(req);
    const project = visibleProject(req, req.params.id);
    requireRole(req, project, ACCESS.owner);
    const source = visibleProject(req, req.params.forked_from_id);
    if (!canFork(req.store, user, source)) throw forbidden();
    if (project.forked_from_id !== null) throw new HttpError(409, { message: 'Project already forked' });
    // GitLab does not check this; a project marked as its own fork would only confuse.
    if (source.id === project.id) throw badRequest('a project cannot be a fork of itself');
    req.store.setForkedFrom(project, source.id);
    return jsonText(projectJson(req.store, project, user), 201);
  });

  /** Owners and administrators; 204, or 304 when the project is not a fork (GitLab's not_modified!). */
  router.delete('/projects/:id/fork', (req) => {
    requireUser(req);
    const project = visibleProject(req, req.params.id);
    requireRole(req, project, ACCESS.owner);
    if (project.forked_from_id === null) return notModified();
    req.store.setForkedFrom(project, null);
    return noContent();
  });

  /** The forks the caller can see, with the filters of starred_projects. */
  router.get('/projects/:id/forks', (req) => {
    const { store, user } = req;
    const source = visibleProject(req, req.params.id);
    const forks = store.allProjects().filter((p) => p.forked_from_id === source.id && store.canReadProject(user, p));
    const f = readParams(req.input, STARRED_PROJECTS_PARAMS) as Record<string, boolean | undefined>;
    const view = { simple: f.simple === true, statistics: f.statistics === true, customAttributes: f.with_custom_attributes === true };
    return paginateArray(req, filterForks(req, forks), (p) => projectJsonPieces(store, p, user, view));
  });
}
