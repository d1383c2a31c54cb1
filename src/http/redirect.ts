import { CollabError, type RequestInfo } from '../errors.js';
import type { ApiRequest } from './api-request.js';
import { CREDENTIAL_HEADERS } from './headers.js';

/** How the client follows a redirect: where to, with which method, body and headers. */

/** Where a redirect leads, resolved against the URL that answered it; a Location that is no URL is a malformed answer. */
export function redirectTarget(location: string, url: string, info: RequestInfo): URL {
  let next: URL;
  try {
    next = new URL(location, url);
  } catch {
    throw new CollabError('malformed', `the service redirected ${info.method} ${info.path} to "${location.slice(0, 80)}", which is not a URL`, { request: info });
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:') throw new CollabError('malformed', `the service redirected ${info.method} ${info.path} to a ${next.protocol} URL, which collab does not follow`, { request: info });
  return next;
}

/**
 * The request a redirect asks for, as browsers (the Fetch standard) and curl follow them: a 303
 * is a GET without the body (HEAD stays HEAD); a 301 or 302 after a POST is a GET without the
 * body; 307 and 308 keep the method and the body.
 */
export function redirected(req: ApiRequest, status: number): ApiRequest {
  const toGet = (status === 303 && req.method !== 'HEAD' && req.method !== 'GET') || ((status === 301 || status === 302) && req.method === 'POST');
  if (!toGet) return req;
  const { json: _json, form: _form, body: _body, ...rest } = req;
  const headers = Object.fromEntries(Object.entries(req.headers ?? {}).filter(([name]) => !/^content-(type|length)$/i.test(name)));
  return { ...rest, method: 'GET', headers };
}

export function hasBody(req: ApiRequest): boolean {
  return req.json !== undefined || req.form !== undefined || req.body !== undefined;
}

/** The request without the headers that carry credentials (-H Authorization, JOB-TOKEN, Cookie...). */
export function withoutCredentials(req: ApiRequest): ApiRequest {
  return { ...req, headers: Object.fromEntries(Object.entries(req.headers ?? {}).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase()))) };
}
