import { FORK_NAMESPACE_PARAMS, FORK_PARAMS } from '../../params/forks.js';
import { DEPRECATED_SWITCHES, PROJECT_PATH_RULE, STARRED_PROJECTS_PARAMS } from '../../params/projects.js';
import { ACCESS, canCreateProjectIn, canFork } from '../access.js';
import { moreVisible } from '../../params/visibility.js';
import { readableProject, requireProjectRole, requireUser } from '../guards.js';
import { apiError, forbidden, HttpError, notFound } from '../errors.js';
import { jsonText, noContent, notModified, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Namespace, Project, User, Visibility } from '../model.js';
import { modelError, readParams } from '../params.js';
import { startImport } from '../jobs.js';
import { newProject } from '../seed.js';
import type { Store } from '../store.js';
import { projectJson } from '../views.js';
import { listProjects } from './project-lists.js';
import { saveExpirationPolicy } from './project-settings.js';

/**
 * Forks and fork relations (the projects API reference). A fork is created at once with import status
 * "scheduled" and copied "in the background" (jobs.ts): its import moves on by the clock
 * (store.forkDurationMs), to "failed" when the source's description contains [fail-import].
 */

function namespaceVisibility(store: Store, ns: Namespace): Visibility {
  if (ns.kind === 'group') return store.groups.get(ns.ownerId)?.visibility ?? 'private';
  return 'public';
}

/** The more private of two visibilities. */
function lower(a: Visibility, b: Visibility): Visibility {
  return moreVisible(a, b) ? b : a;
}

function targetNamespace(req: SandboxRequest, user: User, params: Record<string, unknown>): Namespace | undefined {
  const { store } = req;
  if (params.namespace_id !== undefined) return store.namespaces.get(params.namespace_id as number);
  if (params.namespace_path !== undefined) return store.findNamespace(params.namespace_path as string);
  // Deprecated, still served: an ID or a path.
  if (params.namespace !== undefined) return store.findNamespace(params.namespace as string);
  return store.namespaces.get(user.namespace_id);
}

/**
 * The settings a fork takes from its source besides its name, path, description and visibility:
 * Projects::ForkService's new_fork_params (app/services/projects/fork_service.rb @6202c551, of
 * gitlabhq/gitlabhq's mirror) and fork_new_project's copy of the features' access levels (and so
 * the deprecated switches that read them). Every other setting is a new project's default, as
 * Projects::CreateService makes one: its own merge method, mirror and container expiration policy
 * (app/models/project.rb, after_create :create_container_expiration_policy).
 */
const FORK_COPIED: ReadonlySet<string> = new Set([
  'shared_runners_enabled',
  'ci_config_path',
  'external_authorization_classification_label',
  'suggestion_commit_message',
  'merge_commit_template',
  'squash_commit_template',
]);

const forkInherits = (key: string) =>
  FORK_COPIED.has(key) || key.endsWith('_access_level') || key in DEPRECATED_SWITCHES;

