import { CollabError, type RequestInfo, requestLabel } from '../errors.js';
import type { Clock } from '../runtime.js';
import { stringHeader } from './headers.js';

/**
 * When a request is sent again, and how long to wait first: one attempt counter and one wait
 * budget per request, whatever mix of failures it meets.
 */

/** Statuses worth sending again: the rate limiter's refusal and a service briefly unwell. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/**
 * Safe to send again whatever happened to the first: the methods that are idempotent, and POSTs
 * marked so; a PUT marked `idempotent: false` is not (a transfer: the second is refused).
 */
function isRetryable(req: { method: string; idempotent?: boolean | undefined }): boolean {
  if (req.idempotent !== undefined) return req.idempotent;
  return req.method === 'GET' || req.method === 'HEAD' || req.method === 'PUT' || req.method === 'DELETE';
}

/** A wait before a request is sent (again), as told to the client's `onRetry`. */
export interface RetryWait {
  /**
   * rate-limit: the service throttled (a 429, in `status`) or said no requests are left until its
   * reset time (RateLimit-Remaining: 0). status: a 5xx, `status` says which. network: a connection
   * failure. cut-off: an answer cut off mid-transfer. checking: a POST whose answer was lost, being
   * looked for (no wait: `seconds` is 0).
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

interface RetrySettings {
  /** Sends after the first: a request goes out at most retries + 1 times. */
  retries: number;
  /** The waits of one request add up to no more than this. */
  maxTotalWaitMs: number;
  /** First backoff step; doubles each retry (full jitter). */
  baseMs: number;
}

/**
 * One request's attempts and waits. Every failure draws on it: a 5xx, a lost connection, a body
 * cut off mid-transfer, a rate-limit pause: one budget, so that reading the body never retries
 * around a send that retries too ((retries + 1)^2 sends, the wait cap started again).
 */
export class RetryBudget {
  /** Times the request went out; following a redirect is not a new attempt. */
  sent = 0;
  private waited = 0;

  constructor(private readonly settings: RetrySettings) {}

  get retries(): number {
    return this.settings.retries;
  }

  /** The first backoff step: a status's own wait, when the service names none, is backoff too. */
  get baseMs(): number {
    return this.settings.baseMs;
  }

  /** Whether the request may go out once more. */
  canRetry(): boolean {
    return this.sent <= this.settings.retries;
  }

  /** The number of the retry about to happen (1 for the first). */
  get retry(): number {
    return this.sent;
  }

  /** The backoff before the next retry. */
  backoff(): number {
    return backoff(this.settings.baseMs, Math.max(0, this.sent - 1));
  }

  /** Whether a wait of this long still fits the request's total. */
  fits(ms: number): boolean {
    return this.waited + ms <= this.settings.maxTotalWaitMs;
  }

  spend(ms: number): void {
    this.waited += ms;
  }
}

/** The policy's own limits when the client is given none (not settings: `retries` is). */
export const RETRY_DEFAULTS = { maxTotalWaitMs: 120_000, baseMs: 250 } as const;

/** The wait before the one retry of a failure worth only one (a refused connection). */
export const QUICK_RETRY_MS = 200;

/** How one attempt failed, as far as the rule below needs to know. */
export type Failure =
  /** The answer's body was cut off mid-transfer: the service acted, its answer was lost. */
  | { failed: 'cut-off' }
  /** Sending failed; `notSent`: the service never saw it; `final`: sending again cannot help. */
  | { failed: 'network'; notSent: boolean; final: boolean; once?: boolean }
  /** The service answered with an error status (its headers say how long to wait). */
  | { failed: 'status'; status: number; headers: Record<string, string | string[] | undefined> };

/** What to do after a failed attempt. */
export type NextStep =
  /** Look for the request's effect before sending it again (a POST with `recover`); then decide again with `checked`. */
  | { next: 'recover' }
  | { next: 'retry'; wait: number }
  /** Give up: `because` says why when the failure itself was worth a retry. */
  | { next: 'fail'; because?: 'attempts' | { waitMs: number } };

/**
 * The one rule for sending a request again, whatever failed. A request that may be repeated
 * (isRetryable) is sent again on any passing failure. One that may not (a POST) is sent again only
 * when the service never saw it, or after its `recover` found no effect of the first (a lost
 * answer or a 5xx may come after it acted); a 429 refused it before acting. Statuses other than
 * RETRYABLE_STATUSES, and failures marked final, are never retried. Each retry draws on the
 * request's budget: attempts, and waits (Retry-After or RateLimit-Reset for a status, else
 * backoff). `now` is the run's clock.
 */
