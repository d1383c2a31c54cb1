import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Dispatcher, FormData } from 'undici';
import { Agent, EnvHttpProxyAgent, request } from './undici.js';
import { CollabError, type RequestInfo } from '../errors.js';
import { type QueryParams, withQuery } from './query.js';
import { serviceError } from './service-error.js';
import { apiBaseUrl, isLoopbackHost } from './url.js';

export { apiBaseUrl, isLoopbackHost };

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method: HttpMethod;
  /** A path below the API root (`/projects/1`), or an absolute URL taken from a `link` header. */
  path: string;
  query?: QueryParams;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (file uploads); a promise when its builder loads undici's FormData on demand. */
  form?: FormData | Promise<FormData>;
  /** Sent as given (collab api --input). */
  body?: string | Buffer;
  headers?: Readonly<Record<string, string>>;
  /**
   * A POST that is safe to send twice (star, archive, restore...): retried like a GET.
   * Plain POSTs are retried only when the service never saw them.
   */
  idempotent?: boolean;
  /**
   * For a POST that creates something: after a failure that leaves it unknown whether the service
   * acted (a 5xx, or a connection lost after sending), looks for the effect. It returns the
   * created resource if it is there (the request then counts as done), or undefined if it is
   * not (the request is then sent again). Without it such a POST is not repeated.
   */
  recover?: (client: HttpClient) => Promise<unknown | undefined>;
  /** Statuses that are answers, not errors (304 for star/unstar, 404 for an idempotent delete). */
  okStatuses?: readonly number[];
  /**
   * json (default): parse the body. text: the body as a string, checked against its content type
   * (a JSON type must hold JSON, and an HTML page where the API was expected is refused).
   * json-text: JSON kept as a string and not checked here, for callers that check it themselves
   * in one pass (the paginator splits arrays). json-bytes: like json-text, but the body's bytes
   * (in `bytes`), never decoded, for list output that passes them through. stream: the body unread.
   */
  responseType?: 'json' | 'text' | 'json-text' | 'json-bytes' | 'stream';
  /**
   * json-bytes: where to put the body: a buffer of at least the given length (such as one from a
   * pool the caller reuses); `bytes` is then a view of it. Without it, a new buffer.
   */
  bytesInto?: (length: number) => Buffer;
  /** Per-request timeout in ms, overriding the client's. */
  timeoutMs?: number;
  /**
   * What a 2xx JSON body must be: `object` for a single resource, `array` for an unpaginated list.
   * Anything else (a list where one resource was asked for, a bare string) is a malformed response.
   * `object-or-null` is for a resource whose absence is answered 200 `null` (a project's push rule).
   */
  expect?: 'object' | 'array' | 'object-or-null';
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  data: T;
  /** The text of the body when the response type was json or text. */
  text: string;
  /** The body's bytes when the response type was json-bytes (text is then empty). */
  bytes?: Buffer;
  /** The request's method and path (path values encoded), for messages. */
  request: RequestInfo;
  /** The absolute URL the response came from (after redirects). */
  url: string;
}

export interface StreamResponse {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  body: Readable;
  request: RequestInfo;
}

export interface HttpClientOptions {
  /** The API root: https://host/api/v4 */
  baseUrl: string;
  token?: string | undefined;
  timeoutMs?: number;
  retries?: number;
  /** Retry waits add up to no more than this. */
  maxTotalRetryWaitMs?: number;
  /** First backoff step; doubles each retry (full jitter). */
  retryBaseMs?: number;
  caFile?: string | undefined;
  insecureHttp?: boolean;
  userAgent?: string;
  signal?: AbortSignal;
  /** --verbose lines (request, status, retries). */
  log?: ((line: string) => void) | undefined;
  /**
   * Told of every wait and retry, e.g. to change a spinner's text: the message as the verbose log
   * shows it, and what it is about (the reason, how long the wait is).
   */
  onRetry?: ((message: string, wait: RetryWait) => void) | undefined;
  /** For tests: a dispatcher such as undici's MockAgent. */
  dispatcher?: Dispatcher;
}

