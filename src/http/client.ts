import { setMaxListeners } from 'node:events';
import type { Dispatcher, FormData } from 'undici';
import { request } from './undici.js';
import { DEFAULT_CLIENT_LIMITS } from '../config/settings.js';
import { CollabError, isCollabError, type RequestInfo, withHint } from '../errors.js';
import { createDispatcher } from './connection.js';
import { CREDENTIAL_HEADERS, flattenHeaders, stringHeader } from './headers.js';
import { hasBody, redirected, redirectTarget, withoutCredentials } from './redirect.js';
import { classifyNetworkError } from './network-error.js';
import { type QueryParams, withQuery } from './query.js';
import type { ApiRequest, ApiResponse, HttpMethod, RequestClient, StreamResponse } from './api-request.js';
import { type BodyLimits, checkShape, checkText, CUT_OFF, parseJsonBody, readBytes, readText, syntheticResponse } from './response-body.js';
import { type Failure, formatMs, type NextStep, nextStep, RateLimitGate, RETRY_DEFAULTS, rateLimitTooLong, RetryBudget, type RetryWait, sleep } from './retry-policy.js';
import { serviceError } from './service-error.js';
import { apiBaseUrl, isLoopbackHost } from './url.js';
import { type Clock, systemClock } from '../runtime.js';

export { apiBaseUrl, isLoopbackHost };
export type { ApiRequest, ApiResponse, HttpMethod, RequestClient, RetryWait, StreamResponse };

/*
 * The client sends a request, follows redirects (the token stays within the API root), and sends
 * it again as the retry rule says (retry-policy.ts nextStep); reading bodies and checking their shape is
 * response-body.ts, the connection pool and CA files connection.ts.
 */

export interface HttpClientOptions {
  /** The API root: https://host/api/v4 */
  baseUrl: string;
  token?: string | undefined;
  timeoutMs?: number;
  retries?: number;
  /** The waits of one request (backoff, Retry-After, rate limit) add up to no more than this. */
  maxTotalRetryWaitMs?: number;
  /** First backoff step; doubles each retry (full jitter). */
  retryBaseMs?: number;
  caFile?: string | undefined;
  insecureHttp?: boolean;
  userAgent?: string;
  /** Sent as the Sudo header with the token (--sudo): the service runs an administrator's request as this user. */
  sudo?: string | undefined;
  signal?: AbortSignal;
  /** --verbose lines (request, status, retries). */
  log?: ((line: string) => void) | undefined;
  /**
   * Told of every wait and retry, e.g. to change a spinner's text: the message as the verbose log
   * shows it, and what it is about (the reason, how long the wait is).
   */
  onRetry?: ((message: string, wait: RetryWait) => void) | undefined;
  /** The hint of a 401, saying where the token came from (Context knows; the default names both ways in). */
  rejectedTokenHint?: string | undefined;
  /** The most bytes one response body may have (max_body); 512 MiB by default. Downloads to a file (stream) are not limited. */
  maxBodyBytes?: number | undefined;
  /** How long (ms) a body may take to arrive in full once its headers came (body_timeout); 600 s by default. */
  bodyDeadlineMs?: number | undefined;
  /** For tests: a dispatcher such as undici's MockAgent. */
  dispatcher?: Dispatcher | undefined;
  /** The run's environment, for HTTP(S)_PROXY and NODE_EXTRA_CA_CERTS; the process's by default. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /**
   * The run's time (the system's by default): every wait (backoff, Retry-After, rate limit) sleeps
   * on it and reads "now" from it. Timeouts stay real: they guard against a service slow for real.
   */
  clock?: Clock | undefined;
}

const MAX_REDIRECTS = 5;

/** A response as send() gives it, body unread, with the URL and request it answers. */
type Sent = { response: Dispatcher.ResponseData; url: string; info: RequestInfo };

export class HttpClient implements RequestClient {
  readonly baseUrl: string;
  readonly origin: string;
  private readonly options: HttpClientOptions;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly clock: Clock;
  /** Shared by every request of the client: one 429 holds them all back. */
  private readonly rateLimit: RateLimitGate;
  private inFlight = 0;
  /** Most requests in flight at once, for benchmarks and tests. */
  maxInFlight = 0;
  requestCount = 0;

