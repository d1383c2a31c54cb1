import { pathFromName } from '../../params/paths.js';
import { PROJECT_SETTINGS } from '../../params/projects.js';
import type { SettingsColumn } from '../../params/types.js';
import {
  ACCESS,
  canCreateProjectIn,
  canNameNamespace,
  canTransferProjectInto,
  groupOfNamespace,
  creatorNeedsMembership,
} from '../access.js';
import { moreVisible } from '../../params/visibility.js';
import { readableProject, requireProjectRole, requireUser, requireAdmin } from '../guards.js';
import { apiError, notFound, paramError, validationError } from '../errors.js';
import { accepted, jsonText, notModified, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { User, Visibility } from '../model.js';
import { str } from '../params.js';
import { markForDeletion, startImport } from '../jobs.js';
import { newProject } from '../seed.js';
import { projectJson } from '../views.js';
import {
  applySettings,
  namingErrors,
  rangeErrors,
  readSettings,
  saveExpirationPolicy,
  visibilityProblem,
} from './project-settings.js';

/**
 * Changing projects (the projects API reference): create (also for a user), update (JSON or multipart
 * with an avatar), delete (delayed in groups), restore, archive, unarchive, star, unstar, transfer.
 */

/** The model's message when a user without personal projects (an external user) makes one there. */
const PERSONAL_PROJECTS_NOT_ALLOWED =
  'Personal project creation is not allowed. Please contact your administrator with questions';

/** POST /projects and POST /projects/user/:user_id: `owner` is who the project is made for and by. */
function createProject(req: SandboxRequest, caller: User, owner: User, column: SettingsColumn): SandboxResponse {
  const { store } = req;
  const settings = readSettings(req, column);
  let name = settings.name as string | undefined;
  let path = settings.path as string | undefined;
  if (name === undefined && path === undefined)
    throw paramError('name, path are missing, at least one parameter must be provided');
  path ??= pathFromName(name as string);
  name ??= path;
  const namespaceGiven = settings.namespace_id !== undefined;
  const namespaceId = (settings.namespace_id as number | undefined) ?? owner.namespace_id;
  const ns = store.namespaces.get(namespaceId);
  // As GitLab's Projects::CreateService: a namespace asked for is checked (and refused as "not
  // valid"); the owner's own namespace is not, and the project model refuses it instead.
  if (!ns || !canCreateProjectIn(store, owner, ns)) {
    throw validationError(
      namespaceGiven || ns?.kind !== 'user'
        ? { namespace: ['is not valid'] }
        : { limit_reached: [PERSONAL_PROJECTS_NOT_ALLOWED] },
    );
  }
  const visibility = (settings.visibility as Visibility | undefined) ?? 'private';
  const errors = { ...namingErrors(store, namespaceId, name, path), ...rangeErrors(settings) };
  const tooVisible = visibilityProblem(store, namespaceId, visibility);
  if (tooVisible) errors.visibility_level = [tooVisible];
  if (settings.mirror === true && typeof settings.import_url !== 'string') errors.import_url = ["can't be blank"];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const project = newProject(store, {
    name,
    path,
    namespace_id: namespaceId,
    visibility,
    description: (settings.description as string | undefined) ?? null,
    creator_id: owner.id,
  });
  const { name: _n, path: _p, visibility: _v, description: _d, ...rest } = settings;
  applySettings(project, rest, caller, store.now());
  // A new project's policy is made with it (app/models/project.rb, after_create), so saved.
  saveExpirationPolicy(project, store.now());
  const seeded =
    settings.initialize_with_readme === true ||
    settings.template_name !== undefined ||
    settings.template_project_id !== undefined;
  project.attrs.empty_repo = !seeded && typeof settings.import_url !== 'string';
  // An empty repository has no branch to make the default; a README makes the one asked for.
  if (!seeded) delete project.attrs.default_branch;
  project.branches = project.attrs.empty_repo ? [] : [String(project.attrs.default_branch ?? 'main')];
  if (typeof settings.import_url === 'string') startImport(store, project, project, 'mirror');
  // A developer allowed to create projects in a group becomes the new project's maintainer.
  const group = groupOfNamespace(store, namespaceId);
  if (group && creatorNeedsMembership(store, owner, group)) project.members.set(owner.id, ACCESS.maintainer);
  store.addProject(project);
  // The answer carries the runners token for a maintainer, as a single read does.
  return jsonText(projectJson(store, project, caller, { details: true }), 201);
}

export function createOwnProject(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  return createProject(req, user, user, 'create');
}

/** Administrators only: a project owned by another user. */
export function createProjectForUser(req: SandboxRequest): SandboxResponse {
  const caller = requireUser(req);
  requireAdmin(req);
  const owner = /^\d+$/.test(req.params.user_id as string)
    ? req.store.users.get(Number(req.params.user_id))
    : undefined;
  if (!owner) throw notFound('User');
  if (str(req.input, 'name') === undefined || str(req.input, 'name') === '') throw paramError('name is missing');
  return createProject(req, caller, owner, 'createForUser');
}

export function updateProject(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  // Grape's parameters (their values, `at_least_one_of`) before the body's user_project and
  // authorize_admin_project (lib/api/projects.rb `put ':id'`, pavankalisetti009/gitlab @00d599a4):
  // a Developer's PUT with none is 400, not 403.
  requireUser(req);
  const settings = readSettings(req, 'update');
  if (Object.keys(settings).length === 0) {
    const names = PROJECT_SETTINGS.filter((s) => s.columns.includes('update')).map((s) => s.name);
    throw paramError(`${names.join(', ')} are missing, at least one parameter must be provided`);
  }
  const project = readableProject(req);
  const caller = requireProjectRole(req, project, ACCESS.maintainer);
  // PUT /projects/:id asks rename_project where a name is given (present: not blank) and
  // change_visibility_level where a visibility is, changed or not (lib/api/projects.rb, `put ':id'`):
  // both owner_access's (app/policies/project_policy.rb @e8d2c257, gitlabhq/gitlabhq), so a
  // Maintainer changes everything but those two.
  const renames = typeof settings.name === 'string' && settings.name.trim() !== '';
  if (renames || settings.visibility !== undefined) requireProjectRole(req, project, ACCESS.owner);
  const errors = {
    ...namingErrors(
      store,
      project.namespace_id,
      settings.name as string | undefined,
      settings.path as string | undefined,
      project.id,
    ),
    ...rangeErrors(settings),
  };
  const tooVisible =
    settings.visibility === undefined
      ? undefined
      : visibilityProblem(store, project.namespace_id, settings.visibility as Visibility);
  if (tooVisible) errors.visibility_level = [tooVisible];
  if (settings.mirror === true && typeof (settings.import_url ?? project.attrs.import_url) !== 'string')
    errors.import_url = ["can't be blank"];
  // GitLab's Project#change_head: the default branch must be one the repository has.
  const branch = settings.default_branch as string | undefined;
  if (branch !== undefined && branch !== project.attrs.default_branch && !project.branches.includes(branch))
    errors.base = [`Could not change HEAD: branch '${branch}' does not exist`];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const oldFullPath = store.projectFullPath(project);
  applySettings(project, settings, caller, store.now());
  project.attrs.updated_at = store.nowIso();
  if (settings.path !== undefined && store.projectFullPath(project) !== oldFullPath) {
    store.reindexProject(project, oldFullPath);
  }
  // With an avatar (multipart) the answer is the project too, with its avatar_url, as GitLab does.
  return jsonText(projectJson(store, project, caller, { details: true }));
}

export function deleteProject(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const project = readableProject(req);
  requireProjectRole(req, project, ACCESS.owner);
  if (project.marked_for_deletion_on) throw apiError(400, 'Project has been already marked for deletion');
  // Paid instance: projects in groups are marked, and removed after the instance's delay
  // (deletion_adjourned_period, 7 days by default); personal projects are deleted at once, by a
  // background job during which the project still answers (store.deletions).
  if (groupOfNamespace(store, project.namespace_id)) {
    markForDeletion(store, project);
  } else store.deletions.add({ kind: 'project', project });
  return accepted();
}

export function restoreProject(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  const caller = requireProjectRole(req, project, ACCESS.owner);
  if (!project.marked_for_deletion_on) throw apiError(400, 'Project has not been marked for deletion');
  project.marked_for_deletion_on = null;
  return jsonText(projectJson(req.store, project, caller), 201);
}

/** Archive and unarchive are idempotent: the same answer whether or not the project was already in that state. */
function setArchived(req: SandboxRequest, archived: boolean): SandboxResponse {
  const project = readableProject(req);
  const caller = requireProjectRole(req, project, ACCESS.owner);
  project.archived = archived;
  return jsonText(projectJson(req.store, project, caller), 201);
}

export const archiveProject = (req: SandboxRequest) => setArchived(req, true);
export const unarchiveProject = (req: SandboxRequest) => setArchived(req, false);

/** Star and unstar: 201 with the project, or 304 when it already was (or was not) starred. */
function setStarred(req: SandboxRequest, starred: boolean): SandboxResponse {
  const { store } = req;
  const user = requireUser(req);
  const project = readableProject(req);
  let stars = store.stars.get(project.id);
  if ((stars?.has(user.id) ?? false) === starred) return notModified();
  if (!stars) {
    stars = new Map();
    store.stars.set(project.id, stars);
  }
  if (starred) stars.set(user.id, store.nowIso());
  else stars.delete(user.id);
  return jsonText(projectJson(store, project, user), 201);
}

export const starProject = (req: SandboxRequest) => setStarred(req, true);
export const unstarProject = (req: SandboxRequest) => setStarred(req, false);

/**
 * PUT /projects/:id/transfer as lib/api/projects.rb (pavankalisetti009/gitlab @00d599a4, a copy
 * of gitlab-org/gitlab) runs it: Grape's `requires :namespace, type: String` before the body, so
 * a namespace left out is 400 whoever asks and wherever; one given empty passes (Grape's presence
 * is the key's) and find_namespace! finds no namespace by it, 404 Namespace Not Found
 * (lib/api/helpers.rb); then `authorize! :change_namespace` (Owners).
 */
export function transferProject(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  requireUser(req);
  const ref = str(req.input, 'namespace');
  if (ref === undefined) throw paramError('namespace is missing');
  const project = readableProject(req);
  const caller = requireProjectRole(req, project, ACCESS.owner);
  const target = ref === '' ? undefined : store.findNamespace(ref);
  if (!target || !canNameNamespace(store, caller, target)) throw notFound('Namespace');
  // GitLab's wording: the model errors of the transfer, as Ruby prints a hash.
  const failed = (reason: string) =>
    apiError(400, `Failed to transfer project {:new_namespace=>[${JSON.stringify(reason)}]}`);
  if (target.id === project.namespace_id) throw failed('Project is already in this namespace.');
  if (!canTransferProjectInto(store, caller, target))
    throw failed("You don't have permission to transfer projects into that namespace.");
  if (store.projectPathTaken(target.id, project.path) || store.projectNameTaken(target.id, project.name))
    throw failed('Project with same name or path in target namespace already exists');
  const oldFullPath = store.projectFullPath(project);
  project.namespace_id = target.id;
  // The project's visibility is lowered to fit its new group.
  const targetGroup = groupOfNamespace(store, target.id);
  if (targetGroup && moreVisible(project.visibility, targetGroup.visibility))
    project.visibility = targetGroup.visibility;
  store.reindexProject(project, oldFullPath);
  return jsonText(projectJson(store, project, caller));
}
