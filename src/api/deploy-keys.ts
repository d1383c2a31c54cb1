import type { ApiRequest } from '../http/client.js';
import { readsCurrent } from '../http/api-request.js';
import { apiPath } from '../http/path.js';
import { ROLES } from './roles.js';

/**
 * A project's deploy keys (GitLab's deploy_keys page). A key is shared: the same public key on
 * two projects is one key with an ID, each project with its own `can_push`.
 */
export interface DeployKey {
  id: number;
  title: string;
  key?: string;
  fingerprint_sha256?: string;
  can_push?: boolean;
  expires_at?: string | null;
  created_at?: string;
  [field: string]: unknown;
}

export function deployKeysPath(project: string | number): string {
  return apiPath`/projects/${project}/deploy_keys`;
}

export function getDeployKey(project: string | number, keyId: number): ApiRequest {
  return {
    method: 'GET',
    path: deployKeysPath(project) + apiPath`/${keyId}`,
    expect: 'object',
    requires: ROLES.maintainers,
  };
}

/**
 * POST: add a key. Safe to send again: the service answers a key the project already has with
 * that key (201, nothing added), so a resend after a lost answer gets the same key.
 */
export function addDeployKey(
  project: string | number,
  fields: Record<string, unknown> & { title: string; key: string },
): ApiRequest {
  return {
    method: 'POST',
    path: deployKeysPath(project),
    json: fields,
    idempotent: true,
    expect: 'object',
    requires: ROLES.maintainers,
  };
}

/** PUT: the title and can_push only. */
export function updateDeployKey(project: string | number, keyId: number, fields: Record<string, unknown>): ApiRequest {
  return readsCurrent({
    method: 'PUT',
    path: deployKeysPath(project) + apiPath`/${keyId}`,
    json: fields,
    expect: 'object',
    requires: ROLES.maintainers,
  });
}

/** 204, or 404 when the project does not have it (the command decides whether that is an error). */
export function removeDeployKey(project: string | number, keyId: number): ApiRequest {
  return {
    method: 'DELETE',
    path: deployKeysPath(project) + apiPath`/${keyId}`,
    okStatuses: [404],
    requires: ROLES.maintainers,
  };
}

/** POST /:key_id/enable: a key of another project enabled on this one; enabling it again changes nothing. */
export function enableDeployKey(project: string | number, keyId: number): ApiRequest {
  return {
    method: 'POST',
    path: deployKeysPath(project) + apiPath`/${keyId}/enable`,
    idempotent: true,
    expect: 'object',
    requires: ROLES.maintainers,
  };
}