/** A wait before a request is sent (again), as told to `onRetry`. */
export interface RetryWait {
  /**
   * rate-limit: the service throttled (a 429, in `status`) or said no requests are left until its
   * reset time (RateLimit-Remaining: 0). status: a 5xx, `status` says which. network: a connection failure.
   * cut-off: an answer cut off mid-transfer. checking: a POST whose answer was lost, being looked
   * for (no wait: `seconds` is 0).
   */
  reason: 'rate-limit' | 'status' | 'network' | 'cut-off' | 'checking';
  /** How long the wait is, in seconds. */
  seconds: number;
  status?: number;
  /** The retry this wait is before (1 for the first), and how many are allowed; absent for a rate-limit wait. */
  attempt?: number;
  retries?: number;
  request: RequestInfo;
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
/** Errors where the request never reached the service: safe to repeat even for POST. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const MAX_REDIRECTS = 5;
/** Headers whose values are credentials: never shown on the verbose log. */
const CREDENTIAL_HEADERS = new Set(['private-token', 'authorization', 'job-token', 'cookie', 'proxy-authorization']);
/** undici's connect timeout: a host that does not answer a SYN in this long is not coming. */
const MAX_CONNECT_TIMEOUT_MS = 30_000;

export class HttpClient {
  readonly baseUrl: string;
  readonly origin: string;
  private readonly options: HttpClientOptions;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  /** When the service said RateLimit-Remaining: 0, requests wait until this time (ms). */
  private rateLimitResetAt = 0;
  private inFlight = 0;
  /** Most requests in flight at once, for benchmarks and tests. */
  maxInFlight = 0;
  requestCount = 0;

  constructor(options: HttpClientOptions) {
    this.options = options;
    this.baseUrl = apiBaseUrl(options.baseUrl);
    const base = new URL(this.baseUrl);
    this.origin = base.origin;
    if (options.token && !/^[\x21-\x7e]+$/.test(options.token)) {
      // undici would refuse the header on every attempt; say what is wrong once, without the token.
      throw new CollabError('auth', 'the token contains a space, a line break or a non-ASCII character, so it cannot be sent in a header', {
        hint: 'check COLLAB_TOKEN (a file with Windows line endings leaves a carriage return), or run `collab auth login` again',
      });
    }
    if (options.token && base.protocol === 'http:' && !isLoopbackHost(base.hostname) && !options.insecureHttp) {
      throw new CollabError('usage', `refusing to send the token over plain http to ${base.host}`, {
        hint: `use https, or allow it with \`collab config set insecure_http true --host ${base.origin}\``,
      });
    }
    // Each request in flight and each retry wait listens on the signal: with --concurrency up to 32
    // that passes Node's default of 10, whose warning would land on stderr.
    if (options.signal) setMaxListeners(200, options.signal);
    if (options.dispatcher) {
      this.dispatcher = options.dispatcher;
      this.ownsDispatcher = false;
    } else {
      this.dispatcher = createDispatcher(options);
      this.ownsDispatcher = true;
    }
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 30_000;
  }

  /** Resolves a path below the API root, or keeps an absolute URL (from a link header) as it is. */
  resolve(path: string, query?: QueryParams): string {
    const absolute = /^https?:\/\//i.test(path) ? path : `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
    return withQuery(absolute, query);
  }

  /** The path relative to the API root, for messages: `GET /projects/grp%2Fapp`. */
  describe(url: string): string {
    if (url.startsWith(this.baseUrl)) return url.slice(this.baseUrl.length) || '/';
    return url;
  }

  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const { response, url, info, text, bytes } = await this.sendAndRead(req);
    const contentType = stringHeader(response.headers['content-type']);
    const headers = flattenHeaders(response.headers);
    const status = response.statusCode;
    if (bytes) return { status, headers, data: undefined as T, text: '', bytes, request: info, url };
    if (req.responseType === 'json-text') return { status, headers, data: text as T, text, request: info, url };
    if (req.responseType === 'text') {
      checkText(text, contentType, info, url);
      return { status, headers, data: text as T, text, request: info, url };
    }
    const data = parseJsonBody(text, contentType, status, info, url);
    if (req.expect && data !== undefined) checkShape(data, req.expect, info, url);
    return { status, headers, data: data as T, text, request: info, url };
  }

