import { setMaxListeners } from 'node:events';
import type { Dispatcher, FormData } from 'undici';
import { request } from './undici.js';
import { DEFAULT_CLIENT_LIMITS } from '../config/settings.js';
import {
  CollabError,
  isCollabError,
  messageWithRequest,
  type RequestInfo,
  requestLabel,
  withChanges,
  withHint,
} from '../errors.js';
import { createDispatcher } from './connection.js';
import { CREDENTIAL_HEADERS, flattenHeaders, stringHeader } from './headers.js';
import { redirectLocation, Route } from './redirect.js';
import { classifyNetworkError } from './network-error.js';
import { type QueryParams, withQuery } from './query.js';
import type { ApiRequest, ApiResponse, HttpMethod, RequestClient, StreamResponse } from './api-request.js';
import {
  type BodyLimits,
  checkShape,
  checkText,
  CUT_OFF,
  parseJsonBody,
  readBytes,
  readText,
  syntheticResponse,
} from './response-body.js';
import {
  type Failure,
  formatMs,
  type NextStep,
  nextStep,
  RateLimitGate,
  RETRY_DEFAULTS,
  rateLimitTooLong,
  RetryBudget,
  type RetryWait,
  sleep,
} from './retry-policy.js';
import { serviceError } from './service-error.js';
import { featureMayHide, featureOffHint, gateSettings } from '../api/features.js';
import { projectRole, refusedHint } from '../api/roles.js';
import { apiBaseUrl, isLoopbackHost } from './url.js';
import { type Clock, systemClock } from '../runtime.js';

export type { ApiRequest, ApiResponse, HttpMethod, RequestClient, RetryWait, StreamResponse };

/*
 * The client sends a request in one attempt loop (send) and sends it again as the retry rule says
 * (retry-policy.ts nextStep); where a request goes as redirects move it, and whether the token goes
 * along, is redirect.ts (Route); reading bodies and checking their shape is response-body.ts, the
 * connection pool and CA files connection.ts.
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

/** A response as an attempt gives it, body unread, with the URL and request it answers. */
type Sent = { response: Dispatcher.ResponseData; url: string; info: RequestInfo };

/** Why the retry rule gave up on a failure worth a retry: no attempts left, or a wait beyond the budget. */
type GiveUp = Extract<NextStep, { next: 'fail' }>['because'];

/** A failed attempt: what the retry rule needs, how messages name it, and its error if it is the last. */
interface Failed {
  failure: Failure;
  /** A few words for the retry message: `503`, `connection reset (host:port)`. */
  what: string;
  reason: RetryWait['reason'];
  error: () => CollabError;
}

/**
 * The last attempt's error, saying why no other followed when the failure was worth one: every
 * kind of failure alike, so that a run of 5xx ended by a reset does not read as a host never
 * reached. The note goes before the request that ends a message, which stays last.
 */