export function nextStep(
  req: { method: string; idempotent?: boolean | undefined; recover?: unknown },
  failure: Failure,
  budget: RetryBudget,
  now: number,
  checked = false,
): NextStep {
  const repeatable = isRetryable(req);
  const recoverable = req.recover !== undefined;
  let worth: boolean;
  let mayHaveActed: boolean;
  switch (failure.failed) {
    case 'cut-off':
      // Its effect cannot be told from a body half read: only a request safe to repeat goes again.
      worth = repeatable;
      mayHaveActed = false;
      break;
    case 'network':
      worth = !failure.final && (repeatable || failure.notSent || recoverable) && !(failure.once && budget.sent > 1);
      mayHaveActed = !failure.final && !failure.notSent;
      break;
    case 'status':
      worth = RETRYABLE_STATUSES.has(failure.status) && (repeatable || failure.status === 429 || recoverable);
      // Any 5xx may come after the service acted (a 429 or a 4xx refused it before).
      mayHaveActed = failure.status >= 500;
      break;
  }
  if (!budget.canRetry()) return worth ? { next: 'fail', because: 'attempts' } : { next: 'fail' };
  // Whether or not it is worth sending again, a request that may have acted is looked for: a
  // found effect stands in for the lost answer.
  if (!repeatable && recoverable && mayHaveActed && !checked) return { next: 'recover' };
  if (!worth) return { next: 'fail' };
  const wait =
    failure.failed === 'status'
      ? retryDelay(failure.headers, budget.baseMs, budget.sent - 1, now)
      : failure.failed === 'network' && failure.once
        ? Math.min(QUICK_RETRY_MS, budget.backoff())
        : budget.backoff();
  if (!budget.fits(wait)) return { next: 'fail', because: { waitMs: wait } };
  return { next: 'retry', wait };
}

/** The longest one backoff can be, however many retries came before. */
export const BACKOFF_CEILING_MS = 10_000;

/** Exponential backoff with full jitter. */
function backoff(base: number, attempt: number): number {
  const ceiling = Math.min(base * 2 ** attempt, BACKOFF_CEILING_MS);
  return Math.round(Math.random() * ceiling);
}

/** Retry-After (seconds or an HTTP date) wins; else RateLimit-Reset (a Unix time); else backoff. `now`: the run's clock. */
export function retryDelay(
  headers: Record<string, string | string[] | undefined>,
  base: number,
  attempt: number,
  now: number,
): number {
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

/**
 * The rate limit of one client, shared by all its requests: a 429, or an answer saying
 * RateLimit-Remaining: 0, holds every request back until the service's reset time, not only the
 * one that met it (with --concurrency 8 the seven others would each meet a 429 of their own).
 */
export class RateLimitGate {
  /** No request goes out before this time (ms). */
  private openAt = 0;
  /** Requests the service's window still takes, as far as its last answer and the requests sent since tell; undefined: not known. */
  private left: number | undefined;
  /** When the window of `left` ends (ms). */
  private windowEnd = 0;

  /** `clock`: the run's, which the service's reset times are compared with and waited on. */
  constructor(private readonly clock: Clock) {}

  /**
   * Any answer: what remains of the window (RateLimit-Remaining) less the requests still on their
   * way (`inFlight`, sent and not answered: they will use it). None left: closed until
   * RateLimit-Reset (a Unix time, a whole second). Requests sent at once (a run over many targets,
   * `collab apply`) then wait for the reset instead of each meeting a 429.
   */
  note(headers: Record<string, string | string[] | undefined>, inFlight = 0): void {
    const remaining = stringHeader(headers['ratelimit-remaining']);
    const reset = Number(stringHeader(headers['ratelimit-reset']));
    if (remaining === undefined || !/^\d+$/.test(remaining) || !Number.isFinite(reset) || reset <= 0) return;
    // 50 ms past the second, so that the first request after it is not refused for arriving early.
    const end = reset * 1000 + 50;
    if (end <= this.clock.now()) return;
    this.left = Number(remaining) - inFlight;
    this.windowEnd = end;
    if (this.left <= 0) this.closeUntil(end);
  }

  /** A 429: closed until the time the service asked for. */
  closeUntil(at: number): void {
    this.openAt = Math.max(this.openAt, at);
  }

  /** How long until requests may go out again (0: now). */
  wait(now = this.clock.now()): number {
    if (this.left !== undefined && now >= this.windowEnd) this.left = undefined;
    const full = this.left !== undefined && this.left <= 0 ? this.windowEnd : 0;
    return Math.max(0, this.openAt - now, full - now);
  }

  /** A request goes out now (the gate said 0): it takes one of what the window has left. */
  take(): void {
    if (this.left !== undefined) this.left--;
  }
}

/** A rate-limit wait the request's budget cannot take: said as the service's refusal would be. */
export function rateLimitTooLong(waitMs: number, info: RequestInfo): CollabError {
  return new CollabError(
    'server',
    `the service's rate limit allows no request for ${formatMs(waitMs)}, more than the retry budget allows ${requestLabel(info)}`,
    {
      status: 429,
      request: info,
      hint: 'try again once the limit is reset',
    },
  );
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The one wait of the client and of --wait's polls: `ms` on the run's clock (a test's jumps over
 * it), ended early by the signal (Ctrl-C) as an `interrupted` error.
 */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CollabError('interrupted', 'interrupted'));
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      timer.cancel();
      reject(new CollabError('interrupted', 'interrupted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
