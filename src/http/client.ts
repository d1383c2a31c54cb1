import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Readable } from 'node:stream';
import { Agent, type Dispatcher, EnvHttpProxyAgent, type FormData, request } from 'undici';
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
  /** Sent as multipart/form-data (file uploads). */
  form?: FormData;
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
  /** json (default): parse the body; text: the body as a string; stream: the body unread. */
  responseType?: 'json' | 'text' | 'stream';
  /** Per-request timeout in ms, overriding the client's. */
  timeoutMs?: number;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  data: T;
  /** The text of the body when the response type was json or text. */
  text: string;
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
  /** Told of every retry, e.g. to change a spinner's text. */
  onRetry?: ((message: string) => void) | undefined;
  /** For tests: a dispatcher such as undici's MockAgent. */
  dispatcher?: Dispatcher;
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
/** Errors where the request never reached the service: safe to repeat even for POST. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const MAX_REDIRECTS = 5;

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
    if (options.token && base.protocol === 'http:' && !isLoopbackHost(base.hostname) && !options.insecureHttp) {
      throw new CollabError('usage', `refusing to send the token over plain http to ${base.host}`, {
        hint: `use https, or allow it with \`collab config set insecure_http true --host ${base.origin}\``,
      });
    }
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
    const { response, url, info } = await this.send(req);
    const contentType = stringHeader(response.headers['content-type']);
    const text = await readText(response.body, info, this);
    const headers = flattenHeaders(response.headers);
    if (req.responseType === 'text') return { status: response.statusCode, headers, data: text as T, text, request: info, url };
    return { status: response.statusCode, headers, data: parseJsonBody(text, contentType, response.statusCode, info) as T, text, request: info, url };
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
    const retryable = req.method === 'GET' || req.method === 'HEAD' || req.method === 'PUT' || req.method === 'DELETE' || req.idempotent === true;
    let waited = 0;
    let redirects = 0;
    let sendToken = true;
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
        this.retrying(`${failure.short} on ${info.method} ${info.path}; retry ${attempt + 1}/${maxRetries} in ${formatMs(wait)}`);
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
        // The token is never sent to another origin.
        if (next.origin !== this.origin) sendToken = false;
        url = next.toString();
        info = { method: info.method, path: this.describe(url) };
        attempt--;
        continue;
      }
      if ((status >= 200 && status < 300) || req.okStatuses?.includes(status)) return { response, url, info };

      const body = await readText(response.body, info, this).catch(() => '');
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
      this.retrying(`${status} on ${info.method} ${info.path}; retry ${attempt + 1}/${maxRetries} in ${formatMs(wait)}`);
      waited += wait;
      await sleep(wait, this.options.signal);
    }
  }

  /** Looks for the effect of a POST whose answer was lost; a found resource stands in for the answer. */
  private async recover(req: ApiRequest, info: RequestInfo, what: string): Promise<{ response: Dispatcher.ResponseData; url: string; info: RequestInfo } | undefined> {
    this.retrying(`${what} on ${info.method} ${info.path}; checking whether it took effect before sending it again`);
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
      body = req.form;
    } else if (req.body !== undefined) {
      body = req.body;
    }
    if (sendToken && this.options.token) headers['private-token'] = this.options.token;
    if (this.options.log) {
      this.log(`> ${req.method} ${url}`);
      for (const [name, value] of Object.entries(headers)) this.log(`> ${name}: ${name.toLowerCase() === 'private-token' ? '[redacted]' : value}`);
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
    this.retrying(`rate limit reached; waiting ${formatMs(capped)} before ${info.method} ${info.path}`);
    await sleep(capped, this.options.signal);
  }

  private retrying(message: string): void {
    this.log(`! ${message}`);
    this.options.onRetry?.(message);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}

function createDispatcher(options: HttpClientOptions): Dispatcher {
  const timeout = options.timeoutMs ?? 30_000;
  const ca = options.caFile ? caBundle(options.caFile) : undefined;
  const connect = { timeout: Math.min(timeout, 30_000), ...(ca ? { ca } : {}) };
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
  Object.assign(body, { text: async () => text, json: async () => value, dump: async () => undefined });
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

async function readText(body: Dispatcher.ResponseData['body'], info: RequestInfo, client: HttpClient): Promise<string> {
  try {
    return await body.text();
  } catch (error) {
    throw classifyNetworkError(error, client.resolve(info.path), 0, undefined).error(info);
  }
}

/** Parses a JSON body; a 2xx that is not JSON is a malformed response and says what came instead. */
export function parseJsonBody(text: string, contentType: string | undefined, status: number, info: RequestInfo): unknown {
  if (text.length === 0) {
    if (status === 204 || status === 202 || status === 304 || info.method === 'DELETE' || info.method === 'HEAD') return undefined;
    throw malformed(info, `an empty body with status ${status} where JSON was expected`);
  }
  try {
    return JSON.parse(text);
  } catch {
    const type = contentType ? contentType.split(';')[0] : 'no content type';
    if (/^\s*</.test(text)) throw malformed(info, `an HTML page (${type}) instead of JSON; is a proxy or login page in the way?`);
    throw malformed(info, `invalid JSON (${type}, ${text.length} bytes${/[}\]]\s*$/.test(text) ? '' : ', apparently truncated'})`);
  }
}

export function malformed(info: RequestInfo, what: string): CollabError {
  return new CollabError('malformed', `malformed response from ${info.method} ${info.path}: ${what}`, { request: info });
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
    const seconds = Math.round((requestTimeout ?? clientTimeout) / 100) / 10;
    const phase = code === 'UND_ERR_CONNECT_TIMEOUT' ? 'connecting to' : 'waiting for';
    return {
      kind: 'timeout',
      notSent: code === 'UND_ERR_CONNECT_TIMEOUT',
      short: `timeout ${phase} ${host}`,
      error: (info) =>
        new CollabError('timeout', `timed out after ${seconds}s ${phase} ${host} (${info.method} ${info.path})`, {
          request: info,
          hint: 'raise the limit with --timeout <seconds> or `collab config set timeout <seconds>`',
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
