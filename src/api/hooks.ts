import type { ApiRequest } from '../http/client.js';
import { paginateItems } from '../http/paginate.js';
import { readsCurrent } from '../http/api-request.js';
import { apiPath } from '../http/path.js';
import { type Owner, ownerPath } from './owner.js';
import { clockOffset, createdSince } from './recover.js';
import { getCurrentUser } from './users.js';

/** A project or group hook as the service returns it (the token is write-only, never returned). */
export interface Hook {
  id: number;
  url: string;
  created_at?: string;
  [field: string]: unknown;
}

export function hooksPath(owner: Owner): string {
  return `${ownerPath(owner)}/hooks`;
}

export function getHook(owner: Owner, hookId: number): ApiRequest {
  return { method: 'GET', path: hooksPath(owner) + apiPath`/${hookId}`, expect: 'object' };
}

/**
 * POST /hooks. A plain POST is not repeated when its answer is lost; `recover` looks for a
 * hook with the same URL created since the request started, so a retry never adds a duplicate.
 */
export function createHook(
  owner: Owner,
  fields: Record<string, unknown> & { url: string },
  sentAt = Date.now(),
): ApiRequest {
  return {
    method: 'POST',
    path: hooksPath(owner),
    json: fields,
    recover: async (client, since = sentAt) => {
      // The list's pages carry no clock to read: GET /user's Date header gives the service's.
      const offset = clockOffset(await client.request(getCurrentUser()));
      let found: Hook | undefined;
      for await (const hook of paginateItems<Hook>(client, { path: hooksPath(owner), perPage: 100 })) {
        if (hook.url !== fields.url || !createdSince(hook.created_at, since, offset)) continue;
        if (!found || hook.id > found.id) found = hook;
      }
      return found;
    },
  };
}

/** PUT /hooks/:hook_id: the service wants `url` on every update. */
export function updateHook(
  owner: Owner,
  hookId: number,
  fields: Record<string, unknown> & { url: string },
): ApiRequest {
  return readsCurrent({ method: 'PUT', path: hooksPath(owner) + apiPath`/${hookId}`, json: fields });
}

/** 204, or 404 when the hook is gone (the command decides whether that is an error). */
export function deleteHook(owner: Owner, hookId: number): ApiRequest {
  return { method: 'DELETE', path: hooksPath(owner) + apiPath`/${hookId}`, okStatuses: [404] };
}