  /**
   * Sends and reads the whole body. A body cut off mid-transfer (a reset, a body timeout) is a
   * failure like any other: a request that may be repeated is sent again, with the same policy.
   */
  private async sendAndRead(req: ApiRequest): Promise<{ response: Dispatcher.ResponseData; url: string; info: RequestInfo; text: string; bytes?: Buffer }> {
    const maxRetries = this.options.retries ?? 5;
    for (let attempt = 0; ; attempt++) {
      const { response, url, info } = await this.send(req);
      try {
        const timeouts = { client: this.timeoutMs, request: req.timeoutMs };
        if (req.responseType === 'json-bytes') return { response, url, info, text: '', bytes: await readBytes(response, req.bytesInto, info, url, timeouts) };
        return { response, url, info, text: await readText(response.body, info, url, timeouts) };
      } catch (error) {
        const cut = error instanceof CollabError && (error.kind === 'network' || error.kind === 'timeout');
        if (!cut || !isRetryable(req) || attempt >= maxRetries) throw error;
        const wait = backoff(this.options.retryBaseMs ?? 250, attempt);
        this.retrying(`${error.message.replace(/^the answer was cut off: /, 'answer cut off, ')} on ${info.method} ${info.path}; retry ${attempt + 1}/${maxRetries} in ${formatMs(wait)}`, { reason: 'cut-off', seconds: wait / 1000, attempt: attempt + 1, retries: maxRetries, request: info });
        await sleep(wait, this.options.signal);
      }
    }
  }

