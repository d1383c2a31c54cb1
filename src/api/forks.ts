import type { ApiRequest, RequestClient } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { getNamespace, type NamespaceRecord } from './namespaces.js';
import { getProject, type ProjectRecord, type ProjectRef } from './projects.js';
import { findResource } from './recover.js';
import { ROLES } from './roles.js';
import { type CurrentUser, getCurrentUser } from './users.js';

/** Requests of a project's forks (the projects API reference): forking, the fork relation, the list of forks. */
export interface ForkParams {
  name?: string;
  path?: string;
  visibility?: string;
  description?: string;
  mr_default_target_self?: boolean;
  /** Never the deprecated `namespace`: an ID goes as namespace_id, a path as namespace_path. */
  namespace_id?: number;
  namespace_path?: string;
}

/**
 * POST /projects/:id/fork. Not safe to send twice blindly, so it carries a `recover`: after an
 * answer that was lost, it looks at the place the fork would be and takes the fork found there
 * (one whose forked_from_project is the source) instead of asking for a second one.
 */
export function forkProject(source: ProjectRef, params: ForkParams): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${source}/fork`,
    json: params,
    recover: (client) => findFork(client, source, params),
  };
}

/** The fork of `source` at the target of `params`, if one is there. */
async function findFork(
  client: RequestClient,
  source: ProjectRef,
  params: ForkParams,
): Promise<ProjectRecord | undefined> {
  const namespace =
    params.namespace_path ??
    (params.namespace_id !== undefined
      ? (await findResource<NamespaceRecord>(client, getNamespace(params.namespace_id)))?.full_path
      : (await client.request<CurrentUser>(getCurrentUser())).data.username);
  // The service names a fork after its source unless told otherwise.
  const path =
    params.path ??
    (typeof source === 'string'
      ? source.split('/').pop()
      : (await findResource<ProjectRecord>(client, getProject(source)))?.path);
  if (namespace === undefined || path === undefined) return undefined;
  const found = await findResource<ProjectRecord>(client, getProject(`${namespace}/${path}`));
  return found && isForkOf(found, source) ? found : undefined;
}

/** Whether a project's forked_from_project is `source` (by ID, or by full path, case-insensitively as the service matches paths). */
export function isForkOf(project: ProjectRecord, source: ProjectRef): boolean {
  const upstream = project.forked_from_project;
  if (!upstream) return false;
  return typeof source === 'number'
    ? upstream.id === source
    : upstream.path_with_namespace.toLowerCase() === source.toLowerCase();
}

/**
 * POST /projects/:id/fork/:forked_from_id. Repeating it after it took effect gets 409 ("Project
 * already forked"), so it is not idempotent; `recover` takes the relation if it is already there.
 */
export function addForkRelation(project: ProjectRef, forkedFrom: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/fork/${forkedFrom}`,
    requires: ROLES.owners,
    recover: async (client) => {
      const current = await findResource<ProjectRecord>(client, getProject(project));
      return current && isForkOf(current, forkedFrom) ? current : undefined;
    },
  };
}

/** DELETE /projects/:id/fork: 204 when removed, 304 when the project was not a fork (GitLab's not_modified!). */
export function removeForkRelation(project: ProjectRef): ApiRequest {
  return {
    method: 'DELETE',
    path: apiPath`/projects/${project}/fork`,
    okStatuses: [304],
    responseType: 'text',
    requires: ROLES.owners,
  };
}

export const forksPath = (project: ProjectRef): string => apiPath`/projects/${project}/forks`;
