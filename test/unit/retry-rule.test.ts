import { describe, expect, it } from 'vitest';
import { type Failure, nextStep, QUICK_RETRY_MS, RetryBudget } from '../../src/http/retry-policy.js';

/**
 * The one rule for sending a request again (retry-policy.ts `nextStep`), as a table: which method,
 * which failure, what comes next. The client's three places of failure (sending, the status, a
 * body cut off) all ask it; http-client.test.ts checks them end to end.
 */

const GET = { method: 'GET' };
const POST = { method: 'POST' };
const IDEMPOTENT_POST = { method: 'POST', idempotent: true };
const RECOVERABLE_POST = { method: 'POST', recover: () => undefined };

const reset: Failure = { failed: 'network', notSent: false, final: false };
const refused: Failure = { failed: 'network', notSent: true, final: false };
const unresolvable: Failure = { failed: 'network', notSent: true, final: true };
const cut: Failure = { failed: 'cut-off' };
const status = (code: number, headers: Record<string, string> = {}): Failure => ({
  failed: 'status',
  status: code,
  headers,
});

function budget(sent = 1, settings = { retries: 5, maxTotalWaitMs: 120_000, baseMs: 100 }): RetryBudget {
  const b = new RetryBudget(settings);
  b.sent = sent;
  return b;
}

describe('nextStep: the retry rule', () => {
  const cases: Array<[string, { method: string }, Failure, string]> = [
    ['a GET after a reset', GET, reset, 'retry'],
    ['a GET cut off mid-body', GET, cut, 'retry'],
    ['a GET after a 503', GET, status(503), 'retry'],
    ['a GET after a 404', GET, status(404), 'fail'],
    ['a GET whose host does not resolve', GET, unresolvable, 'fail'],
    ['a POST refused before it was sent', POST, refused, 'retry'],
    ['a POST after a reset (it may have acted)', POST, reset, 'fail'],
    ['a POST cut off mid-body', POST, cut, 'fail'],
    ['a POST after a 429 (refused before acting)', POST, status(429), 'retry'],
    ['a POST after a 500', POST, status(500), 'fail'],
    ['an idempotent POST after a 500', IDEMPOTENT_POST, status(500), 'retry'],
    ['a POST with recover after a reset', RECOVERABLE_POST, reset, 'recover'],
    ['a POST with recover after a 502', RECOVERABLE_POST, status(502), 'recover'],
    ['a POST with recover after a 501 (looked for, not sent again)', RECOVERABLE_POST, status(501), 'recover'],
    ['a POST with recover refused before it was sent', RECOVERABLE_POST, refused, 'retry'],
    ['a POST with recover cut off mid-body', RECOVERABLE_POST, cut, 'fail'],
    ['a POST with recover after a 429', RECOVERABLE_POST, status(429), 'retry'],
  ];
  it.each(cases)('%s: %s', (_what, req, failure, expected) => {
    expect(nextStep(req, failure, budget(), 0).next).toBe(expected);
  });

  it('sends a recoverable request again once its recover found nothing, unless the status is not worth it', () => {
    expect(nextStep(RECOVERABLE_POST, reset, budget(), 0, true).next).toBe('retry');
    expect(nextStep(RECOVERABLE_POST, status(502), budget(), 0, true).next).toBe('retry');
    expect(nextStep(RECOVERABLE_POST, status(501), budget(), 0, true)).toEqual({ next: 'fail' });
  });

  it('gives up when the attempts are spent, saying so only where a retry was worth it', () => {
    const spent = () => budget(6);
    expect(nextStep(GET, status(503), spent(), 0)).toEqual({ next: 'fail', because: 'attempts' });
    expect(nextStep(GET, status(404), spent(), 0)).toEqual({ next: 'fail' });
    // No attempt left: not even looked for.
    expect(nextStep(RECOVERABLE_POST, reset, spent(), 0)).toEqual({ next: 'fail', because: 'attempts' });
  });

  it("waits as the service says (Retry-After, RateLimit-Reset on the run's clock), else backs off within the doubling ceiling", () => {
    expect(nextStep(GET, status(429, { 'retry-after': '7' }), budget(), 0)).toEqual({ next: 'retry', wait: 7000 });
    const now = Date.UTC(2030, 0, 1);
    expect(nextStep(GET, status(503, { 'ratelimit-reset': String(now / 1000 + 3) }), budget(), now)).toEqual({
      next: 'retry',
      wait: 3000,
    });
    for (let i = 0; i < 50; i++) {
      const step = nextStep(GET, reset, budget(3), 0);
      expect(step.next).toBe('retry');
      if (step.next === 'retry') expect(step.wait).toBeLessThanOrEqual(100 * 2 ** 2);
    }
  });

  it('gives up on a wait the budget cannot take, naming it', () => {
    const small = budget(1, { retries: 5, maxTotalWaitMs: 2000, baseMs: 100 });
    expect(nextStep(GET, status(429, { 'retry-after': '3600' }), small, 0)).toEqual({
      next: 'fail',
      because: { waitMs: 3_600_000 },
    });
  });
});

describe('nextStep: a refused connection', () => {
  const refusedPort: Failure = { failed: 'network', notSent: true, final: false, once: true };

  it('is retried once, after at most QUICK_RETRY_MS', () => {
    const step = nextStep(GET, refusedPort, budget(1, { retries: 5, maxTotalWaitMs: 120_000, baseMs: 10_000 }), 0);
    expect(step.next).toBe('retry');
    expect(step.next === 'retry' && step.wait).toBeLessThanOrEqual(QUICK_RETRY_MS);
  });

  it('fails at its second refusal, whatever retries are left', () => {
    expect(nextStep(GET, refusedPort, budget(2), 0)).toEqual({ next: 'fail' });
  });
});
