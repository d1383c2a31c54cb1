import { DEPLOY_KEY_PARAMS, DEPLOY_KEY_TITLE, DEPLOY_KEY_UPDATE_PARAMS } from '../../params/deploy-keys.js';
import { ACCESS, canReuseDeployKeysOf } from '../access.js';
import { findOwner, requireAdmin } from '../guards.js';
import { apiError, notFound, paramError, validationError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { DeployKey, Project, User } from '../model.js';
import { paginateArray } from '../pagination.js';
import { bool, checkParam, int, readParams, requireStr } from '../params.js';
import { deployKeyJson, refsOf, writableRefsOf } from '../protected-refs.js';
import { readPublicKey } from '../ssh-keys.js';
import type { Store } from '../store.js';
import { nameWithNamespace } from '../views.js';

/**
 * Deploy keys, as GitLab's API v4 serves them (its deploy_keys page, lib/api/deploy_keys.rb): a
 * project's routes are for Maintainers (`authorize_admin_project`), GET /deploy_keys for
 * administrators. A key is one record shared by the projects that enable it, each with its own
 * can_push: POST with a key the project has answers that key, with a key the caller can reach in
 * another of their projects enables it here, and only otherwise makes one (a malformed key is 400,
 * the model's validation errors). DELETE takes the key from the project, and from the instance
 * when no other project has it.
 */

/**
 * DELETE and enable of a key the project has not (or the caller cannot reach): GitLab's
 * `not_found!('Deploy key')`, a lower-case "key" (gitlabhq/gitlabhq
 * lib/api/deploy_keys.rb@bc7f4d7d41a5bd259375eefa840a234c1937b03a).
 */
const deployKeyNotFound = () => notFound('Deploy key');

function managedProject(req: SandboxRequest): Project {
  return findOwner(req, 'project', ACCESS.maintainer).project;
}

/** `user_project.deploy_keys.find(params[:key_id])`: ActiveRecord's 404 when not on the project. */
function enabledKey(req: SandboxRequest, project: Project): { key: DeployKey; canPush: boolean } {
  const id = int(req.params, 'key_id');
  const link = id === undefined ? undefined : refsOf(req.store, project.id).deployKeys.get(id);
  const key = id === undefined ? undefined : req.store.deployKeys.get(id);
  if (!link || !key) throw apiError(404, '404 Not found');
  return { key, canPush: link.can_push };
}

/** The keys a user may enable in another project (public keys too, which the sandbox has none of). */
function accessibleKeys(store: Store, user: User): DeployKey[] {
  const ids = new Set<number>();
  for (const [projectId, refs] of store.projectRefs) {
    const project = store.projects.get(projectId);
    if (!project || refs.deployKeys.size === 0 || !canReuseDeployKeysOf(store, user, project)) continue;
    for (const id of refs.deployKeys.keys()) ids.add(id);
  }
  return [...ids].flatMap((id) => store.deployKeys.get(id) ?? []);
}

function listProjectKeys(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const links = [...refsOf(req.store, project.id).deployKeys];
  return paginateArray(req, links, ([id, link]) =>
    JSON.stringify(deployKeyJson(req.store.deployKeys.get(id) as DeployKey, link.can_push)),
  );
}

function viewProjectKey(req: SandboxRequest): SandboxResponse {
  const { key, canPush } = enabledKey(req, managedProject(req));
  return json(deployKeyJson(key, canPush));
}

function addProjectKey(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const user = req.user as User;
  const text = requireStr(req.input, 'key');
  const title = requireStr(req.input, 'title');
  const params = readParams(req.input, DEPLOY_KEY_PARAMS);
  const canPush = (params.can_push as boolean | undefined) ?? false;
  const refs = writableRefsOf(req.store, project.id);
  const parsed = readPublicKey(text);
  const stripped = text.trim();
  const onProject = [...refs.deployKeys.keys()]
    .map((id) => req.store.deployKeys.get(id))
    .find((key) => key?.key === (parsed?.key ?? stripped));
  if (onProject) return json(deployKeyJson(onProject, refs.deployKeys.get(onProject.id)?.can_push ?? false), 201);
  const elsewhere = parsed && accessibleKeys(req.store, user).find((key) => key.key === parsed.key);
  if (elsewhere) {
    refs.deployKeys.set(elsewhere.id, { can_push: canPush });
    return json(deployKeyJson(elsewhere, canPush), 201);
  }
  // render_validation_error!(key): Key validates the key's format and that a fingerprint could be made.
  if (!parsed) throw validationError({ key: ['is invalid'], fingerprint_sha256: ['cannot be generated'] });
  checkParam(DEPLOY_KEY_TITLE, title);
  if ([...req.store.deployKeys.values()].some((key) => key.fingerprint_sha256 === parsed.fingerprint_sha256))
    throw validationError({ fingerprint_sha256: ['has already been taken'] });
  const key: DeployKey = {
    id: req.store.nextId('key'),
    title,
    ...parsed,
    created_at: req.store.nowIso(),
    expires_at: (params.expires_at as string | undefined) ?? null,
    user_id: user.id,
  };
  req.store.deployKeys.set(key.id, key);
  refs.deployKeys.set(key.id, { can_push: canPush });
  return json(deployKeyJson(key, canPush), 201);
}

/** PUT: the title (the key's, so every project sees it) and this project's can_push. */
function updateProjectKey(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  // `at_least_one_of :title, :can_push`, checked by Grape after the `authorize_admin_project` before
  // and ahead of the endpoint's lookup of the key (lib/api/deploy_keys.rb@bc7f4d7d41a5bd259375eefa840a234c1937b03a):
  // a key given, whatever its value, is one provided.
  if (!Object.hasOwn(req.input, 'title') && !Object.hasOwn(req.input, 'can_push'))
    throw paramError('title, can_push are missing, at least one parameter must be provided');
  const { key } = enabledKey(req, project);
  const params = readParams(req.input, DEPLOY_KEY_UPDATE_PARAMS);
  const refs = writableRefsOf(req.store, project.id);
  if (params.title !== undefined) {
    checkParam(DEPLOY_KEY_TITLE, params.title);
    key.title = params.title as string;
  }
  const link = refs.deployKeys.get(key.id) as { can_push: boolean };
  if (params.can_push !== undefined) link.can_push = params.can_push as boolean;
  return json(deployKeyJson(key, link.can_push));
}

function removeProjectKey(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const id = int(req.params, 'key_id');
  const refs = writableRefsOf(req.store, project.id);
  if (id === undefined || !refs.deployKeys.has(id)) throw deployKeyNotFound();
  refs.deployKeys.delete(id);
  const stillUsed = [...req.store.projectRefs.values()].some((other) => other.deployKeys.has(id));
  if (!stillUsed) req.store.deployKeys.delete(id);
  return noContent();
}

/** POST /:key_id/enable: a key the caller can reach elsewhere, enabled here (read-only); 404 otherwise. */
function enableProjectKey(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const id = int(req.params, 'key_id');
  const key =
    id === undefined ? undefined : accessibleKeys(req.store, req.user as User).find((candidate) => candidate.id === id);
  if (!key) throw deployKeyNotFound();
  const refs = writableRefsOf(req.store, project.id);
  if (!refs.deployKeys.has(key.id)) refs.deployKeys.set(key.id, { can_push: false });
  return json(deployKeyJson(key, refs.deployKeys.get(key.id)?.can_push ?? false), 201);
}

/** GET /deploy_keys: every key of the instance, with the projects that may write with it and those that only read. */
function listAllKeys(req: SandboxRequest): SandboxResponse {
  requireAdmin(req);
  const onlyPublic = bool(req.input, 'public') ?? false;
  const keys = onlyPublic ? [] : [...req.store.deployKeys.values()];
  const projectsOf = (keyId: number, canPush: boolean) =>
    [...req.store.projectRefs].flatMap(([projectId, refs]) => {
      const project = req.store.projects.get(projectId);
      if (!project || refs.deployKeys.get(keyId)?.can_push !== canPush) return [];
      return [
        {
          id: project.id,
          description: project.description,
          name: project.name,
          name_with_namespace: nameWithNamespace(req.store, project),
          path: project.path,
          path_with_namespace: req.store.projectFullPath(project),
          created_at: project.created_at,
        },
      ];
    });
  return paginateArray(req, keys, (key) => {
    const { can_push: _, ...fields } = deployKeyJson(key, false);
    return JSON.stringify({
      ...fields,
      projects_with_write_access: projectsOf(key.id, true),
      projects_with_readonly_access: projectsOf(key.id, false),
    });
  });
}

export const deployKeyRoutes: readonly Route[] = [
  ['GET', '/deploy_keys', listAllKeys],
  ['GET', '/projects/:id/deploy_keys', listProjectKeys],
  ['GET', '/projects/:id/deploy_keys/:key_id', viewProjectKey],
  ['POST', '/projects/:id/deploy_keys', addProjectKey],
  ['PUT', '/projects/:id/deploy_keys/:key_id', updateProjectKey],
  ['DELETE', '/projects/:id/deploy_keys/:key_id', removeProjectKey],
  ['POST', '/projects/:id/deploy_keys/:key_id/enable', enableProjectKey],
];
