import { parseLinkHeader } from '../../src/http/paginate.js';
import type { Sandbox, SandboxRole } from '../../src/sandbox/index.js';

/**
 * The one helper for raw calls to a sandbox's API (what a client of the service sends, with
 * fetch): tests of the sandbox itself, and e2e tests that check the service's answer after a
 * command instead of reading the store.
 *   const answer = await callSandbox(sandbox, 'PUT', '/projects/1', { as: 'owner', json: { name: 'x' } });
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON, read loosely by the assertions
export type Json = any;

export interface Answer {
  status: number;
  headers: Headers;
  /** The Link header's relations (next, prev, first, last). */
  links: Record<string, string>;
  /** The body parsed as JSON; its text if it is not JSON; undefined if empty. */
  body: Json;
  text: string;
}

export interface CallOptions {
  /** Whose token: a sandbox role (default admin), a token of its own ({ token }), or null for none. */
  as?: SandboxRole | { token: string } | null;
  /** A JSON body. */
  json?: unknown;
  /** A urlencoded form (a record) or a multipart one (FormData). */
  form?: Record<string, string> | FormData;
  /** More request headers (Sudo, If-None-Match...). */
  headers?: Record<string, string>;
  /** 'manual' (default) answers a 301 as it is; 'follow' follows it as fetch does. */
  redirect?: 'manual' | 'follow';
}

/** `path` is below /api/v4 (`/projects?page=2`), or a whole URL (a Link header's). */
export async function callSandbox(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const as = options.as === undefined ? 'admin' : options.as;
  const token = as === null ? undefined : typeof as === 'string' ? sandbox.tokens[as] : as.token;
  const headers: Record<string, string> = { ...(token ? { 'private-token': token } : {}), ...options.headers };
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form instanceof FormData) body = options.form;
  else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const url = /^https?:/.test(path) ? path : `${sandbox.url}/api/v4${path}`;
  const response = await fetch(url, { method, headers, body: body ?? null, redirect: options.redirect ?? 'manual' });
  const text = await response.text();
  let parsed: Json;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return {
    status: response.status,
    headers: response.headers,
    links: parseLinkHeader(response.headers.get('link') ?? undefined),
    body: parsed,
    text,
  };
}

/**
 * A GET that must answer 200: its body. For reading the service's state back after a command
 * (`(await getJson(sandbox, '/projects/acme%2Fweb%2Fstorefront')).visibility`); any other
 * status fails the test with the answer.
 */
export async function getJson(sandbox: Sandbox, path: string, as?: CallOptions['as']): Promise<Json> {
  const answer = await callSandbox(sandbox, 'GET', path, { as });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.text}`);
  return answer.body;
}

/** The ID of a project or group (by full path or ID) or a user (by username), as the API shows it. */
export async function idOf(sandbox: Sandbox, kind: 'projects' | 'groups' | 'users', ref: string): Promise<number> {
  if (kind !== 'users') return (await getJson(sandbox, `/${kind}/${encodeURIComponent(ref)}`)).id;
  const [user] = await getJson(sandbox, `/users?username=${encodeURIComponent(ref)}`);
  if (!user) throw new Error(`no user named ${ref}`);
  return user.id;
}

/** Lookups of IDs by name, filled from the API's lists (see listIds). */
export interface Ids {
  /** A project's ID by its full path. */
  project(path: string): number;
  /** A group's ID by its full path. */
  group(path: string): number;
  /** A user's ID by username. */
  user(username: string): number;
}

/**
 * The ID of every project and group (by full path) and user (by username), as the API lists them
 * to an administrator, every page: for a test that names many seeded things by ID, read once
 * (`beforeEach(async () => { ids = await listIds(sandbox); })`). An unknown name fails the test.
 */
export async function listIds(sandbox: Sandbox): Promise<Ids> {
  const all = async (path: string, key: string): Promise<Map<string, number>> => {
    const found = new Map<string, number>();
    let next: string | undefined = `${path}?per_page=100`;
    while (next) {
      const answer = await callSandbox(sandbox, 'GET', next);
      if (answer.status !== 200) throw new Error(`GET ${next} answered ${answer.status}: ${answer.text}`);
      for (const item of answer.body) found.set(item[key], item.id);
      next = answer.links.next;
    }
    return found;
  };
  const lookup = (kind: string, found: Map<string, number>) => (name: string) => {
    const id = found.get(name);
    if (id === undefined) throw new Error(`no ${kind} ${name} in the API's list`);
    return id;
  };
  const [projects, groups, users] = await Promise.all([
    all('/projects', 'path_with_namespace'),
    all('/groups', 'full_path'),
    all('/users', 'username'),
  ]);
  return { project: lookup('project', projects), group: lookup('group', groups), user: lookup('user', users) };
}

/** callSandbox bound to one sandbox (or to a getter of the current one). */
export function sandboxApi(sandbox: Sandbox) {
  const call = (method: string, path: string, options: CallOptions = {}) => callSandbox(sandbox, method, path, options);
  return {
    call,
    get: (path: string, as?: CallOptions['as']) => call('GET', path, { as }),
    getJson: (path: string, as?: CallOptions['as']) => getJson(sandbox, path, as),
    idOf: (kind: Parameters<typeof idOf>[1], ref: string) => idOf(sandbox, kind, ref),
  };
}