  async stream(req: ApiRequest): Promise<StreamResponse> {
    const { response, info } = await this.send({ ...req, responseType: 'stream' });
    return { status: response.statusCode, headers: flattenHeaders(response.headers), body: response.body, request: info };
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** Sends with retries and redirects; resolves with a successful (or okStatuses) response, body unread. */
  private async send(req: ApiRequest): Promise<{ response: Dispatcher.ResponseData; url: string; info: RequestInfo }> {
    let url = this.resolve(req.path, req.query);
    let info: RequestInfo = { method: req.method, path: this.describe(url) };
    const maxRetries = this.options.retries ?? 5;
    const maxTotalWait = this.options.maxTotalRetryWaitMs ?? 120_000;
    const base = this.options.retryBaseMs ?? 250;
    const retryable = isRetryable(req);
    let waited = 0;
    let redirects = 0;
    // The token goes only to the API root it was given for: a link or a path elsewhere gets none.
    const scope = this.scopeOf(url);
    if (scope === 'outside') {
      throw new CollabError('usage', `refusing to send ${info.method} ${info.path}: it leads out of the API root ${new URL(this.baseUrl).pathname}`, { hint: 'give a path below the API root, such as projects/grp%2Fapp' });
    }
    let sendToken = scope === 'api';
    for (let attempt = 0; ; attempt++) {
      await this.waitForRateLimit(info);
      let response: Dispatcher.ResponseData;
      const started = Date.now();
      try {
        response = await this.dispatch(req, url, sendToken);
      } catch (error) {
        const failure = classifyNetworkError(error, url, this.timeoutMs, req.timeoutMs);
        if (failure.kind !== 'interrupted' && !retryable && !failure.notSent && req.recover && attempt < maxRetries) {
          const recovered = await this.recover(req, info, failure.short);
          if (recovered) return recovered;
        }
        const canRetry = failure.kind !== 'interrupted' && (retryable || failure.notSent || req.recover !== undefined) && attempt < maxRetries;
        const wait = backoff(base, attempt);
        if (!canRetry || waited + wait > maxTotalWait) throw failure.error(info);
        this.retrying(`${failure.short} on ${info.method} ${info.path}; retry ${attempt + 1}/${maxRetries} in ${formatMs(wait)}`, { reason: 'network', seconds: wait / 1000, attempt: attempt + 1, retries: maxRetries, request: info });
        waited += wait;
        await sleep(wait, this.options.signal);
        continue;
      }
      const status = response.statusCode;
      this.noteRateLimit(response.headers);
      this.log(`< ${status} ${info.method} ${info.path} (${Date.now() - started} ms)`);

      const location = stringHeader(response.headers.location);
      if (status >= 300 && status < 400 && status !== 304 && location) {
        await response.body.dump();
        if (++redirects > MAX_REDIRECTS) throw new CollabError('network', `too many redirects (${info.method} ${info.path})`, { request: info });
        const next = new URL(location, url);
        // The token is never sent to another origin, nor outside the API root (a login page).
        if (this.scopeOf(next) !== 'api') sendToken = false;
        url = next.toString();
        info = { method: info.method, path: this.describe(url) };
        attempt--;
        continue;
      }
      if ((status >= 200 && status < 300) || req.okStatuses?.includes(status)) return { response, url, info };

      const body = await readText(response.body, info, url).catch(() => '');
      const error = serviceError(status, body, stringHeader(response.headers['content-type']), info);
      if (status >= 500 && !retryable && req.recover && attempt < maxRetries) {
        const recovered = await this.recover(req, info, String(status));
        if (recovered) return recovered;
      }
      const statusRetryable = RETRYABLE_STATUSES.has(status) && (retryable || status === 429 || req.recover !== undefined);
      if (!statusRetryable || attempt >= maxRetries) {
        if (statusRetryable) throw new CollabError(error.kind, `${error.message} (gave up after ${attempt + 1} attempts)`, { status, request: info });
        throw error;
      }
      const wait = retryDelay(response.headers, base, attempt);
      if (waited + wait > maxTotalWait) {
        throw new CollabError(error.kind, `${error.message}; the service asks to wait ${formatMs(wait)}, more than the retry budget allows`, { status, request: info });
      }
      this.retrying(`${status} on ${info.method} ${info.path}; retry ${attempt + 1}/${maxRetries} in ${formatMs(wait)}`, { reason: status === 429 ? 'rate-limit' : 'status', status, seconds: wait / 1000, attempt: attempt + 1, retries: maxRetries, request: info });
      waited += wait;
      await sleep(wait, this.options.signal);
    }
  }

  /**
   * Where a URL leads: below the API root (`api`), elsewhere on the same host (`outside`: a path
   * that climbs out, `collab api ../../users`, is refused before sending), or to another origin
   * (`foreign`: a link from a misconfigured proxy, followed without the token).
   */
  private scopeOf(url: string | URL): 'api' | 'outside' | 'foreign' {
    const target = new URL(url);
    if (target.origin !== this.origin) return 'foreign';
    const root = new URL(this.baseUrl).pathname;
    return target.pathname === root || target.pathname.startsWith(`${root}/`) ? 'api' : 'outside';
  }

  /** Looks for the effect of a POST whose answer was lost; a found resource stands in for the answer. */
  private async recover(req: ApiRequest, info: RequestInfo, what: string): Promise<{ response: Dispatcher.ResponseData; url: string; info: RequestInfo } | undefined> {
    this.retrying(`${what} on ${info.method} ${info.path}; checking whether it took effect before sending it again`, { reason: 'checking', seconds: 0, request: info });
    const found = await (req.recover as NonNullable<ApiRequest['recover']>)(this);
    if (found === undefined) return undefined;
    this.log(`! ${info.method} ${info.path} had taken effect; not sending it again`);
    return { response: syntheticResponse(found), url: this.resolve(req.path), info };
  }

  private async dispatch(req: ApiRequest, url: string, sendToken: boolean): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = {
      accept: req.responseType === 'stream' ? '*/*' : 'application/json',
      'user-agent': this.options.userAgent ?? 'collab',
      ...req.headers,
    };
    let body: string | Buffer | FormData | undefined;
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.form) {
      body = await req.form;
    } else if (req.body !== undefined) {
      body = req.body;
    }
    if (sendToken && this.options.token) headers['private-token'] = this.options.token;
    if (this.options.log) {
      this.log(`> ${req.method} ${url}`);
      for (const [name, value] of Object.entries(headers)) this.log(`> ${name}: ${CREDENTIAL_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value}`);
    }
    this.requestCount++;
    this.inFlight++;
    if (this.inFlight > this.maxInFlight) this.maxInFlight = this.inFlight;
    try {
      const timeout = req.timeoutMs ?? this.timeoutMs;
      return await request(url, {
        method: req.method,
        headers,
        body: body ?? null,
        dispatcher: this.dispatcher,
        signal: this.options.signal ?? null,
        headersTimeout: timeout,
        bodyTimeout: timeout,
      });
    } finally {
      this.inFlight--;
    }
  }

  private noteRateLimit(headers: Dispatcher.ResponseData['headers']): void {
    const remaining = stringHeader(headers['ratelimit-remaining']);
    const reset = Number(stringHeader(headers['ratelimit-reset']));
    if (remaining === '0' && Number.isFinite(reset) && reset > 0) this.rateLimitResetAt = Math.max(this.rateLimitResetAt, reset * 1000);
  }

  private async waitForRateLimit(info: RequestInfo): Promise<void> {
    const wait = this.rateLimitResetAt - Date.now();
    if (wait <= 0) return;
    // The reset is a whole second; never wait longer than a minute on the service's word.
    const capped = Math.min(wait + 50, 60_000);
    this.retrying(`rate limit reached; waiting ${formatMs(capped)} before ${info.method} ${info.path}`, { reason: 'rate-limit', seconds: capped / 1000, request: info });
    await sleep(capped, this.options.signal);
  }

  private retrying(message: string, wait: RetryWait): void {
    this.log(`! ${message}`);
    this.options.onRetry?.(message, wait);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}

