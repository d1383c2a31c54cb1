import type { ApiRequest } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { isCollabError } from '../errors.js';
import { ROLES } from './roles.js';

/**
 * A project's CI/CD job token scope (GitLab's doc/api/project_job_token_scopes.md), every request
 * for Maintainers: the "Limit access to this project" setting, and who may reach the project with a
 * job token besides: an allowlist of projects and one of groups, each added to by ID.
 */
export interface JobTokenScope {
  inbound_enabled: boolean;
  outbound_enabled?: boolean;
}

/** Which allowlist: its path below job_token_scope, and the parameter that names its entry. */
const ALLOWLISTS = {
  project: { path: 'allowlist', param: 'target_project_id' },
  group: { path: 'groups_allowlist', param: 'target_group_id' },
} as const;

export type AllowlistKind = keyof typeof ALLOWLISTS;

function jobTokenScopePath(project: string | number): string {
  return apiPath`/projects/${project}/job_token_scope`;
}

export function allowlistPath(project: string | number, kind: AllowlistKind): string {
  return `${jobTokenScopePath(project)}/${ALLOWLISTS[kind].path}`;
}

export function getJobTokenScope(project: string | number): ApiRequest {
  return { method: 'GET', path: jobTokenScopePath(project), expect: 'object', requires: ROLES.maintainers };
}

/** PATCH: 204; the same value twice is the same setting. */
export function setJobTokenScope(project: string | number, enabled: boolean): ApiRequest {
  return { method: 'PATCH', path: jobTokenScopePath(project), json: { enabled }, requires: ROLES.maintainers };
}

/**
 * POST: an entry already there is refused (400, alreadyInAllowlist), so a resend after a lost answer
 * is refused, never doubled. The project by its numeric ID: GitLab's POST and DELETE of an allowlist
 * declare `requires :id, type: Integer` and answer a path 400 `id is invalid`
 * (lib/api/project_job_token_scope.rb, skratsch-solutions/gitlabhq @50618c7d).
 */
export function addToAllowlist(project: string | number, kind: AllowlistKind, targetId: number): ApiRequest {
  return {
    method: 'POST',
    path: allowlistPath(project, kind),
    json: { [ALLOWLISTS[kind].param]: targetId },
    expect: 'object',
    requires: ROLES.maintainers,
  };
}

/**
 * 204; 404 when the project or group named does not exist. The project by its numeric ID, as
 * addToAllowlist's. An entry that is not in the list is a
 * 400 ("Target project is not in the job token scope", the remove services' message, as
 * lib/api/project_job_token_scope.rb at gitlabhq d57f7e7a answers it): notInAllowlist tells it
 * from the other 400s (the project itself, which cannot be removed). The command decides whether
 * either is an error.
 */
export function removeFromAllowlist(project: string | number, kind: AllowlistKind, targetId: number): ApiRequest {
  return {
    method: 'DELETE',
    path: allowlistPath(project, kind) + apiPath`/${targetId}`,
    okStatuses: [404],
    requires: ROLES.maintainers,
  };
}

/** The remove services' refusal of an entry that is not in the allowlist (app/services/ci/job_token_scope/remove_*_service.rb). */
export function notInAllowlist(error: unknown): boolean {
  return isCollabError(error) && error.status === 400 && /is not in the job token scope/.test(error.message);
}

/**
 * The add services' refusal of an entry that is in the allowlist already, told from the other 400s
 * (the project itself), in either of GitLab's wordings (app/services/ci/job_token_scope/
 * add_project_service.rb and add_group_service.rb): "Target project is already in the job token
 * scope" before job token policies, "This project is already in the job token allowlist." since.
 */
export function alreadyInAllowlist(error: unknown): boolean {
  return (
    isCollabError(error) &&
    error.status === 400 &&
    /is already in the job token (?:scope|allowlist)/.test(error.message)
  );
}