  constructor(options: HttpClientOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.rateLimit = new RateLimitGate(this.clock);
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
    return this.options.timeoutMs ?? DEFAULT_CLIENT_LIMITS.timeoutMs;
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
   * failure like any other: a request that may be repeated is sent again, on the same budget.
   */
  private async sendAndRead(req: ApiRequest): Promise<Sent & { text: string; bytes?: Buffer }> {
    const budget = this.budget();
    for (;;) {
      const { response, url, info } = await this.send(req, budget);
      try {
        const limits = this.bodyLimits(req);
        if (req.responseType === 'json-bytes') return { response, url, info, text: '', bytes: await readBytes(response, req.bytesInto, info, url, limits) };
        return { response, url, info, text: await readText(response, info, url, limits) };
      } catch (error) {
        // A connection lost mid-body is sent again; a body too large or too slow (a timeout, the
        // limits) is not: it would come the same way again, and be downloaded again.
        if (!(isCollabError(error) && error.kind === 'network')) throw error;
        const step = nextStep(req, { failed: 'cut-off' }, budget, this.clock.now());
        if (step.next !== 'retry') throw error;
        const wait = step.wait;
        this.retrying(`${error.message.replace(CUT_OFF, 'answer cut off, ')} on ${info.method} ${info.path}; retry ${budget.retry}/${budget.retries} in ${formatMs(wait)}`, { reason: 'cut-off', seconds: wait / 1000, attempt: budget.retry, retries: budget.retries, request: info });
        budget.spend(wait);
        await sleep(this.clock, wait, this.options.signal);
      }
    }
  }

  async stream(req: ApiRequest): Promise<StreamResponse> {
    const { response, info } = await this.send({ ...req, responseType: 'stream' }, this.budget());
    return { status: response.statusCode, headers: flattenHeaders(response.headers), body: response.body, request: info };
  }

  private bodyLimits(req: ApiRequest): BodyLimits {
    return { client: this.timeoutMs, request: req.timeoutMs, maxBytes: this.options.maxBodyBytes ?? DEFAULT_CLIENT_LIMITS.maxBodyBytes, deadlineMs: this.options.bodyDeadlineMs ?? DEFAULT_CLIENT_LIMITS.bodyDeadlineMs };
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** A new request's attempts and waits. */
  private budget(): RetryBudget {
    return new RetryBudget({ retries: this.options.retries ?? DEFAULT_CLIENT_LIMITS.retries, maxTotalWaitMs: this.options.maxTotalRetryWaitMs ?? RETRY_DEFAULTS.maxTotalWaitMs, baseMs: this.options.retryBaseMs ?? RETRY_DEFAULTS.baseMs });
  }

  /**
   * Sends with retries and redirects, drawing on the request's budget; resolves with a successful
   * (or okStatuses) response, body unread.
   */
  private async send(req: ApiRequest, budget: RetryBudget): Promise<Sent> {
    let url = this.resolve(req.path, req.query);
    let info: RequestInfo = { method: req.method, path: this.describe(url) };
    let redirects = 0;
    // The token goes only to the API root it was given for: a link or a path elsewhere gets none.
    const scope = this.scopeOf(url);
    if (scope === 'outside') {
      throw new CollabError('usage', `refusing to send ${info.method} ${info.path}: it leads out of the API root ${new URL(this.baseUrl).pathname}`, { hint: 'give a path below the API root, such as projects/grp%2Fapp' });
    }
    let sendToken = scope === 'api';
    /** The request as it goes out now: a redirect may change its method, or drop its body or credentials. */
    let sent: ApiRequest = req;
    /** A redirect led to another origin: credentials stay behind from there on, even back on this one. */
    let crossed = false;
    /** This request's own 429 announced the wait before the next attempt: the gate's wait is not told again. */
    let announced = false;
    for (;;) {
      await this.waitForRateLimit(info, budget, announced);
      announced = false;
      let response: Dispatcher.ResponseData;
      const started = this.clock.now();
      budget.sent++;
      try {
        response = await this.dispatch(sent, url, sendToken);
      } catch (error) {
        const failure = classifyNetworkError(error, url, this.timeoutMs, req.timeoutMs);
        const failed: Failure = { failed: 'network', notSent: failure.notSent, final: failure.final };
        const step = await this.afterFailure(req, failed, budget, info, failure.short);
        if (step.next === 'recovered') return step.recovered;
        if (step.next !== 'retry') throw failure.error(info);
        const wait = step.wait;
        this.retrying(`${failure.short} on ${info.method} ${info.path}; retry ${budget.retry}/${budget.retries} in ${formatMs(wait)}`, { reason: 'network', seconds: wait / 1000, attempt: budget.retry, retries: budget.retries, request: info });
        budget.spend(wait);
        await sleep(this.clock, wait, this.options.signal);
        continue;
      }
      const status = response.statusCode;
      // This request is no longer in flight (dispatch counted it out): the others are.
      this.rateLimit.note(response.headers, this.inFlight);
      this.log(`< ${status} ${info.method} ${info.path} (${this.clock.now() - started} ms)`);

      const location = stringHeader(response.headers.location);
      if (status >= 300 && status < 400 && status !== 304 && location) {
        await response.body.dump();
        if (++redirects > MAX_REDIRECTS) throw new CollabError('network', `too many redirects (${info.method} ${info.path})`, { request: info });
        const next = redirectTarget(location, url, info);
        sent = redirected(sent, status);
        if (next.origin !== this.origin) {
          // Another origin gets nothing of the user's: no body (it may hold a password or a
          // token; a 307/308 must keep it, so it is not followed), and no credential header.
          if (hasBody(sent)) {
            throw new CollabError('malformed', `the service redirected ${sent.method} ${info.path} to another origin (${next.origin}); not sending the request body there`, {
              request: info,
              hint: 'give --host the address the service answers on itself',
            });
          }
          crossed = true;
        }
        if (crossed) sent = withoutCredentials(sent);
        // The token is never sent to another origin, nor outside the API root (a login page).
        if (this.scopeOf(next) !== 'api') sendToken = false;
        url = next.toString();
        info = { method: sent.method, path: this.describe(url) };
        // Following a redirect is the same attempt.
        budget.sent--;
        continue;
      }
      if ((status >= 200 && status < 300) || req.okStatuses?.includes(status)) return { response, url, info };

      const body = await readText(response, info, url, this.bodyLimits(req)).catch(() => '');
      const served = serviceError(status, body, stringHeader(response.headers['content-type']), info, req.requires, url);
      const error = status === 401 && this.options.rejectedTokenHint ? withHint(served, this.options.rejectedTokenHint) : served;
      const failed: Failure = { failed: 'status', status, headers: response.headers };
      const step = await this.afterFailure(req, failed, budget, info, String(status));
      if (step.next === 'recovered') return step.recovered;
      if (step.next !== 'retry') {
        const because = step.because;
        if (because === 'attempts') throw new CollabError(error.kind, `${error.message} (gave up after ${budget.sent} attempts)`, { status, request: info });
        if (because) throw new CollabError(error.kind, `${error.message}; the service asks to wait ${formatMs(because.waitMs)}, more than the retry budget allows`, { status, request: info });
        throw error;
      }
      const wait = step.wait;
      // The limiter refused this client, not this request: every request waits for it.
      if (status === 429) this.rateLimit.closeUntil(this.clock.now() + wait);
      this.retrying(`${status} on ${info.method} ${info.path}; retry ${budget.retry}/${budget.retries} in ${formatMs(wait)}`, { reason: status === 429 ? 'rate-limit' : 'status', status, seconds: wait / 1000, attempt: budget.retry, retries: budget.retries, request: info });
      budget.spend(wait);
      if (status === 429) {
        announced = true;
        continue;
      }
      await sleep(this.clock, wait, this.options.signal);
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

  /**
   * The retry rule's answer to a failed attempt (retry-policy.ts nextStep). Where it says to look
   * for the request's effect first, the effect found stands in for the answer (`recovered`);
   * none found, the rule is asked again knowing that.
   */
  private async afterFailure(req: ApiRequest, failed: Failure, budget: RetryBudget, info: RequestInfo, what: string): Promise<Exclude<NextStep, { next: 'recover' }> | { next: 'recovered'; recovered: Sent }> {
    const step = nextStep(req, failed, budget, this.clock.now());
    if (step.next !== 'recover') return step;
    const recovered = await this.recover(req, info, what);
    if (recovered) return { next: 'recovered', recovered };
    // Asked knowing the effect was looked for, the rule never says to look again.
    const again = nextStep(req, failed, budget, this.clock.now(), true);
    return again.next === 'recover' ? { next: 'fail' } : again;
  }

  /** Looks for the effect of a POST whose answer was lost; a found resource stands in for the answer. */
  private async recover(req: ApiRequest, info: RequestInfo, what: string): Promise<Sent | undefined> {
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
    if (sendToken && this.options.token) {
      headers['private-token'] = this.options.token;
      // Who the token acts as goes where the token goes, never to another origin.
      if (this.options.sudo) headers.sudo = this.options.sudo;
    }
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

  /**
   * Holds the request back while the client's rate limit is closed. Each wait draws on the
   * request's budget: a reset further away than the budget allows fails the request instead of
   * sending it early. `announced`: the request's own 429 has already told this wait.
   */
  private async waitForRateLimit(info: RequestInfo, budget: RetryBudget, announced: boolean): Promise<void> {
    for (let first = true; ; first = false) {
      const wait = this.rateLimit.wait();
      if (wait <= 0) {
        // Taken at once, with nothing awaited between the gate's answer and the send.
        this.rateLimit.take();
        return;
      }
      if (!(announced && first)) {
        if (!budget.fits(wait)) throw rateLimitTooLong(wait, info);
        budget.spend(wait);
        this.retrying(`rate limit reached; waiting ${formatMs(wait)} before ${info.method} ${info.path}`, { reason: 'rate-limit', seconds: wait / 1000, request: info });
      }
      await sleep(this.clock, wait, this.options.signal);
    }
  }

  private retrying(message: string, wait: RetryWait): void {
    this.log(`! ${message}`);
    this.options.onRetry?.(message, wait);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}
