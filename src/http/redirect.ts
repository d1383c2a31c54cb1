import { CollabError, type RequestInfo, requestLabel } from '../errors.js';
import type { ApiRequest } from './api-request.js';
import { CREDENTIAL_HEADERS, stringHeader } from './headers.js';
import { urlScope } from './url.js';

/** How the client follows a redirect: where to, with which method, body and headers. */

const MAX_REDIRECTS = 5;

/**
 * Where one request goes, as redirects move it: its URL, the request as it goes out now (a
 * redirect may change its method, or drop its body or credentials), and whether the token goes
 * along. The token goes only below the API root it was given for, never to another origin nor
 * outside the root (a login page); after a redirect to another origin no credential goes, even
 * back on this one.
 */
export class Route {
  url: string;
  info: RequestInfo;
  sent: ApiRequest;
  sendToken: boolean;
  private crossed = false;
  private hops = 0;

  /** `describe`: the URL as messages show it (the path below the API root). */
  constructor(
    req: ApiRequest,
    url: string,
    private readonly baseUrl: string,
    private readonly describe: (url: string) => string,
  ) {
    this.url = url;
    this.sent = req;
    this.info = { method: req.method, path: describe(url) };
    const scope = urlScope(url, baseUrl);
    if (scope === 'outside') {
      throw new CollabError(
        'usage',
        `refusing to send ${this.info.method} ${this.info.path}: it leads out of the API root ${new URL(baseUrl).pathname}`,
        { hint: 'give a path below the API root, such as projects/grp%2Fapp' },
      );
    }
    this.sendToken = scope === 'api';
  }

  /** Follows a redirect (see `redirectLocation`): the next send goes where it leads, as it asks. */
  follow(status: number, location: string): void {
    const { info } = this;
    if (++this.hops > MAX_REDIRECTS)
      throw new CollabError('network', `too many redirects ${requestLabel(info)}`, { request: info });
    const next = redirectTarget(location, this.url, info);
    let sent = redirected(this.sent, status);
    if (next.origin !== new URL(this.baseUrl).origin) {
      // Another origin gets nothing of the user's: no body (it may hold a password or a
      // token; a 307/308 must keep it, so it is not followed), and no credential header.
      if (hasBody(sent)) {
        throw new CollabError(
          'malformed',
          `the service redirected ${sent.method} ${info.path} to another origin (${next.origin}); not sending the request body there`,
          {
            request: info,
            hint: 'give --host the address the service answers on itself',
          },
        );
      }
      this.crossed = true;
    }
    if (this.crossed) sent = withoutCredentials(sent);
    if (urlScope(next, this.baseUrl) !== 'api') this.sendToken = false;
    this.sent = sent;
    this.url = next.toString();
    this.info = { method: sent.method, path: this.describe(this.url) };
  }
}

/** The Location of an answer that is a redirect to follow (a 3xx other than 304 that names one). */
export function redirectLocation(
  status: number,
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const location = stringHeader(headers.location);
  return status >= 300 && status < 400 && status !== 304 && location ? location : undefined;
}

/** Where a redirect leads, resolved against the URL that answered it; a Location that is no URL is a malformed answer. */
function redirectTarget(location: string, url: string, info: RequestInfo): URL {
  let next: URL;
  try {
    next = new URL(location, url);
  } catch {
    throw new CollabError(
      'malformed',
      `the service redirected ${info.method} ${info.path} to "${location.slice(0, 80)}", which is not a URL`,
      { request: info },
    );
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:')
    throw new CollabError(
      'malformed',
      `the service redirected ${info.method} ${info.path} to a ${next.protocol} URL, which collab does not follow`,
      { request: info },
    );
  return next;
}

/**
 * The request a redirect asks for, as browsers (the Fetch standard) and curl follow them: a 303
 * is a GET without the body (HEAD stays HEAD); a 301 or 302 after a POST is a GET without the
 * body; 307 and 308 keep the method and the body.
 */
function redirected(req: ApiRequest, status: number): ApiRequest {
  const toGet =
    (status === 303 && req.method !== 'HEAD' && req.method !== 'GET') ||
    ((status === 301 || status === 302) && req.method === 'POST');
  if (!toGet) return req;
  const { json: _json, form: _form, body: _body, ...rest } = req;
  const headers = Object.fromEntries(
    Object.entries(req.headers ?? {}).filter(([name]) => !/^content-(type|length)$/i.test(name)),
  );
  return { ...rest, method: 'GET', headers };
}

function hasBody(req: ApiRequest): boolean {
  return req.json !== undefined || req.form !== undefined || req.body !== undefined;
}

/** The request without the headers that carry credentials (-H Authorization, JOB-TOKEN, Cookie...). */
function withoutCredentials(req: ApiRequest): ApiRequest {
  return {
    ...req,
    headers: Object.fromEntries(
      Object.entries(req.headers ?? {}).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
    ),
  };
}
