import { afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';
import { manualClock } from '../helpers/clock.js';

/**
 * The sandbox's fault modes: latency, failures (500/502/503 and dropped
 * connections) reproducible by --fault-seed, and the rate limiter's 429 with its headers.
 * Every request here is a plain fetch on a fresh connection, so a dropped one cannot take
 * another request down with it.
 */

const open: Sandbox[] = [];
afterEach(async () => {
  for (const sandbox of open.splice(0)) await sandbox.close();
});

async function sandboxWith(options: SandboxOptions): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, seed: 5, ...options });
  open.push(sandbox);
  return sandbox;
}

type Outcome = number | 'dropped';

/** GET as the administrator, another token, or anonymously (null). */
async function get(
  sandbox: Sandbox,
  path: string,
  as: string | null = sandbox.tokens.admin,
): Promise<{ outcome: Outcome; response?: Response; body?: string }> {
  const token = as ?? undefined;
  try {
    const response = await fetch(`${sandbox.url}/api/v4${path}`, {
      headers: { ...(token ? { 'private-token': token } : {}), connection: 'close' },
    });
    return { outcome: response.status, response, body: await response.text() };
  } catch {
    return { outcome: 'dropped' };
  }
}

/** The outcome of each of `count` requests, one after the other. */
async function outcomes(sandbox: Sandbox, count: number): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (let i = 0; i < count; i++) out.push((await get(sandbox, '/version')).outcome);
  return out;
}

describe('sandbox latency', () => {
  it('delays every answer by at least --latency', async () => {
    const sandbox = await sandboxWith({ latency: 150 });
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const { outcome } = await get(sandbox, '/user');
      expect(outcome).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    }
  });
});

describe('sandbox failures (--fail-rate, --fault-seed)', () => {
  it('fails with 500, 502, 503 and dropped connections at about the rate asked', async () => {
    const sandbox = await sandboxWith({ failRate: 0.5, faultSeed: 11 });
    const seen = await outcomes(sandbox, 120);
    for (const kind of [200, 500, 502, 503, 'dropped'] as const) expect(seen).toContain(kind);
    const failed = seen.filter((o) => o !== 200).length;
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(90);
    expect(sandbox.stats.requests).toBe(120);
    expect(sandbox.stats.faults).toBe(failed);
  });

  it('gives the same sequence of faults for the same seed, and another for another seed', async () => {
    const first = await outcomes(await sandboxWith({ failRate: 0.3, faultSeed: 42 }), 60);
    const again = await outcomes(await sandboxWith({ failRate: 0.3, faultSeed: 42 }), 60);
    const other = await outcomes(await sandboxWith({ failRate: 0.3, faultSeed: 43 }), 60);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first.some((o) => o !== 200)).toBe(true);
  });

  it('answers faults as a proxy and the service do: 502 as HTML, 500 and 503 as JSON', async () => {
    const sandbox = await sandboxWith({ failRate: 0.6, faultSeed: 5 });
    const bodies = new Map<number, { type: string | null; body: string }>();
    for (let i = 0; i < 150 && bodies.size < 3; i++) {
      const { outcome, response, body } = await get(sandbox, '/version');
      if (typeof outcome === 'number' && outcome >= 500 && response)
        bodies.set(outcome, { type: response.headers.get('content-type'), body: body ?? '' });
    }
    expect(bodies.get(502)?.type).toBe('text/html');
    expect(bodies.get(502)?.body).toContain('<title>502 Bad Gateway</title>');
    expect(bodies.get(500)).toEqual({ type: 'application/json', body: '{"message":"500 Internal Server Error"}' });
    expect(bodies.get(503)).toEqual({ type: 'application/json', body: '{"message":"503 Service Unavailable"}' });
  });

  it('sometimes makes the change and loses the answer (a fault after handling)', async () => {
    const sandbox = await sandboxWith({ failRate: 0.5, faultSeed: 3 });
    const project = sandbox.store.findProject('acme/web/storefront');
    let created = 0;
    let failed = 0;
    for (let i = 0; i < 40; i++) {
      let outcome: Outcome;
      try {
        const response = await fetch(`${sandbox.url}/api/v4/projects/${project?.id}/hooks`, {
          method: 'POST',
          headers: { 'private-token': sandbox.tokens.owner, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ url: `https://hooks.example/${i}` }),
        });
        outcome = response.status;
        await response.text();
      } catch {
        outcome = 'dropped';
      }
      if (outcome === 201) created++;
      else failed++;
    }
    const stored = [...sandbox.store.hooks.values()].filter((h) => h.owner.id === project?.id).length;
    expect(failed).toBe(15);
    // Hooks exist for some requests whose answer was lost: a client cannot tell, so it must look.
    expect(stored).toBeGreaterThan(created);
    expect(stored).toBeLessThan(40);
  });
});

