import type { ApiRequest } from '../http/client.js';
import { apiPath } from '../http/path.js';
import type { QueryParams } from '../http/query.js';
import type { ProjectRef } from './projects.js';
import { ROLES } from './roles.js';

/**
 * Requests about a project's repository (the projects API reference): its languages, storage,
 * snapshot, uploads, housekeeping and pull mirror; one of its branches or tags.
 */
/** GET /projects/:id/languages: {"Go": 60.25, "Shell": 39.75} */
export function getLanguages(project: ProjectRef): ApiRequest {
  return { method: 'GET', path: apiPath`/projects/${project}/languages`, expect: 'object' };
}

/** GET /projects/:id/storage (administrators). The spec documents an array; GitLab's code answers one object. Both are read. */
export function getStorage(project: ProjectRef): ApiRequest {
  return { method: 'GET', path: apiPath`/projects/${project}/storage`, requires: ROLES.administrators };
}

/** GET /projects/:id/snapshot (administrators): an uncompressed tar, read as a stream. */
export function getSnapshot(project: ProjectRef, wiki: boolean): ApiRequest {
  return {
    method: 'GET',
    path: apiPath`/projects/${project}/snapshot`,
    ...(wiki ? { query: { wiki: true } satisfies QueryParams } : {}),
    responseType: 'stream',
    requires: ROLES.administrators,
  };
}

/** POST /projects/:id/uploads. Each call stores a new file, so it is neither idempotent nor recoverable (no list of uploads to look in). */
export function uploadFile(project: ProjectRef, form: NonNullable<ApiRequest['form']>): ApiRequest {
  return { method: 'POST', path: apiPath`/projects/${project}/uploads`, form };
}

/**
 * POST /projects/:id/housekeeping. Safe to repeat: a second run within the lease answers 409
 * ("Somebody already triggered housekeeping..."), which the command reports as already running.
 * The body is not shown by the API reference (GitLab answers 201 with whatever the job returns): read as text.
 */
export function startHousekeeping(project: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/housekeeping`,
    idempotent: true,
    okStatuses: [409],
    responseType: 'text',
  };
}

/**
 * POST /projects/:id/mirror/pull. Safe to repeat: it only asks for an update of the mirror now.
 * Body not shown by the API reference: read as text. Maintainers and above, as the GET beside it
 * (ee/lib/api/project_mirror.rb's authorize_admin_project, unless a webhook's token is sent, which
 * collab never does): a 403 then names the role.
 */
export function pullMirror(project: ProjectRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/projects/${project}/mirror/pull`,
    idempotent: true,
    responseType: 'text',
    requires: ROLES.maintainers,
  };
}

/**
 * A project's pull mirror as GET /projects/:id/mirror/pull shows it (doc/api/project_pull_mirroring.md
 * @ec05f6eb, GitLab 15.6 and later; Maintainers and above): the only read of the mirror's URL that
 * says whether it holds credentials, shown masked (`https://*****:*****@host/…`). Its answers
 * beside 200 are data to the caller, never errors: 400 for a project that is no pull mirror, 403,
 * and an older instance's answer for a route it lacks (404 `{"error": "404 Not Found"}` on GitLab
 * Free, 405 before 15.6, where only the POST is there).
 */
export interface PullMirror {
  url?: string | null;
  error?: unknown;
  message?: unknown;
}

export function getPullMirror(project: ProjectRef): ApiRequest {
  return {
    method: 'GET',
    path: apiPath`/projects/${project}/mirror/pull`,
    expect: 'object',
    okStatuses: [400, 403, 404, 405],
    requires: ROLES.maintainers,
  };
}

/**
 * One branch or tag (doc/api/branches.md, doc/api/tags.md): 404 when the repository has none of
 * that name. Reading code takes the Reporter role in a private project.
 */
export function getBranch(project: ProjectRef, name: string): ApiRequest {
  return {
    method: 'GET',
    path: apiPath`/projects/${project}/repository/branches/${name}`,
    expect: 'object',
    requires: ROLES.reporters,
  };
}

export function getTag(project: ProjectRef, name: string): ApiRequest {
  return {
    method: 'GET',
    path: apiPath`/projects/${project}/repository/tags/${name}`,
    expect: 'object',
    requires: ROLES.reporters,
  };
}