/** Safe to send again whatever happened to the first: the methods that are idempotent, and POSTs marked so. */
function isRetryable(req: ApiRequest): boolean {
  return req.method === 'GET' || req.method === 'HEAD' || req.method === 'PUT' || req.method === 'DELETE' || req.idempotent === true;
}

function createDispatcher(options: HttpClientOptions): Dispatcher {
  const timeout = options.timeoutMs ?? 30_000;
  const ca = options.caFile ? caBundle(options.caFile) : undefined;
  const connect = { timeout: Math.min(timeout, MAX_CONNECT_TIMEOUT_MS), ...(ca ? { ca } : {}) };
  const agentOptions = { connect, headersTimeout: timeout, bodyTimeout: timeout, keepAliveTimeout: 10_000 };
  const env = process.env;
  if (env.HTTP_PROXY || env.http_proxy || env.HTTPS_PROXY || env.https_proxy) {
    return new EnvHttpProxyAgent({ ...agentOptions, ...(ca ? { requestTls: { ca } } : {}) });
  }
  return new Agent(agentOptions);
}

/**
 * A `ca` option replaces Node's trust store, so the bundle keeps the system roots and
 * NODE_EXTRA_CA_CERTS beside the host's own ca_file.
 */
function caBundle(caFile: string): string[] {
  // Loaded here, not at the top: node:tls brings crypto, 4 ms of every command's start, and plain
  // http and the default trust store never need it.
  const { rootCertificates } = process.getBuiltinModule('node:tls') as typeof import('node:tls');
  const bundle = [...rootCertificates];
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  try {
    if (extra) bundle.push(readFileSync(extra, 'utf8'));
    bundle.push(readFileSync(caFile, 'utf8'));
  } catch (error) {
    throw new CollabError('usage', `cannot read CA file ${caFile}: ${(error as Error).message}`, {
      hint: 'fix the path with `collab config set ca_file <path> --host <url>`',
    });
  }
  return bundle;
}

