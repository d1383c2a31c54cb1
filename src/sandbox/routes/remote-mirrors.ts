import {
  MIRROR_BRANCH_REGEX_RULE,
  MIRROR_PARAMS,
  MIRROR_URL_RULE,
  scrubbedMirrorUrl,
} from '../../params/remote-mirrors.js';
import { ACCESS } from '../access.js';
import { readableProject, requireProjectRoleOr401, requireUser } from '../guards.js';
import { apiError, notFound, paramError, validationError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Project, RemoteMirror } from '../model.js';
import { paginateArray } from '../pagination.js';
import { mirrorRsaPublicKey } from '../ssh-keys.js';
import { modelError, readParams, requireStr } from '../params.js';

/**
 * Push mirrors, as GitLab's doc/api/remote_mirrors.md (gitlabhq/gitlabhq 0286e4c6) serves them, for
 * a project's Maintainers (GitLab's admin_remote_mirror): "the url attribute in the API response is
 * always scrubbed of username and password information", but for the user `git`, which the model
 * shows (scrubbedMirrorUrl says where); a new mirror is disabled unless `enabled` says otherwise;
 * PUT takes no URL; `only_protected_branches` and `mirror_branch_regex` are mutually exclusive
 * parameters (Grape's 400 when both are given); sync is 204, a disabled mirror's 400. The sandbox
 * pushes nothing: a sync marks the update started. `host_keys` are the fingerprints of the known
 * hosts a mirror was given, which no documented parameter sets: none here. A mirror that signs in
 * by SSH key has a public key to read (mirrorPublicKey).
 */

// 401 for a role below Maintainer: the `before` block's `unauthorized!` unless admin_remote_mirror
// (lib/api/remote_mirrors.rb, every version stored in gitlabhq/gitlabhq's mirror; the doc,
// doc/api/remote_mirrors.md @ec05f6eb, names no status for it).
function mirrorProject(req: SandboxRequest): Project {
  requireUser(req);
  const project = readableProject(req);
  requireProjectRoleOr401(req, project, ACCESS.maintainer);
  return project;
}

/**
 * The mirror by its ID, as the API's `find_remote_mirror` looks it up: `requires :mirror_id, type:
 * String` and `user_project.remote_mirrors.find(params[:mirror_id])` (lib/api/remote_mirrors.rb,
 * skratsch-solutions/gitlabhq @008551ba, a copy of gitlab-org/gitlab), so one not there, or an ID
 * that is no number, is ActiveRecord's RecordNotFound, which lib/api/api.rb (gitlabhq/gitlabhq
 * @00459703) answers `404 Not found`, never a 400 (the doc, doc/api/remote_mirrors.md @0286e4c6,
 * names neither).
 */
function findMirror(req: SandboxRequest, project: Project): RemoteMirror {
  const raw = req.params.mirror_id ?? '';
  const mirror = /^\d+$/.test(raw) ? req.store.remoteMirrors.get(Number(raw)) : undefined;
  if (!mirror || mirror.project_id !== project.id) throw apiError(404, '404 Not found');
  return mirror;
}

function mirrorJson(mirror: RemoteMirror): Record<string, unknown> {
  return {
    enabled: mirror.enabled,
    id: mirror.id,
    auth_method: mirror.auth_method,
    last_error: null,
    last_successful_update_at: null,
    last_update_at: null,
    last_update_started_at: mirror.last_update_started_at,
    only_protected_branches: mirror.only_protected_branches,
    keep_divergent_refs: mirror.keep_divergent_refs,
    mirror_branch_regex: mirror.mirror_branch_regex,
    update_status: mirror.update_status,
    url: scrubbedMirrorUrl(mirror.url),
    host_keys: [],
  };
}

/**
 * A mirror that signs in by SSH key gets its key pair when saved without one, and keeps it
 * whatever its method becomes after (app/models/concerns/mirror_authentication.rb, gitlabhq/gitlabhq
 * @4bcec743: `before_validation :generate_ssh_private_key!` when auth_method is ssh_public_key and
 * no private key is held).
 */
function keepKey(req: SandboxRequest, mirror: RemoteMirror): void {
  if (mirror.auth_method === 'ssh_public_key' && mirror.ssh_public_key === null)
    mirror.ssh_public_key = mirrorRsaPublicKey(
      `remote_mirror:${mirror.id}:${mirror.created_at}`,
      new URL(req.store.origin).hostname,
    );
}

function readMirrorParams(req: SandboxRequest) {
  if (req.input.only_protected_branches !== undefined && req.input.mirror_branch_regex !== undefined)
    throw paramError('only_protected_branches, mirror_branch_regex are mutually exclusive');
  return readParams(req.input, MIRROR_PARAMS);
}

/** The model's word on a branch regex (src/params/remote-mirrors.ts says where GitLab holds it). */
function regexError(regex: string | undefined): string | undefined {
  return regex === undefined ? undefined : modelError(MIRROR_BRANCH_REGEX_RULE, regex);
}

function listMirrors(req: SandboxRequest): SandboxResponse {
  const project = mirrorProject(req);
  const found = [...req.store.remoteMirrors.values()].filter((m) => m.project_id === project.id);
  return paginateArray(req, found, (m) => JSON.stringify(mirrorJson(m)));
}

