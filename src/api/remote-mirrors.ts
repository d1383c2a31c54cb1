import type { ApiRequest } from '../http/client.js';
import { paginateItems } from '../http/paginate.js';
import { apiPath } from '../http/path.js';
import { type CollabError, isCollabError } from '../errors.js';
import { mirrorUrlWithoutCredentials } from '../params/remote-mirrors.js';
import { ROLES } from './roles.js';

/**
 * A project's push mirrors (GitLab's doc/api/remote_mirrors.md), for Maintainers. The URL is sent
 * with its credentials when a mirror is made and answered without them, ever after.
 */
export interface RemoteMirror {
  id: number;
  url: string;
  enabled: boolean;
  only_protected_branches?: boolean;
  keep_divergent_refs?: boolean;
  mirror_branch_regex?: string | null;
  update_status?: string;
  [field: string]: unknown;
}

export function mirrorsPath(project: string | number): string {
  return apiPath`/projects/${project}/remote_mirrors`;
}

function mirrorPath(project: string | number, id: number): string {
  return mirrorsPath(project) + apiPath`/${id}`;
}

export function getMirror(project: string | number, id: number): ApiRequest {
  return { method: 'GET', path: mirrorPath(project, id), expect: 'object', requires: ROLES.maintainers };
}

/**
 * The SSH public key a mirror that signs in by key (auth_method ssh_public_key) pushes with, for the
 * remote to trust: `{ public_key }` (doc/api/remote_mirrors.md @0286e4c6, GitLab 17.9). GitLab
 * answers 404 for a mirror of another auth method (lib/api/remote_mirrors.rb, ssh_key_auth?).
 */
export function getMirrorPublicKey(project: string | number, id: number): ApiRequest {
  return {
    method: 'GET',
    path: `${mirrorPath(project, id)}/public_key`,
    expect: 'object',
    requires: ROLES.maintainers,
  };
}

/**
 * POST: a retry after a lost answer looks for a mirror of the same URL (credentials aside, which
 * the service never shows) before sending again: one remote is mirrored once.
 */
export function createMirror(project: string | number, fields: Record<string, unknown> & { url: string }): ApiRequest {
  const wanted = mirrorUrlWithoutCredentials(fields.url);
  return {
    method: 'POST',
    path: mirrorsPath(project),
    json: fields,
    expect: 'object',
    requires: ROLES.maintainers,
    recover: async (client) => {
      for await (const found of paginateItems<RemoteMirror>(client, { path: mirrorsPath(project), perPage: 100 }))
        if (mirrorUrlWithoutCredentials(found.url) === wanted) return found;
      return undefined;
    },
  };
}

export function updateMirror(project: string | number, id: number, fields: Record<string, unknown>): ApiRequest {
  return { method: 'PUT', path: mirrorPath(project, id), json: fields, expect: 'object', requires: ROLES.maintainers };
}

/**
 * The sync's refusal of a disabled mirror: RemoteMirrors::SyncService's "Cannot proceed with the
 * push mirroring. Please verify your mirror configuration.", a 400 (lib/api/remote_mirrors.rb).
 */
export function mirrorDisabled(error: unknown): error is CollabError {
  return isCollabError(error) && error.status === 400 && /Cannot proceed with the push mirroring/.test(error.message);
}

/** POST sync: a push now; sending it twice only pushes again. */
export function syncMirror(project: string | number, id: number): ApiRequest {
  return { method: 'POST', path: `${mirrorPath(project, id)}/sync`, idempotent: true, requires: ROLES.maintainers };
}

export function deleteMirror(project: string | number, id: number): ApiRequest {
  return { method: 'DELETE', path: mirrorPath(project, id), okStatuses: [404], requires: ROLES.maintainers };
}
