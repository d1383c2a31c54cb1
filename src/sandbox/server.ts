import { paidFeatureAt } from '../params/tiers.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { sudoUser } from './guards.js';
import { HttpError } from './errors.js';
import { Faults, type FaultOptions } from './faults.js';
import { serveGraphql } from './graphql.js';
import type { Router, SandboxRequest, SandboxResponse } from './http.js';
import type { StoredFile } from './model.js';
import { assignParam, parseQuery } from './params.js';
import type { Store } from './store.js';

interface ServerOptions {
  latencyMs: number;
  /** Whether /api/graphql is served (else it is the web application's 404, as on an instance without it). */
  graphql: boolean;
  faults: FaultOptions;
  log?: ((line: string) => void) | undefined;
}

export interface SandboxStats {
  requests: number;
  inFlight: number;
  maxInFlight: number;
  byStatus: Record<string, number>;
  faults: number;
  rateLimited: number;
}

/** One request as the sandbox saw it: for tests and benchmarks (no 429 storm, no request before a reset). */
export interface RequestRecord {
  method: string;
  /** Path and query string, as asked. */
  path: string;
  /** The status answered; 0 for a dropped connection. */
  status: number;
  /** When the request arrived (ms since the epoch), before any --latency. */
  time: number;
  /** The token's user, or null without a (known) token. */
  user: string | null;
  /**
   * The top-level keys of a JSON object body, in the order sent (what a write sent, without
   * its values: the log never holds a secret); unset for any other body.
   */
  bodyKeys?: string[];
}

const MAX_BODY = 64 * 1024 * 1024;
/** The request log keeps the latest requests only: beyond this many, the oldest tenth is dropped. */
const MAX_LOGGED = 200_000;

/** The web application's 404 page, as GitLab serves it for a path outside /api/v4. */
const WEB_NOT_FOUND =
  '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>The page you\'re looking for could not be found (404)</title>\n</head>\n<body>\n<h1>404</h1>\n<h3>The page you\'re looking for could not be found.</h3>\n</body>\n</html>\n';

/** The HTTP front of the sandbox: parsing, auth, latency, rate limits, faults, routing, logging. */
export class SandboxServer {
  readonly server: Server;
  readonly stats: SandboxStats = { requests: 0, inFlight: 0, maxInFlight: 0, byStatus: {}, faults: 0, rateLimited: 0 };
  /** Every API request in arrival order (cleared with the stats; the same array throughout). */
  readonly requestLog: RequestRecord[] = [];
  private faults: Faults;
  /** Connections open now, for idle(). */
  private openConnections = 0;
  /** idle()'s waits, woken when a connection closes or a request ends. */
  private readonly quieting: Array<() => void> = [];