function createFork(req: SandboxRequest, user: User, source: Project): Project {
  const { store } = req;
  const params = readParams(req.input, [...FORK_PARAMS, ...FORK_NAMESPACE_PARAMS]);
  const ns = targetNamespace(req, user, params);
  if (!ns || !canCreateProjectIn(store, user, ns)) throw notFound('Target Namespace');
  const name = (params.name as string | undefined) ?? source.name;
  const path = (params.path as string | undefined) ?? source.path;
  // Every refusal of the new project is a 409 with the model's messages (GitLab's conflict!(errors)).
  const errors: Record<string, string[]> = {};
  if (store.projectNameTaken(ns.id, name)) errors.name = ['has already been taken'];
  const pathProblem = modelError(PROJECT_PATH_RULE, path);
  if (pathProblem) errors.path = [pathProblem];
  else if (store.projectPathTaken(ns.id, path)) errors.path = ['has already been taken'];
  if (Object.keys(errors).length > 0) throw new HttpError(409, { message: errors });
  // ForkService#target_visibility_level: the least of the source's, the target namespace's and the
  // one asked for, so a visibility above the others is lowered, never refused
  // (app/services/projects/fork_service.rb, pavankalisetti009/gitlab @0a1c67c2).
  const ceiling = lower(source.visibility, namespaceVisibility(store, ns));
  const requested = params.visibility as Visibility | undefined;
  const visibility = requested === undefined ? ceiling : lower(requested, ceiling);

  const fork = newProject(store, {
    name,
    path,
    namespace_id: ns.id,
    visibility,
    description: (params.description as string | undefined) ?? source.description,
    creator_id: user.id,
  });
  fork.attrs = Object.fromEntries(Object.entries(source.attrs).filter(([key]) => forkInherits(key)));
  // `@project.ci_default_git_depth || 0`: a depth the source leaves unset is none, not the default.
  if ('ci_default_git_depth' in source.attrs) fork.attrs.ci_default_git_depth = source.attrs.ci_default_git_depth ?? 0;
  if (source.avatar) fork.avatar = source.avatar;
  if (params.mr_default_target_self !== undefined) fork.attrs.mr_default_target_self = params.mr_default_target_self;
  saveExpirationPolicy(fork, store.now());
  fork.branches = [...source.branches];
  fork.tags = source.tags.map((tag) => ({ ...tag }));
  fork.languages = { ...source.languages };
  fork.statistics = { ...source.statistics, uploads_size: 0 };
  startImport(store, fork, source, 'fork');
  store.addProject(fork);
  store.setForkedFrom(fork, source.id);
  return fork;
}

/** 201 with the new project, import status "scheduled"; 404 if the caller cannot fork it or cannot create projects in the target namespace; 409 if the name or path is taken. */
function forkProject(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  const source = readableProject(req);
  // GitLab: not_found! unless can?(current_user, :fork_project, user_project).
  if (!canFork(req.store, user, source)) throw notFound();
  const fork = createFork(req, user, source);
  return jsonText(projectJson(req.store, fork, user), 201);
}

/** Owners and administrators of :id; 409 if it is already a fork. */
function markAsFork(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  const project = readableProject(req);
  requireProjectRole(req, project, ACCESS.owner);
  const source = readableProject(req, req.params.forked_from_id);
  if (!canFork(req.store, user, source)) throw forbidden();
  if (project.forked_from_id !== null) throw new HttpError(409, { message: 'Project already forked' });
  // GitLab does not check this; a project marked as its own fork would only confuse.
  // Projects::ForkService#link_existing_project's :self_fork, which lib/api/projects.rb renders
  // with render_api_error!(message, 400) (pavankalisetti009/gitlab app/services/projects/
  // fork_service.rb @0a1c67c2, lib/api/projects.rb @00d599a4).
  if (source.id === project.id) throw apiError(400, 'Target project cannot be equal to source project');
  req.store.setForkedFrom(project, source.id);
  return jsonText(projectJson(req.store, project, user), 201);
}

/** Owners and administrators; 204, or 304 when the project is not a fork (GitLab's not_modified!). */
function unmarkAsFork(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const project = readableProject(req);
  requireProjectRole(req, project, ACCESS.owner);
  if (project.forked_from_id === null) return notModified();
  req.store.setForkedFrom(project, null);
  return noContent();
}

/** The forks the caller can see, with the filters of starred_projects (those of GET /projects). */
function listForks(req: SandboxRequest): SandboxResponse {
  const source = readableProject(req);
  const forks = req.store.allProjects().filter((p) => p.forked_from_id === source.id);
  return listProjects(req, forks, STARRED_PROJECTS_PARAMS, { keyset: false });
}

export const forkRoutes: readonly Route[] = [
  ['POST', '/projects/:id/fork', forkProject],
  ['POST', '/projects/:id/fork/:forked_from_id', markAsFork],
  ['DELETE', '/projects/:id/fork', unmarkAsFork],
  ['GET', '/projects/:id/forks', listForks],
];