function gaveUp(error: CollabError, because: GiveUp, sent: number, failure: Failure): CollabError {
  // One attempt with no retry allowed (--retries 0) gave nothing up: its error says it all.
  if (because === undefined || (because === 'attempts' && sent === 1)) return error;
  const note =
    because === 'attempts'
      ? ` (gave up after ${sent} attempts)`
      : failure.failed === 'status'
        ? `; the service asks to wait ${formatMs(because.waitMs)}, more than the retry budget allows`
        : `; the next retry would wait ${formatMs(because.waitMs)}, more than the retry budget allows`;
  const request = error.request ? ` ${requestLabel(error.request)}` : '';
  const message =
    request && error.message.endsWith(request)
      ? `${error.message.slice(0, -request.length)}${note}${request}`
      : `${error.message}${note}`;
  return withChanges(error, { message });
}

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
      throw new CollabError(
        'auth',
        'the token contains a space, a line break or a non-ASCII character, so it cannot be sent in a header',
        {
          hint: 'check COLLAB_TOKEN (a file with Windows line endings leaves a carriage return), or run `collab auth login` again',
        },
      );
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
    const limits = this.bodyLimits(req);
    const read = async ({ response, url, info }: Sent): Promise<{ text: string; bytes?: Buffer }> =>
      req.responseType === 'json-bytes'
        ? { text: '', bytes: await readBytes(response, req.bytesInto, info, url, limits) }
        : { text: await readText(response, info, url, limits) };
    const { response, url, info, body } = await this.send(req, read);
    const { text, bytes } = body;
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

  async stream(req: ApiRequest): Promise<StreamResponse> {
    const { response, info } = await this.send({ ...req, responseType: 'stream' }, async () => undefined);
    return {
      status: response.statusCode,
      headers: flattenHeaders(response.headers),
      body: response.body,
      request: info,
    };
  }

  private bodyLimits(req: ApiRequest): BodyLimits {
    return {
      client: this.timeoutMs,
      request: req.timeoutMs,
      maxBytes: this.options.maxBodyBytes ?? DEFAULT_CLIENT_LIMITS.maxBodyBytes,
      deadlineMs: this.options.bodyDeadlineMs ?? DEFAULT_CLIENT_LIMITS.bodyDeadlineMs,
    };
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** A new request's attempts and waits. */
  private budget(): RetryBudget {
    return new RetryBudget({
      retries: this.options.retries ?? DEFAULT_CLIENT_LIMITS.retries,
      maxTotalWaitMs: this.options.maxTotalRetryWaitMs ?? RETRY_DEFAULTS.maxTotalWaitMs,
      baseMs: this.options.retryBaseMs ?? RETRY_DEFAULTS.baseMs,
    });
  }

  /**
   * The one attempt loop: an attempt (attempt()) either gives a response, read by `read`, or a
   * failure, which the retry rule (afterFailure, retry-policy.ts nextStep) answers: the effect
   * found of a lost answer, another attempt after a wait, or the failure's error. Every attempt
   * and wait of the request draws on one budget.
   */
  private async send<B>(req: ApiRequest, read: (sent: Sent) => Promise<B>): Promise<Sent & { body: B }> {
    const budget = this.budget();
    const route = new Route(req, this.resolve(req.path, req.query), this.baseUrl, (url) => this.describe(url));
    /** This request's own 429 told and spent the wait before the next attempt: the gate's wait is not told again. */
    let told = false;
    /** An earlier attempt may have reached the service and acted (its answer lost or an error after acting). */
    let mayHaveActed = false;
    for (;;) {
      const attempt = await this.attempt(req, route, budget, told, read);
      told = false;
      if ('body' in attempt) return attempt;
      const { info } = route;
      // A DELETE sent again and answered 404: what it deletes is gone, by the earlier attempt
      // (GitLab answers a DELETE of a missing resource 404): done, not an error.
      if (mayHaveActed && req.method === 'DELETE' && statusOf(attempt.failure) === 404) {
        this.log(`! ${info.method} ${info.path} answered 404 when sent again: the earlier attempt had deleted it`);
        const done: Sent = { response: { ...syntheticResponse(null), statusCode: 204 }, url: route.url, info };
        return { ...done, body: await read(done) };
      }
      mayHaveActed ||= couldHaveActed(attempt.failure);
      const step = await this.afterFailure(req, attempt.failure, budget, info, attempt.what);
      if (step.next === 'recovered') return { ...step.recovered, body: await read(step.recovered) };
      if (step.next !== 'retry') throw gaveUp(attempt.error(), step.because, budget.sent, attempt.failure);
      const wait = step.wait;
      const status = attempt.failure.failed === 'status' ? attempt.failure.status : undefined;
      // The limiter refused this client, not this request: every request waits for it, this one at the gate.
      if (status === 429) this.rateLimit.closeUntil(this.clock.now() + wait);
      const reason = status === 429 ? 'rate-limit' : attempt.reason;
      this.spend(
        budget,
        wait,
        `${attempt.what} on ${info.method} ${info.path}; retry ${budget.retry}/${budget.retries} in ${formatMs(wait)}`,
        {
          reason,
          ...(status !== undefined ? { status } : {}),
          seconds: wait / 1000,
          attempt: budget.retry,
          retries: budget.retries,
          request: info,
        },
      );
      if (status === 429) told = true;
      else await sleep(this.clock, wait, this.options.signal);
    }
  }

  /**
   * One attempt: sent (after the rate limit's wait), redirects followed (Route: the same
   * attempt), and the answer read by `read`; or how it failed, for the retry rule.
   */
  private async attempt<B>(
    req: ApiRequest,
    route: Route,
    budget: RetryBudget,
    told: boolean,
    read: (sent: Sent) => Promise<B>,
  ): Promise<(Sent & { body: B }) | Failed> {
    budget.sent++;
    for (let first = true; ; first = false) {
      await this.waitForRateLimit(route.info, budget, told && first);
      const { url, info } = route;
      let response: Dispatcher.ResponseData;
      const started = this.clock.now();
      try {
        response = await this.dispatch(route.sent, url, route.sendToken);
      } catch (error) {
        const failure = classifyNetworkError(error, url, this.timeoutMs, req.timeoutMs);
        return {
          failure: { failed: 'network', notSent: failure.notSent, final: failure.final, once: failure.once === true },
          what: failure.short,
          reason: 'network',
          error: () => failure.error(info),
        };
      }
      const status = response.statusCode;
      // This request is no longer in flight (dispatch counted it out): the others are.
      this.rateLimit.note(response.headers, this.inFlight);
      this.log(`< ${status} ${info.method} ${info.path} (${this.clock.now() - started} ms)`);

      const location = redirectLocation(status, response.headers);
      if (location !== undefined) {
        await response.body.dump();
        route.follow(status, location);
        continue;
      }
      if ((status >= 200 && status < 300) || req.okStatuses?.includes(status)) {
        const sent: Sent = { response, url, info };
        try {
          return { ...sent, body: await read(sent) };
        } catch (error) {
          // A connection lost mid-body is a failure like any other; a body too large or too slow
          // (a timeout, the limits) is not: it would come the same way again, and be downloaded again.
          if (!(isCollabError(error) && error.kind === 'network')) throw error;
          return {
            failure: { failed: 'cut-off' },
            what: error.message.replace(CUT_OFF, 'answer cut off, '),
            reason: 'cut-off',
            error: () => error,
          };
        }
      }
      return this.statusFailure(req, response, url, info);
    }
  }

  /**
   * The project a refused request was sent to, read with the same token for the error's hint: one
   * GET (its `permissions`), on this error's path alone. Whether it reads (a 401 then is the role's,
   * not the token's), the caller's role there, and the hint of a feature of the project that is off
   * for the caller (src/api/features.ts); undefined where the URL is no project's or the read fails.
   */
  private async projectReadOf(
    url: string,
    method: string,
  ): Promise<{ role: number | undefined; featureHint: string | undefined; gate: string[] } | undefined> {
    const match = projectUrl(url);
    const project = match?.[1];
    if (project === undefined) return undefined;
    try {
      const { data } = await this.request({ method: 'GET', path: `/projects/${project}`, expect: 'object' });
      const role = projectRole(data);
      // The project by its path where the read gives it: a plan sends numeric IDs, and a hint over
      // many targets says which project it means.
      const path = (data as { path_with_namespace?: unknown } | null)?.path_with_namespace;
      const ref = typeof path === 'string' ? path : decodeURIComponent(project);
      const rest = match?.[2] ?? '';
      return { role, featureHint: featureOffHint(method, rest, data, ref, role), gate: gateSettings(method, rest) };
    } catch {
      return undefined;
    }
  }

  /** An error status: the service's error, and how to say it once the rule gives up. */
  private async statusFailure(
    req: ApiRequest,
    response: Dispatcher.ResponseData,
    url: string,
    info: RequestInfo,
  ): Promise<Failed> {
    const status = response.statusCode;
    const body = await readText(response, info, url, this.bodyLimits(req)).catch(() => '');
    // A refusal of a request that names who may send it: the caller's role, read once. Some of
    // GitLab's endpoints refuse a role too short with 401, as a rejected token (`unauthorized!`
    // in lib/api/remote_mirrors.rb's `before` block): where the project reads with the same
    // token, the token is good and the 401 is the role's.
    // A 404 where a feature turned off hides the thing (a pipeline schedule with CI/CD off, a
    // label with issues and merge requests off) is read too, for the feature's hint alone, even
    // of a request anyone who reads the project may send: still on this error's path, never on success.
    const hidden = status === 404 && featureMayHide(req.method, projectUrl(url)?.[2] ?? '');
    const asked = (req.requires !== undefined && (status === 403 || status === 401)) || hidden;
    const read = asked ? await this.projectReadOf(url, req.method) : undefined;
    const yours = read?.role;
    const served = serviceError(
      status,
      body,
      stringHeader(response.headers['content-type']),
      info,
      req.requires,
      url,
      yours,
    );
    // A feature turned off refuses whatever the role: its hint, not the role's.
    const error = read?.featureHint
      ? withChanges(served, { hint: read.featureHint, featureOff: read.gate })
      : status === 401 && read !== undefined && req.requires !== undefined
        ? withHint(served, refusedHint(req.requires, yours))
        : status === 401 && this.options.rejectedTokenHint
          ? withHint(served, this.options.rejectedTokenHint)
          : served;
    return {
      failure: { failed: 'status', status, headers: response.headers },
      what: String(status),
      reason: 'status',
      error: () => error,
    };
  }

  /**
   * The retry rule's answer to a failed attempt (retry-policy.ts nextStep). Where it says to look
   * for the request's effect first, the effect found stands in for the answer (`recovered`);
   * none found, the rule is asked again knowing that.
   */
  private async afterFailure(
    req: ApiRequest,
    failed: Failure,
    budget: RetryBudget,
    info: RequestInfo,
    what: string,
  ): Promise<Exclude<NextStep, { next: 'recover' }> | { next: 'recovered'; recovered: Sent }> {
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
    this.retrying(`${what} on ${info.method} ${info.path}; checking whether it took effect before sending it again`, {
      reason: 'checking',
      seconds: 0,
      request: info,
    });
    let found: unknown;
    try {
      found = await (req.recover as NonNullable<ApiRequest['recover']>)(this);
    } catch (error) {
      if (!isCollabError(error) || error.kind === 'interrupted') throw error;
      // The looking failed, so the request's fate is unknown: said so, and never as a plain failure
      // of the read (GET /user failing in `hooks create` reads as if nothing was made).
      throw new CollabError(
        error.kind,
        `cannot tell whether the request took effect ${requestLabel(info)}: after ${what}, looking for its effect failed: ${messageWithRequest(error)}`,
        {
          ...(error.status !== undefined ? { status: error.status } : {}),
          request: info,
          cause: error,
          hint: 'check whether it was done before running this again: sent again, it may be done twice',
          unsure: true,
        },
      );
    }
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
      for (const [name, value] of Object.entries(headers))
        this.log(`> ${name}: ${CREDENTIAL_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value}`);
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
   * sending it early. `told`: the request's own 429 has already told and spent this wait.
   */
  private async waitForRateLimit(info: RequestInfo, budget: RetryBudget, told: boolean): Promise<void> {
    for (let first = true; ; first = false) {
      const wait = this.rateLimit.wait();
      if (wait <= 0) {
        // Taken at once, with nothing awaited between the gate's answer and the send.
        this.rateLimit.take();
        return;
      }
      if (!(told && first)) {
        if (!budget.fits(wait)) throw rateLimitTooLong(wait, info);
        this.spend(budget, wait, `rate limit reached; waiting ${formatMs(wait)} before ${info.method} ${info.path}`, {
          reason: 'rate-limit',
          seconds: wait / 1000,
          request: info,
        });
      }
      await sleep(this.clock, wait, this.options.signal);
    }
  }

  /** Every wait of a request, before it is slept: told (the verbose log, onRetry) and drawn from the request's budget. */
  private spend(budget: RetryBudget, ms: number, message: string, wait: RetryWait): void {
    this.retrying(message, wait);
    budget.spend(ms);
  }

  private retrying(message: string, wait: RetryWait): void {
    this.log(`! ${message}`);
    this.options.onRetry?.(message, wait);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}

/** A project's URL: its `:id` as sent, and the path below it (`/pipeline_schedules/3`); null for any other. */
const projectUrl = (url: string) => /\/api\/v4\/projects\/([^/?#]+)(\/[^?#]*)?/.exec(new URL(url).pathname);

const statusOf = (failure: Failure) => (failure.failed === 'status' ? failure.status : undefined);

/** A failed attempt the service may have acted on: its answer lost, or a 5xx (a 429 or 4xx refused it unheard). */
function couldHaveActed(failure: Failure): boolean {
  if (failure.failed === 'cut-off') return true;
  if (failure.failed === 'network') return !failure.notSent;
  return failure.status >= 500;
}