  constructor(
    private store: Store,
    private readonly router: Router,
    private readonly options: ServerOptions,
  ) {
    this.faults = new Faults(options.faults);
    this.server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.options.log?.(`sandbox error: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: '500 Internal Server Error' }));
        } else res.destroy();
      });
    });
    this.server.on('connection', (socket) => {
      this.openConnections++;
      socket.once('close', () => {
        this.openConnections--;
        this.wakeQuieting();
      });
    });
  }

  /**
   * Resolves once no connection has been open and no request in flight for a whole turn of the
   * event loop (a poll for new connections included): every request of the clients that have gone
   * away has arrived and been counted. Tests check "nothing more was sent" after it, not after a
   * sleep. A client still connected (keep-alive) holds it off.
   */
  async idle(): Promise<void> {
    for (;;) {
      if (this.openConnections > 0 || this.stats.inFlight > 0) {
        await new Promise<void>((resolve) => this.quieting.push(resolve));
        continue;
      }
      const requests = this.stats.requests;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.openConnections === 0 && this.stats.inFlight === 0 && this.stats.requests === requests) return;
    }
  }

  private wakeQuieting(): void {
    for (const wake of this.quieting.splice(0)) wake();
  }

  listen(port: number, host = '127.0.0.1'): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve(this.server.address() as AddressInfo));
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Serves another store from the next request on (Sandbox.reset). */
  useStore(store: Store): void {
    this.store = store;
  }

  /** The fault sequence and the rate limit's windows start again, as on a new server. */
  resetFaults(): void {
    this.faults = new Faults(this.options.faults);
  }

  resetStats(): void {
    Object.assign(this.stats, {
      requests: 0,
      maxInFlight: this.stats.inFlight,
      byStatus: {},
      faults: 0,
      rateLimited: 0,
    });
    this.requestLog.length = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Arrival by the sandbox's clock (the request log, rate-limit windows); the log line's duration is real time.
    const started = this.store.now();
    const startedReal = performance.now();
    const url = new URL(req.url ?? '/', this.store.origin);
    if (url.pathname.startsWith('/__sandbox/')) return this.control(req, res, url);
    this.stats.requests++;
    this.stats.inFlight++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.stats.inFlight);
    if (this.requestLog.length >= MAX_LOGGED) this.requestLog.splice(0, MAX_LOGGED / 10);
    const token = headerValue(req.headers['private-token']) ?? bearer(headerValue(req.headers.authorization));
    const record: RequestRecord = {
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      status: 0,
      time: started,
      user: (token && this.store.usersByToken.get(token)?.username) ?? null,
    };
    this.requestLog.push(record);
    // Anything but a read may change the store: cached views are stale from its arrival to its
    // answer (touched again when done), and Sandbox.reset() seeds a new store.
    // A GraphQL POST reads: the schema the sandbox serves has no mutations.
    const writes =
      record.method !== 'GET' && record.method !== 'HEAD' && !(url.pathname === '/api/graphql' && this.options.graphql);
    if (writes) this.store.touch();
    let status = 0;
    try {
      const body = await readBody(req);
      const keys = writes ? jsonBodyKeys(req, body) : undefined;
      if (keys) record.bodyKeys = keys;
      const response = await this.respond(req, url, body, res, token);
      if (response === 'dropped') {
        status = 0;
        return;
      }
      status = response.status;
      await send(res, response);
    } finally {
      if (writes) this.store.touch();
      record.status = status;
      this.stats.inFlight--;
      this.wakeQuieting();
      const key = String(status || 'dropped');
      this.stats.byStatus[key] = (this.stats.byStatus[key] ?? 0) + 1;
      this.options.log?.(
        `${req.method} ${url.pathname}${url.search} ${status || 'dropped'} ${Math.round(performance.now() - startedReal)} ms`,
      );
    }
  }

  private async respond(
    req: IncomingMessage,
    url: URL,
    body: Buffer,
    res: ServerResponse,
    token: string | undefined,
  ): Promise<SandboxResponse | 'dropped'> {
    const user = token === undefined ? undefined : this.store.usersByToken.get(token);
    const rate = this.faults.rateLimit(token ?? req.socket.remoteAddress ?? 'anonymous', this.store.now());
    // A client that goes away during the latency (a timeout, Ctrl-C) is not served after it: as a dropped connection.
    if (this.options.latencyMs > 0 && !(await latency(this.options.latencyMs, res))) return 'dropped';
    if (rate.limited) {
      this.stats.rateLimited++;
      return { status: 429, body: 'Retry later\n', headers: { 'content-type': 'text/plain', ...rate.headers } };
    }
    const fault = this.faults.decide();
    if (fault.kind !== 'none') this.stats.faults++;
    if (fault.kind !== 'none' && fault.when === 'before') return this.fault(fault, res);

    // Background jobs due by now are done before the request is served (jobs.ts).
    this.store.deletions.settle();
    let response: SandboxResponse;
    try {
      if (url.pathname === '/api/graphql' && this.options.graphql)
        return this.withRate(
          serveGraphql(this.store, user, token !== undefined && !user, req.method ?? 'GET', url, body),
          rate.headers,
          fault,
          res,
        );
      // Outside the API the web application answers, with its HTML page (GitLab's public/404.html).
      if (!url.pathname.startsWith('/api/v4/') && url.pathname !== '/api/v4')
        throw new HttpError(404, WEB_NOT_FOUND, { 'content-type': 'text/html; charset=utf-8' });
      if (token !== undefined && !user) throw new HttpError(401, { message: '401 Unauthorized' });
      const path = url.pathname.slice('/api/v4'.length);
      // GitLab Free has no route for a paid feature: it answers as for any unknown path.
      const route =
        this.store.tier === 'free' && paidFeatureAt(path) ? undefined : this.router.match(req.method ?? 'GET', path);
      if (!route) throw new HttpError(404, { error: '404 Not Found' });
      if ('methodNotAllowed' in route) throw new HttpError(405, { message: '405 Method Not Allowed' });
      const { input, files } = await parseInput(req, url, body);
      const sudo =
        headerValue(req.headers.sudo) ??
        (typeof input.sudo === 'string' || typeof input.sudo === 'number' ? String(input.sudo) : undefined);
      delete input.sudo;
      const actor = sudo === undefined || sudo === '' ? user : sudoUser(this.store, user, sudo);
      const request: SandboxRequest = {
        method: req.method ?? 'GET',
        params: route.params,
        input,
        query: url.searchParams,
        files,
        user: actor,
        headers: req.headers,
        url,
        store: this.store,
      };
      response = await route.handler(request);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      response = {
        status: error.status,
        body: typeof error.body === 'string' ? error.body : JSON.stringify(error.body),
        headers: {
          'content-type': typeof error.body === 'string' ? 'text/plain' : 'application/json',
          ...error.headers,
        },
      };
    }
    return this.withRate(response, rate.headers, fault, res);
  }

  /** The rate limit's headers on an answer, or the fault that loses it. */
  private withRate(
    response: SandboxResponse,
    rateHeaders: Record<string, string>,
    fault: ReturnType<Faults['decide']>,
    res: ServerResponse,
  ): SandboxResponse | 'dropped' {
    response.headers = { ...rateHeaders, ...response.headers };
    if (fault.kind !== 'none' && fault.when === 'after') {
      // The change is made; the answer is lost.
      if (response.body instanceof Readable) response.body.destroy();
      return this.fault(fault, res);
    }
    return response;
  }

  private fault(
    fault: Exclude<ReturnType<Faults['decide']>, { kind: 'none' }>,
    res: ServerResponse,
  ): SandboxResponse | 'dropped' {
    if (fault.kind === 'drop') {
      res.socket?.destroy();
      return 'dropped';
    }
    const messages = { 500: '500 Internal Server Error', 502: '502 Bad Gateway', 503: '503 Service Unavailable' };
    if (fault.status === 502)
      return {
        status: 502,
        body: '<html><head><title>502 Bad Gateway</title></head><body>502 Bad Gateway</body></html>',
        headers: { 'content-type': 'text/html' },
      };
    return {
      status: fault.status,
      body: JSON.stringify({ message: messages[fault.status] }),
      headers: { 'content-type': 'application/json' },
    };
  }

  /**
   * /__sandbox/stats: request counts for benchmarks and tests; /__sandbox/requests: the request
   * log; POST /__sandbox/reset-stats clears both.
   */
  private control(req: IncomingMessage, res: ServerResponse, url: URL): void {
    req.resume();
    if (url.pathname === '/__sandbox/stats') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.stats));
      return;
    }
    if (url.pathname === '/__sandbox/requests') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.requestLog));
      return;
    }
    if (url.pathname === '/__sandbox/reset-stats' && req.method === 'POST') {
      this.resetStats();
      res.writeHead(204);
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function bearer(value: string | undefined): string | undefined {
  const match = value ? /^Bearer\s+(.+)$/i.exec(value) : null;
  return match?.[1];
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, { message: '413 Request Entity Too Large' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function jsonBodyKeys(req: IncomingMessage, body: Buffer): string[] | undefined {
  if (body.length === 0 || !(headerValue(req.headers['content-type']) ?? '').includes('application/json')) return;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : undefined;
  } catch {
    return undefined;
  }
}

async function parseInput(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
): Promise<{ input: Record<string, unknown>; files: Record<string, StoredFile> }> {
  const input = parseQuery(url.searchParams);
  const files: Record<string, StoredFile> = {};
  if (body.length === 0) return { input, files };
  const type = headerValue(req.headers['content-type']) ?? '';
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new HttpError(400, {
        error: "The provided content-type 'application/json' is not supported or the body is not valid JSON",
      });
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(input, parsed);
  } else if (type.includes('multipart/form-data')) {
    // undici's Response parses multipart bodies: no hand-written parser.
    const form = await new Response(body, { headers: { 'content-type': type } }).formData();
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') assignParam(input, key, value);
      else {
        const file = value as File;
        files[key] = {
          filename: file.name,
          contentType: file.type || 'application/octet-stream',
          data: Buffer.from(await file.arrayBuffer()),
        };
        input[key] = files[key];
      }
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) assignParam(input, key, value);
  }
  return { input, files };
}

async function send(res: ServerResponse, response: SandboxResponse): Promise<void> {
  const headers = { ...response.headers };
  const body = response.body;
  if (body instanceof Readable) {
    res.writeHead(response.status, headers);
    await new Promise<void>((resolve) => {
      body.pipe(res);
      body.on('end', resolve);
      body.on('error', () => {
        res.destroy();
        resolve();
      });
      res.on('close', resolve);
    });
    return;
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * The --latency of an answer, in real time (it stands for the network, which the client's real
 * timeouts are about); true when it has passed, false when the connection closed first (the timer
 * is then cleared: it cannot fire long after, in whatever runs next).
 */
function latency(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const end = (passed: boolean) => {
      clearTimeout(timer);
      res.off('close', closed);
      resolve(passed);
    };
    const closed = () => end(false);
    const timer = setTimeout(() => end(true), ms);
    res.on('close', closed);
  });
}
