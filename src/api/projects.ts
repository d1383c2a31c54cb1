import { ROLES } from './roles.js';
import type { ApiRequest, RequestClient } from '../http/client.js';
import { readsCurrent } from '../http/api-request.js';
import { apiPath } from '../http/path.js';
import { toFormData, type UploadFile } from './form.js';
import type { QueryParams } from '../http/query.js';
import { pathFromName } from '../params/paths.js';
import { getNamespace, type NamespaceRecord } from './namespaces.js';
import { clockOffset, createdSince, findResource, findResponse } from './recover.js';
import { type CurrentUser, getCurrentUser, getUser } from './users.js';

/**
 * Request descriptors for the project endpoints of the projects API reference (lists, read, create,
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
  import_status?: string | null;
  import_error?: string | null;
  forked_from_project?: { id: number; path_with_namespace: string } | null;
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
function settingsBody(
  params: Record<string, unknown>,
  files: Record<string, UploadFile>,
): Pick<ApiRequest, 'json' | 'form'> {
  if (Object.keys(files).length === 0) return { json: params };
  return { form: toFormData(params, files) };
}

interface CreateProjectOptions {
  /** POST /projects/user/:user_id (administrators): the project is that user's. */
  forUser?: number | undefined;
  avatar?: UploadFile | undefined;
  /** When it was first sent (a resumed apply's journal says): what `recover` counts "made by this request" from. */
  sentAt?: number | undefined;
}

/** POST /projects or POST /projects/user/:user_id; never creates twice (see `recover`). */
export function createProject(params: Record<string, unknown>, options: CreateProjectOptions = {}): ApiRequest {
  const sentAt = options.sentAt ?? Date.now();
  return {
    method: 'POST',
    path: options.forUser === undefined ? PROJECTS_PATH : apiPath`/projects/user/${options.forUser}`,
    ...(options.forUser === undefined ? {} : { requires: ROLES.administrators }),
    ...settingsBody(params, options.avatar ? { avatar: options.avatar } : {}),
    expect: 'object',
    recover: (client, since = sentAt) => findCreatedProject(client, params, options.forUser, since),
  };
}

/**
 * After a lost answer: the project this request would have made, if it is there and was made
 * by this request (same creator, created after the request started); else undefined, and the
 * request is sent again. A second POST could never make a second project (paths are unique),
 * but it would fail with "has already been taken" for a project that we did create.
 */
async function findCreatedProject(
  client: RequestClient,
  params: Record<string, unknown>,
  forUser: number | undefined,
  sentAt: number,
): Promise<ProjectRecord | undefined> {
  const path = typeof params.path === 'string' ? params.path : pathFromName(String(params.name ?? ''));
  if (!path) return undefined;
  // The creator: the caller, or with --for-user that user, whose namespace is the default.
  const creator = (await client.request<CurrentUser>(forUser === undefined ? getCurrentUser() : getUser(forUser))).data;
  const namespace =
    params.namespace_id === undefined
      ? creator.username
      : (await client.request<NamespaceRecord>(getNamespace(params.namespace_id as number))).data.full_path;
  const found = await findResponse<ProjectRecord>(client, getProject(`${namespace}/${path}`));
  if (!found) return undefined;
  const project = found.data;
  if (project.creator_id !== undefined && project.creator_id !== creator.id) return undefined;
  return createdSince(project.created_at, sentAt, clockOffset(found)) ? project : undefined;
}

/**
 * Whether a project's PUT is its owners' (rename_project where a name is given, not blank;
 * change_visibility_level where a visibility is: lib/api/projects.rb, `put ':id'`, both
 * owner_access in app/policies/project_policy.rb @e8d2c257, gitlabhq/gitlabhq); the rest is
 * admin_project, its Maintainers'.
 */
export const ownersOnly = (params: Record<string, unknown>) =>
  (typeof params.name === 'string' && params.name.trim() !== '') || params.visibility !== undefined;

/** PUT /projects/:id: JSON, or multipart/form-data with an avatar. */
export function updateProject(project: ProjectRef, params: Record<string, unknown>, avatar?: UploadFile): ApiRequest {
  return readsCurrent({
    method: 'PUT',
    path: apiPath`/projects/${project}`,
    requires: ownersOnly(params) ? ROLES.owners : ROLES.maintainers,
    ...settingsBody(params, avatar ? { avatar } : {}),
    expect: 'object',
  });
}

/**
 * DELETE /projects/:id. `existed`: the caller has just read the project, so a 404 here means a
 * retry found it already gone after an answer was lost; it counts as done. The reference names no
 * role; GitLab authorizes remove_project (lib/api/projects.rb @c2b98d3d), an ability of the
 * project's owners and administrators (owner_access: app/policies/project_policy.rb @e8d2c257,
 * gitlabhq/gitlabhq), as archive's.
 */
export function deleteProject(project: ProjectRef, options: { existed?: boolean } = {}): ApiRequest {
  return {
    method: 'DELETE',
    path: apiPath`/projects/${project}`,
    requires: ROLES.owners,
    ...(options.existed ? { okStatuses: [404] } : {}),
  };
}

/**
 * POST /projects/:id/restore. Not idempotent: once restored, a second restore is refused (400,
 * not marked for deletion). A lost answer is recovered by checking that the mark is gone.
 */
export function restoreProject(project: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/restore`,
    expect: 'object',
    recover: async (client) => {
      const found = await findResource<ProjectRecord>(client, getProject(project));
      return found && !found.marked_for_deletion_on ? found : undefined;
    },
  };
}

export function archiveProject(project: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/archive`,
    idempotent: true,
    expect: 'object',
    requires: ROLES.owners,
  };
}

export function unarchiveProject(project: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/unarchive`,
    idempotent: true,
    expect: 'object',
    requires: ROLES.owners,
  };
}

/** 304 when already starred: an answer, not an error. */
export function starProject(project: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/star`,
    idempotent: true,
    okStatuses: [304],
    expect: 'object',
  };
}

/** 304 when not starred: an answer, not an error. */
export function unstarProject(project: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/unstar`,
    idempotent: true,
    okStatuses: [304],
    expect: 'object',
  };
}

/**
 * PUT /projects/:id/transfer; the namespace is an ID or a full path, as the service takes it. A
 * PUT, but not one to send twice: once moved, the project's old path redirects to it (301,
 * doc/api/rest/_index.md "Redirects", GitLab 16.7 and later) and a second transfer is refused,
 * 400 "Project is already in this namespace". So after a lost answer `recover` reads the project
 * (through that redirect) and takes it if it is in the namespace.
 */
export function transferProject(project: ProjectRef, namespace: string | number): ApiRequest {
  return {
    method: 'PUT',
    path: apiPath`/projects/${project}/transfer`,
    json: { namespace },
    expect: 'object',
    idempotent: false,
    recover: async (client) => {
      const found = await findResource<ProjectRecord>(client, getProject(project));
      const now = found?.namespace;
      if (!now) return undefined;
      const wanted = String(namespace);
      const there = /^\d+$/.test(wanted)
        ? now.id === Number(wanted)
        : now.full_path.toLowerCase() === wanted.toLowerCase();
      return there ? found : undefined;
    },
  };
}