describe('sandbox rate limit (--rate-limit)', () => {
  it('answers 429 "Retry later" as plain text with Retry-After and RateLimit-* beyond the limit', async () => {
    // On a clock of the test's: on the wall's, a second boundary crossed between the answers (a
    // loaded machine) made Retry-After 10, not 11.
    const clock = manualClock(Date.UTC(2030, 0, 1, 0, 0, 0, 300));
    const sandbox = await sandboxWith({ rateLimit: '3/10s', now: clock.now });
    const before = Math.floor(clock.now() / 1000);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(sandbox, '/user'));
    expect(answers.map((a) => a.outcome)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.response?.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expect(answers.map((a) => a.response?.headers.get('ratelimit-observed'))).toEqual(['1', '2', '3', '4']);

    const limited = answers[3] as { response: Response; body: string };
    expect(limited.response.headers.get('content-type')).toBe('text/plain');
    expect(limited.body).toBe('Retry later\n');
    // GitLab states the limit per minute whatever the throttle's period: 3 in 10 s is 18.
    expect(limited.response.headers.get('ratelimit-limit')).toBe('18');
    expect(limited.response.headers.get('ratelimit-name')).toBe('throttle_authenticated_api');
    const retryAfter = Number(limited.response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBe(11);
    expect(retryAfter).toBeLessThanOrEqual(11);
    // RateLimit-Reset is a Unix time in whole seconds, not a delay; RateLimit-ResetTime the same as a date.
    const reset = Number(limited.response.headers.get('ratelimit-reset'));
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThanOrEqual(before + 10);
    expect(reset * 1000).toBe(Date.UTC(2030, 0, 1, 0, 0, 11));
    expect(Date.parse(limited.response.headers.get('ratelimit-resettime') ?? '')).toBe(reset * 1000);
    // Every answer of the window names the same reset time.
    for (const answer of answers) expect(answer.response?.headers.get('ratelimit-reset')).toBe(String(reset));
    expect(sandbox.stats.rateLimited).toBe(1);
    expect(sandbox.requestLog.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  });

  it('counts each token, and anonymous callers by address, separately', async () => {
    const sandbox = await sandboxWith({ rateLimit: '2/10s' });
    expect((await get(sandbox, '/user', sandbox.tokens.admin)).outcome).toBe(200);
    expect((await get(sandbox, '/user', sandbox.tokens.admin)).outcome).toBe(200);
    expect((await get(sandbox, '/user', sandbox.tokens.admin)).outcome).toBe(429);
    expect((await get(sandbox, '/user', sandbox.tokens.developer)).outcome).toBe(200);
    expect((await get(sandbox, '/users/1', null)).outcome).toBe(200);
  });

  it('lets requests through again from the reset time on, as Retry-After says', async () => {
    // The sandbox's clock is moved on by hand: a millisecond before the reset, then to it.
    const clock = manualClock(Date.UTC(2030, 0, 1, 0, 0, 0, 300));
    const sandbox = await sandboxWith({ rateLimit: '1/1s', now: clock.now });
    expect((await get(sandbox, '/user')).outcome).toBe(200);
    const limited = await get(sandbox, '/user');
    expect(limited.outcome).toBe(429);
    const reset = Number(limited.response?.headers.get('ratelimit-reset'));
    const retryAfter = Number(limited.response?.headers.get('retry-after'));
    // The window ends on the first whole second a period on; Retry-After from the answer reaches it.
    expect(reset * 1000).toBe(Date.UTC(2030, 0, 1, 0, 0, 2));
    expect(clock.now() + retryAfter * 1000).toBeGreaterThanOrEqual(reset * 1000);
    clock.advance(reset * 1000 - clock.now() - 1);
    expect((await get(sandbox, '/user')).outcome).toBe(429);
    clock.advance(1);
    expect((await get(sandbox, '/user')).outcome).toBe(200);
  });

  it('sends RateLimit-* on every answer but no Retry-After while under the limit', async () => {
    const sandbox = await sandboxWith({ rateLimit: '600/min' });
    const { response } = await get(sandbox, '/user');
    expect(response?.headers.get('ratelimit-limit')).toBe('600');
    expect(response?.headers.get('ratelimit-remaining')).toBe('599');
    expect(response?.headers.get('ratelimit-resettime')).toBe(
      new Date(Number(response?.headers.get('ratelimit-reset')) * 1000).toUTCString(),
    );
    expect(response?.headers.get('retry-after')).toBeNull();
  });
});