/** A stand-in response carrying a resource found by `recover`. */
function syntheticResponse(value: unknown): Dispatcher.ResponseData {
  const text = JSON.stringify(value);
  const body = Readable.from([Buffer.from(text)]) as unknown as Dispatcher.ResponseData['body'];
  Object.assign(body, { text: async () => text, bytes: async () => Buffer.from(text), json: async () => value, dump: async () => undefined });
  return { statusCode: 201, headers: { 'content-type': 'application/json' }, body, trailers: {}, opaque: null, context: {} } as unknown as Dispatcher.ResponseData;
}

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = stringHeader(value);
  return out;
}

function stringHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

async function readText(body: Dispatcher.ResponseData['body'], info: RequestInfo, url: string, timeouts: { client: number; request?: number | undefined } = { client: 0 }): Promise<string> {
  return readBody(() => body.text(), info, url, timeouts);
}

async function readBytes(response: Dispatcher.ResponseData, into: ((length: number) => Buffer) | undefined, info: RequestInfo, url: string, timeouts: { client: number; request?: number | undefined }): Promise<Buffer> {
  const body = response.body;
  return readBody(async () => {
    if (!into) {
      const bytes = await body.bytes();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    // Each chunk is copied as it arrives, so that it is garbage at once: chunks kept until the
    // end would live through young-generation collections and be promoted (external memory
    // that waits for a full collection). Read by 'data' events, not the stream's async iterator,
    // whose machinery per chunk was a tenth of the client's CPU per page (100 pages: 28 ms less).
    const declared = Number(stringHeader(response.headers['content-length']));
    let target = into(Number.isSafeInteger(declared) && declared > 0 ? declared : 65_536);
    let length = 0;
    body.on('data', (chunk: Buffer) => {
      if (length + chunk.length > target.length) {
        const larger = into(Math.max(2 * target.length, length + chunk.length));
        target.copy(larger, 0, 0, length);
        target = larger;
      }
      length += chunk.copy(target, length);
    });
    await finished(body);
    return target.subarray(0, length);
  }, info, url, timeouts);
}

async function readBody<T>(read: () => Promise<T>, info: RequestInfo, url: string, timeouts: { client: number; request?: number | undefined }): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const failure = classifyNetworkError(error, url, timeouts.client, timeouts.request);
    const described = failure.error(info);
    if (failure.kind === 'interrupted') throw described;
    throw new CollabError(failure.kind, `the answer was cut off: ${failure.short}`, { request: info, cause: error, ...(described.hint ? { hint: described.hint } : {}) });
  }
}

/** Answers that carry no body by design. */
function emptyIsFine(status: number, info: RequestInfo): boolean {
  return status === 204 || status === 202 || status === 304 || info.method === 'DELETE' || info.method === 'HEAD';
}

/** Parses a JSON body; a 2xx that is not JSON is a malformed response and says what came instead. */
export function parseJsonBody(text: string, contentType: string | undefined, status: number, info: RequestInfo, url?: string): unknown {
  if (text.length === 0) {
    if (emptyIsFine(status, info)) return undefined;
    throw malformed(info, `an empty body with status ${status} where JSON was expected`, url);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw malformed(info, notJson(text, contentType), url);
  }
}

