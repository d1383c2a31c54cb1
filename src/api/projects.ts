import { CollabError } from '../errors.js';
import type { ApiRequest, HttpClient } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { toFormData, type UploadFile } from './form.js';
import type { QueryParams } from '../http/query.js';
import { pathFromName } from '../params/paths.js';

/**
 * Request descriptors for the project endpoints of spec/3-projects.md (lists, read, create,
 * update, delete, restore, archive, star, transfer). No printing, no argv.
 */

export type ProjectRef = string | number;

export interface ProjectRecord {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  created_at: string;
  creator_id?: number;
  star_count?: number;
  archived?: boolean;
  marked_for_deletion_on?: string | null;
  namespace?: { id: number; full_path: string; kind: string };
  [key: string]: unknown;
}

export const PROJECTS_PATH = '/projects';

export function userProjectsPath(user: string | number): string {
  return apiPath`/users/${user}/projects`;
}

export function starredProjectsPath(user: string | number): string {
  return apiPath`/users/${user}/starred_projects`;
}

export function getProject(project: ProjectRef, query: QueryParams = {}): ApiRequest {
  return { method: 'GET', path: apiPath`/projects/${project}`, query, expect: 'object' };
}

/** Settings as a JSON body, or as multipart/form-data when a file (the avatar) goes with them. */
function settingsBody(params: Record<string, unknown>, files: Record<string, UploadFile>): Pick<ApiRequest, 'json' | 'form'> {
  if (Object.keys(files).length === 0) return { json: params };
  return { form: toFormData(params, files) };
}

export interface CreateProjectOptions {
  /** POST /projects/user/:user_id (administrators): the project is that user's. */
  forUser?: number | undefined;
  avatar?: UploadFile | undefined;
}

/**
 * The service's clock may be a little behind ours, and it may keep whole seconds only: a
 * project created by this request can carry a created_at this much before we sent it.
 */
const CLOCK_ALLOWANCE_MS = 5_000;

/** POST /projects or POST /projects/user/:user_id; never creates twice (see `recover`). */
export function createProject(params: Record<string, unknown>, options: CreateProjectOptions = {}): ApiRequest {
  const startedAt = Date.now();
  return {
    method: 'POST',
    path: options.forUser === undefined ? PROJECTS_PATH : apiPath`/projects/user/${options.forUser}`,
    ...settingsBody(params, options.avatar ? { avatar: options.avatar } : {}),
    expect: 'object',
    recover: (client) => findCreatedProject(client, params, options.forUser, startedAt),
  };
}

/**
 * After a lost answer: the project this request would have made, if it is there and was made
 * by this request (same creator, created after the request started); else undefined, and the
 * request is sent again. A second POST could never make a second project (paths are unique),
 * but it would fail with "has already been taken" for a project that we did create.
 */
async function findCreatedProject(client: HttpClient, params: Record<string, unknown>, forUser: number | undefined, startedAt: number): Promise<ProjectRecord | undefined> {
  const path = typeof params.path === 'string' ? params.path : pathFromName(String(params.name ?? ''));
  if (!path) return undefined;
  let creatorId: number;
  let namespace: string;
  if (forUser !== undefined) {
    creatorId = forUser;
    namespace = (await client.request<{ username: string }>({ method: 'GET', path: apiPath`/users/${forUser}` })).data.username;
  } else {
    const me = (await client.request<{ id: number; username: string }>({ method: 'GET', path: '/user' })).data;
    creatorId = me.id;
    namespace = me.username;
  }
  if (params.namespace_id !== undefined) {
    namespace = (await client.request<{ full_path: string }>({ method: 'GET', path: apiPath`/namespaces/${params.namespace_id as number}` })).data.full_path;
  }
  let project: ProjectRecord;
  try {
    project = (await client.request<ProjectRecord>(getProject(`${namespace}/${path}`))).data;
  } catch (error) {
    if (error instanceof CollabError && error.kind === 'not-found') return undefined;
    throw error;
  }
  if (project.creator_id !== undefined && project.creator_id !== creatorId) return undefined;
  const created = Date.parse(project.created_at);
  if (!Number.isFinite(created) || created < startedAt - CLOCK_ALLOWANCE_MS) return undefined;
  return project;
}

/** PUT /projects/:id: JSON, or multipart/form-data with an avatar. */
export function updateProject(project: ProjectRef, params: Record<string, unknown>, avatar?: UploadFile): ApiRequest {
  return { method: 'PUT', path: apiPath`/projects/${project}`, ...settingsBody(params, avatar ? { avatar } : {}), expect: 'object' };
}

/**
 * DELETE /projects/:id. `existed`: the caller has just read the project, so a 404 here means a
 * retry found it already gone after an answer was lost; it counts as done.
 */
export function deleteProject(project: ProjectRef, options: { existed?: boolean } = {}): ApiRequest {
  return { method: 'DELETE', path: apiPath`/projects/${project}`, ...(options.existed ? { okStatuses: [404] } : {}) };
}

export function restoreProject(project: ProjectRef): ApiRequest {
  return { method: 'POST', path: apiPath`/projects/${project}/restore`, idempotent: true, expect: 'object' };
}

export function archiveProject(project: ProjectRef): ApiRequest {
  return { method: 'POST', path: apiPath`/projects/${project}/archive`, idempotent: true, expect: 'object' };
}

export function unarchiveProject(project: ProjectRef): ApiRequest {
  return { method: 'POST', path: apiPath`/projects/${project}/unarchive`, idempotent: true, expect: 'object' };
}

/** 304 when already starred: an answer, not an error. */
export function starProject(project: ProjectRef): ApiRequest {
  return { method: 'POST', path: apiPath`/projects/${project}/star`, idempotent: true, okStatuses: [304], expect: 'object' };
}

/** 304 when not starred: an answer, not an error. */
export function unstarProject(project: ProjectRef): ApiRequest {
  return { method: 'POST', path: apiPath`/projects/${project}/unstar`, idempotent: true, okStatuses: [304], expect: 'object' };
}

/** PUT /projects/:id/transfer; the namespace is an ID or a full path, as the service takes it. */
export function transferProject(project: ProjectRef, namespace: string | number): ApiRequest {
  return { method: 'PUT', path: apiPath`/projects/${project}/transfer`, json: { namespace }, expect: 'object' };
}
