import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { StoredFile, User } from './model.js';
import type { Store } from './store.js';

/** What a route handler is given. */
export interface SandboxRequest {
  method: string;
  /** Decoded path parameters (`:id` of `grp%2Fapp` is `grp/app`). */
  params: Record<string, string>;
  /** Query and body parameters merged, as Grape does: `a[]` become arrays, `a[k]` objects. */
  input: Record<string, unknown>;
  query: URLSearchParams;
  files: Record<string, StoredFile>;
  user: User | undefined;
  headers: IncomingHttpHeaders;
  /** The full request URL (for pagination links). */
  url: URL;
  store: Store;
}

export interface SandboxResponse {
  status: number;
  /** JSON text, a buffer, or a stream (snapshot, avatar). */
  body?: string | Buffer | Readable;
  headers?: Record<string, string>;
}

export type Handler = (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

export const json = (value: unknown, status = 200, headers: Record<string, string> = {}): SandboxResponse => ({
  status,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json', ...headers },
});

/** Already-serialized JSON (cached project views). */
export const jsonText = (text: string, status = 200, headers: Record<string, string> = {}): SandboxResponse => ({
  status,
  body: text,
  headers: { 'content-type': 'application/json', ...headers },
});

/** 202 `{"message": "202 Accepted"}`: the service took the request and finishes it in the background. */
export const accepted = (): SandboxResponse => json({ message: '202 Accepted' }, 202);
export const noContent = (): SandboxResponse => ({ status: 204 });
export const notModified = (): SandboxResponse => ({ status: 304 });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route table entry: `['GET', '/groups/:id', viewGroup]`. Each routes/ file exports its table. */
export type Route = readonly [method: Method, pattern: string, handler: Handler];

/** The five handlers of a collection of sub-resources (a project's hooks, an issue's notes). */
interface CollectionHandlers {
  list: Handler;
  view: Handler;
  create: Handler;
  update: Handler;
  remove: Handler;
}

/** The routes of a collection at `base`, its items at `base/:idParam`: one template, bound per resource. */
export function collectionRoutes(base: string, idParam: string, handlers: CollectionHandlers): Route[] {
  const item = `${base}/:${idParam}`;
  return [
    ['GET', base, handlers.list],
    ['GET', item, handlers.view],
    ['POST', base, handlers.create],
    ['PUT', item, handlers.update],
    ['DELETE', item, handlers.remove],
  ];
}

interface CompiledRoute {
  method: Method;
  segments: string[];
  handler: Handler;
}

const routeName = (route: CompiledRoute) => `${route.method} /${route.segments.join('/')}`;

/**
 * Routes by method and path pattern (`/projects/:id/hooks/:hook_id`). Paths are split on `/`
 * before decoding, so an encoded `grp%2Fapp` is one segment, as on the service.
 */
export class Router {
  private readonly routes: CompiledRoute[] = [];

  /** Adds a table's routes; the first route that matches a request answers it. */
  add(table: readonly Route[]): this {
    for (const [method, pattern, handler] of table)
      this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  /** Every route, as `METHOD /pattern`, in the order they are tried. */
  list(): string[] {
    return this.routes.map(routeName);
  }

  /** The route (`METHOD /pattern`) that answers a request, if any. */
  route(method: string, rawPath: string): string | undefined {
    const found = this.match(method, rawPath);
    return found && 'name' in found ? found.name : undefined;
  }

  match(
    method: string,
    rawPath: string,
  ): { handler: Handler; params: Record<string, string>; name: string } | { methodNotAllowed: true } | undefined {
    const parts = rawPath.split('/').filter(Boolean);
    let pathMatched = false;
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const pattern = route.segments[i] as string;
        const part = parts[i] as string;
        if (pattern.startsWith(':')) {
          try {
            params[pattern.slice(1)] = decodeURIComponent(part);
          } catch {
            ok = false;
            break;
          }
        } else if (pattern !== part) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      pathMatched = true;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET'))
        return { handler: route.handler, params, name: routeName(route) };
    }
    return pathMatched ? { methodNotAllowed: true } : undefined;
  }
}