/** What a body that should have been JSON was instead. */
function notJson(text: string, contentType: string | undefined): string {
  const type = contentType ? contentType.split(';')[0] : 'no content type';
  const body = text.trim();
  if (body.startsWith('<')) return `an HTML page (${type}) instead of JSON; is a proxy or login page in the way?`;
  if (/^[[{]/.test(body)) return `invalid JSON (${type}, ${text.length} bytes${/[}\]]$/.test(body) ? '' : ', apparently truncated'})`;
  return `text instead of JSON (${type}, ${text.length} bytes: "${preview(body)}")`;
}

/** The start of a body for a message: one line, short. */
export function preview(text: string, length = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length)}…` : line;
}

function checkShape(data: unknown, expected: NonNullable<ApiRequest['expect']>, info: RequestInfo, url: string): void {
  const actual = data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data;
  if (actual === expected || (expected === 'object-or-null' && (actual === 'object' || actual === 'null'))) return;
  const wanted = expected === 'object-or-null' ? 'a JSON object or null' : `a JSON ${expected}`;
  throw malformed(info, `${actual === 'null' ? 'a null' : `a JSON ${actual}`} where ${wanted} was expected`, url);
}

/**
 * A body kept as text (collab api) is still checked as far as its content type allows: the API
 * answers JSON or files, never an HTML page, so a page means a proxy or a login form is in the way.
 */
function checkText(text: string, contentType: string | undefined, info: RequestInfo, url: string): void {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html') throw malformed(info, `an HTML page (${type}) instead of an API response; is a proxy or login page in the way?`, url);
  // Callers of text accept an empty body (housekeeping, mirror pull answer with nothing).
  if (text.length === 0 || !/[/+]json$/.test(type)) return;
  try {
    JSON.parse(text);
  } catch {
    throw malformed(info, notJson(text, contentType), url);
  }
}

/**
 * The service answered something that cannot be read. The message names the full URL (the host
 * matters when a proxy is in the way) and what came instead of what was expected.
 */
export function malformed(info: RequestInfo, what: string, url?: string): CollabError {
  return new CollabError('malformed', `malformed response from ${info.method} ${url ?? info.path}: ${what}`);
}

interface NetworkFailure {
  kind: 'network' | 'timeout' | 'interrupted';
  notSent: boolean;
  short: string;
  error(info: RequestInfo): CollabError;
}

function classifyNetworkError(error: unknown, url: string, clientTimeout: number, requestTimeout: number | undefined): NetworkFailure {
  if (error instanceof CollabError) return { kind: 'network', notSent: false, short: error.message, error: () => error };
  const err = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  const host = safeHost(url);
  if (err.name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') {
    return { kind: 'interrupted', notSent: false, short: 'interrupted', error: (info) => new CollabError('interrupted', 'interrupted', { request: info }) };
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    const connecting = code === 'UND_ERR_CONNECT_TIMEOUT';
    const limit = connecting ? Math.min(clientTimeout, MAX_CONNECT_TIMEOUT_MS) : (requestTimeout ?? clientTimeout);
    const seconds = Math.round(limit / 100) / 10;
    const phase = connecting ? 'connecting to' : 'waiting for';
    // A per-request timeout comes from the command's own --timeout; the rest from the config.
    const hint = requestTimeout !== undefined && !connecting ? 'raise the limit with the command\'s --timeout option' : `raise the limit with \`collab config set timeout <seconds>\` (now ${Math.round(clientTimeout / 100) / 10})`;
    return {
      kind: 'timeout',
      notSent: connecting,
      short: `timeout ${phase} ${host}`,
      error: (info) =>
        new CollabError('timeout', `timed out after ${seconds}s ${phase} ${host} (${info.method} ${info.path})`, {
          request: info,
          hint,
        }),
    };
  }
  const notSent = NOT_SENT_CODES.has(code);
  const reason = code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'host not found' : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' ? 'connection reset' : (err.message ?? 'network error');
  return {
    kind: 'network',
    notSent,
    short: `${reason} (${host})`,
    error: (info) => new CollabError('network', `cannot reach ${host}: ${reason} (${info.method} ${info.path})`, { request: info, cause: error }),
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Exponential backoff with full jitter. */
function backoff(base: number, attempt: number): number {
  const ceiling = Math.min(base * 2 ** attempt, 10_000);
  return Math.round(Math.random() * ceiling);
}

/** Retry-After (seconds or an HTTP date) wins; else RateLimit-Reset (a Unix time); else backoff. */
export function retryDelay(headers: Record<string, string | string[] | undefined>, base: number, attempt: number, now = Date.now()): number {
  const retryAfter = stringHeader(headers['retry-after']);
  if (retryAfter !== undefined && retryAfter !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = Number(stringHeader(headers['ratelimit-reset']));
  if (Number.isFinite(reset) && reset > 0 && reset * 1000 > now) return reset * 1000 - now;
  return backoff(base, attempt);
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CollabError('interrupted', 'interrupted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CollabError('interrupted', 'interrupted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