function viewMirror(req: SandboxRequest): SandboxResponse {
  return json(mirrorJson(findMirror(req, mirrorProject(req))));
}

function createMirror(req: SandboxRequest): SandboxResponse {
  const project = mirrorProject(req);
  const url = requireStr(req.input, 'url');
  const params = readMirrorParams(req);
  // RemoteMirror's validations (the URL's, the branch regex's): the model's errors, 400.
  const errors: Record<string, string[]> = {};
  const refused = modelError(MIRROR_URL_RULE, url);
  if (refused) errors.url = [refused];
  const regex = regexError(params.mirror_branch_regex);
  if (regex) errors.mirror_branch_regex = [regex];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const mirror: RemoteMirror = {
    id: req.store.nextId('remote_mirror'),
    project_id: project.id,
    url,
    enabled: params.enabled ?? false,
    only_protected_branches: params.only_protected_branches ?? false,
    keep_divergent_refs: params.keep_divergent_refs ?? false,
    mirror_branch_regex: params.mirror_branch_regex ?? null,
    auth_method: (params.auth_method as RemoteMirror['auth_method'] | undefined) ?? 'password',
    update_status: 'none',
    last_update_started_at: null,
    created_at: req.store.nowIso(),
    ssh_public_key: null,
  };
  keepKey(req, mirror);
  req.store.remoteMirrors.set(mirror.id, mirror);
  return json(mirrorJson(mirror), 201);
}

function updateMirror(req: SandboxRequest): SandboxResponse {
  const mirror = findMirror(req, mirrorProject(req));
  const params = readMirrorParams(req);
  // PUT saves through RemoteMirrors::UpdateService (lib/api/remote_mirrors.rb and
  // app/services/remote_mirrors/update_service.rb, gitlabhq/gitlabhq @a075011d), whose refusal is
  // the mirror's errors, `render_api_error!(errors, 400)`: the attributes' messages, as POST's.
  const regex = regexError(params.mirror_branch_regex);
  if (regex) throw validationError({ mirror_branch_regex: [regex] });
  if (params.enabled !== undefined) mirror.enabled = params.enabled;
  if (params.keep_divergent_refs !== undefined) mirror.keep_divergent_refs = params.keep_divergent_refs;
  if (params.only_protected_branches !== undefined) {
    mirror.only_protected_branches = params.only_protected_branches;
    if (params.only_protected_branches) mirror.mirror_branch_regex = null;
  }
  if (params.mirror_branch_regex !== undefined) {
    mirror.mirror_branch_regex = params.mirror_branch_regex || null;
    if (mirror.mirror_branch_regex) mirror.only_protected_branches = false;
  }
  if (params.auth_method !== undefined) mirror.auth_method = params.auth_method as RemoteMirror['auth_method'];
  keepKey(req, mirror);
  return json(mirrorJson(mirror));
}

/**
 * GET .../public_key (doc/api/remote_mirrors.md @0286e4c6, "Get a single project's remote mirror
 * public key", GitLab 17.9): `{public_key}` of a mirror that uses SSH authentication. Any other is
 * `not_found!` (lib/api/remote_mirrors.rb, skratsch-solutions/gitlabhq @008551ba, a copy of
 * gitlab-org/gitlab: `not_found! unless mirror.ssh_key_auth?`), and ssh_key_auth? holds for an
 * `ssh://` URL with auth_method ssh_public_key alone (app/models/concerns/mirror_authentication.rb
 * @4bcec743): a password mirror, or a key mirror over HTTPS, is 404.
 */
function mirrorPublicKey(req: SandboxRequest): SandboxResponse {
  const mirror = findMirror(req, mirrorProject(req));
  if (!(mirror.url.startsWith('ssh://') && mirror.auth_method === 'ssh_public_key') || !mirror.ssh_public_key)
    throw notFound();
  return json({ public_key: mirror.ssh_public_key });
}

/**
 * RemoteMirrors::SyncService (app/services/remote_mirrors/sync_service.rb, gitlabhq/gitlabhq): a
 * disabled mirror is refused, the route's render_api_error! 400; one already updating is left to it.
 */
function syncMirror(req: SandboxRequest): SandboxResponse {
  const mirror = findMirror(req, mirrorProject(req));
  if (!mirror.enabled)
    throw apiError(400, 'Cannot proceed with the push mirroring. Please verify your mirror configuration.');
  if (mirror.update_status === 'started' || mirror.update_status === 'scheduled') return noContent();
  mirror.update_status = 'started';
  mirror.last_update_started_at = req.store.nowIso();
  return noContent();
}

function deleteMirror(req: SandboxRequest): SandboxResponse {
  const mirror = findMirror(req, mirrorProject(req));
  req.store.remoteMirrors.delete(mirror.id);
  return noContent();
}

const BASE = '/projects/:id/remote_mirrors';
const ITEM = `${BASE}/:mirror_id`;

export const remoteMirrorRoutes: readonly Route[] = [
  ['GET', BASE, listMirrors],
  ['POST', BASE, createMirror],
  ['GET', ITEM, viewMirror],
  ['PUT', ITEM, updateMirror],
  ['DELETE', ITEM, deleteMirror],
  ['POST', `${ITEM}/sync`, syncMirror],
  ['GET', `${ITEM}/public_key`, mirrorPublicKey],
];
