import { type Dispatcher, errors, MockAgent } from 'undici';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CollabError } from '../../src/errors.js';
import { type ApiRequest, HttpClient, type HttpClientOptions, type RetryWait } from '../../src/http/client.js';
import { retryDelay } from '../../src/http/retry-policy.js';
import { type Clock, systemClock } from '../../src/runtime.js';
import { manualClock } from '../helpers/clock.js';
import { failure } from '../helpers/failure.js';

/**
 * The HTTP layer against undici's MockAgent: every answer is scripted, every request recorded.
 * Backoff steps are a millisecond so retries cost nothing; waits the service asks for
 * (Retry-After, RateLimit-Reset) are timed by a manual clock the case moves on by hand: each
 * request is recorded with the clock's time, so a wait is asserted by when the next request went.
 */

const ORIGIN = 'https://collab.example';
const TOKEN = 'glpat-unit-test-secret';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  at: number;
}

type Step =
  | { status: number; body?: string | object; headers?: Record<string, string> }
  | { error: Error }
  | { delayMs: number; status: number; body?: string | object; headers?: Record<string, string> };

function networkError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

/** A scripted origin: each request takes the next step. */
function scripted(agent: MockAgent, origin: string, steps: Step[]): void {
  const pool = agent.get(origin);
  for (const step of steps) {
    const interceptor = pool.intercept({ path: () => true, method: () => true });
    if ('error' in step) {
      interceptor.replyWithError(step.error);
      continue;
    }
    const body = step.body === undefined ? '' : typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
    const type = typeof step.body === 'object' ? { 'content-type': 'application/json' } : {};
    const scope = interceptor.reply(step.status, body, { headers: { ...type, ...step.headers } });
    if ('delayMs' in step) scope.delay(step.delayMs);
  }
}

/** The agent, recording every request it is given (with the client's clock's time) before the mock answers it. */
function recording(agent: MockAgent, calls: Call[], clock: Clock): Dispatcher {
  return agent.compose((dispatch) => (opts, handler) => {
    const headers: Record<string, string> = {};
    const raw = opts.headers as unknown;
    if (Array.isArray(raw))
      for (let i = 0; i + 1 < raw.length; i += 2) headers[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
    else if (raw && typeof raw === 'object')
      for (const [k, v] of Object.entries(raw as Record<string, string>)) headers[k.toLowerCase()] = String(v);
    calls.push({ method: opts.method, url: `${opts.origin}${opts.path}`, headers, at: clock.now() });
    return dispatch(opts, handler);
  });
}

const agents: MockAgent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

function setup(steps: Step[], options: Partial<HttpClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const calls: Call[] = [];
  scripted(agent, ORIGIN, steps);
  const logs: string[] = [];
  const client = new HttpClient({
    baseUrl: ORIGIN,
    token: TOKEN,
    retryBaseMs: 1,
    dispatcher: recording(agent, calls, options.clock ?? systemClock),
    log: (line) => logs.push(line),
    ...options,
  });
  return { agent, calls, logs, client };
}

const OK: Step = { status: 200, body: { ok: true } };

describe('HttpClient retry policy', () => {
  const methods = ['GET', 'HEAD', 'PUT', 'DELETE'] as const;
  const statuses = [429, 500, 502, 503, 504];

  for (const method of methods) {
    it.each(statuses)(`retries ${method} after %i`, async (status) => {
      const { client, calls } = setup([
        { status, body: { message: `${status} oops` } },
        method === 'HEAD' ? { status: 200 } : OK,
      ]);
      const response = await client.request({ method, path: '/projects/1' });
      expect(response.status).toBe(200);
      expect(calls.map((c) => c.method)).toEqual([method, method]);
    });
  }

  it.each([
    ['ECONNRESET', networkError('ECONNRESET', 'read ECONNRESET')],
    ['UND_ERR_SOCKET', new errors.SocketError('other side closed')],
    ['UND_ERR_BODY_TIMEOUT', new errors.BodyTimeoutError()],
    ['UND_ERR_CONNECT_TIMEOUT', new errors.ConnectTimeoutError()],
    ['ECONNREFUSED', networkError('ECONNREFUSED')],
  ])('retries GET after %s', async (_code, error) => {
    const { client, calls } = setup([{ error }, OK]);
    const response = await client.request({ method: 'GET', path: '/projects' });
    expect(response.data).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it.each([500, 502, 503, 504])('does not repeat a plain POST after %i: the service may have acted', async (status) => {
    const { client, calls } = setup([{ status, body: { message: `${status} Boom` } }, OK]);
    const error = await failure(client.request({ method: 'POST', path: '/projects/1/notes', json: { body: 'hi' } }));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it('does not repeat a plain POST whose connection broke after sending', async () => {
    const { client, calls } = setup([{ error: networkError('ECONNRESET') }, OK]);
    const error = await failure(client.request({ method: 'POST', path: '/projects/1/fork' }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('connection reset');
    expect(calls).toHaveLength(1);
  });

  it('repeats an idempotent POST after a 5xx and a reset', async () => {
    const { client, calls } = setup([
      { status: 502, body: '<html>bad gateway</html>' },
      { error: networkError('ECONNRESET') },
      { status: 201, body: { archived: true } },
    ]);
    const response = await client.request({ method: 'POST', path: '/projects/1/archive', idempotent: true });
    expect(response.status).toBe(201);
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'POST']);
  });

  it('repeats a POST after 429: the limiter refused it before anything happened', async () => {
    const { client, calls } = setup([
      { status: 429, body: 'Retry later\n', headers: { 'content-type': 'text/plain', 'retry-after': '0' } },
      { status: 201, body: { id: 7 } },
    ]);
    const response = await client.request({ method: 'POST', path: '/projects/1/notes', json: { body: 'hi' } });
    expect(response.data).toEqual({ id: 7 });
    expect(calls).toHaveLength(2);
  });

  it.each(['ECONNREFUSED', 'EHOSTUNREACH'])(
    'repeats a POST when the connection failed before sending (%s)',
    async (code) => {
      const { client, calls } = setup([{ error: networkError(code) }, { status: 201, body: { id: 8 } }]);
      const response = await client.request({ method: 'POST', path: '/projects/1/notes', json: { body: 'hi' } });
      expect(response.data).toEqual({ id: 8 });
      expect(calls).toHaveLength(2);
    },
  );

  it('asks recover after a lost POST answer and takes what it found instead of sending again', async () => {
    const { client, calls } = setup([
      { status: 503, body: { message: '503 Service Unavailable' } },
      { status: 200, body: [{ id: 41, body: 'hi' }] },
    ]);
    let recoverCalls = 0;
    const req: ApiRequest = {
      method: 'POST',
      path: '/projects/1/notes',
      json: { body: 'hi' },
      recover: async (c) => {
        recoverCalls++;
        const found = await c.request<Array<{ id: number; body: string }>>({
          method: 'GET',
          path: '/projects/1/notes',
        });
        return found.data.find((n) => n.body === 'hi');
      },
    };
    const response = await client.request(req);
    expect(response.data).toEqual({ id: 41, body: 'hi' });
    expect(recoverCalls).toBe(1);
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /api/v4/projects/1/notes',
      'GET /api/v4/projects/1/notes',
    ]);
  });

  it('says the outcome is unknown when looking for a lost POST answer fails', async () => {
    const { client, calls } = setup([{ status: 503, body: { message: '503 Service Unavailable' } }, OK]);
    const error = await failure(
      client.request({
        method: 'POST',
        path: '/projects/1/hooks',
        json: { url: 'https://h.example' },
        recover: async () => {
          throw new CollabError('server', '500 Internal Server Error (gave up after 6 attempts)', {
            status: 500,
            request: { method: 'GET', path: '/user' },
          });
        },
      }),
    );
    expect(calls).toHaveLength(1);
    expect(error.kind).toBe('server');
    expect(error.message).toBe(
      'cannot tell whether the request took effect (POST /projects/1/hooks): after 503, looking for its effect failed: 500 Internal Server Error (gave up after 6 attempts) (GET /user)',
    );
    expect(error.hint).toMatch(/may be done twice/);
    expect(error.unsure).toBe(true);
  });

  it('sends a POST again when recover finds nothing, after a 5xx or a reset', async () => {
    const { client, calls } = setup([
      { status: 500, body: { message: '500 Internal Server Error' } },
      { error: networkError('ECONNRESET') },
      { status: 201, body: { id: 9 } },
    ]);
    let recoverCalls = 0;
    const response = await client.request({
      method: 'POST',
      path: '/projects/1/hooks',
      json: { url: 'https://h.example' },
      recover: async () => {
        recoverCalls++;
        return undefined;
      },
    });
    expect(response.data).toEqual({ id: 9 });
    expect(recoverCalls).toBe(2);
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'POST']);
  });

  it('gives up after the configured number of retries and says so', async () => {
    const steps: Step[] = Array.from({ length: 5 }, () => ({
      status: 503,
      body: { message: '503 Service Unavailable' },
    }));
    const { client, calls } = setup(steps, { retries: 2 });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(calls).toHaveLength(3);
    expect(error.kind).toBe('server');
    expect(error.message).toBe('503 Service Unavailable (gave up after 3 attempts)');
    expect(error.request).toEqual({ method: 'GET', path: '/projects' });
  });

  it('says it gave up when the last of the retries met a reset, not only a status', async () => {
    const { client, calls } = setup(
      [
        { status: 503, body: { message: '503 Service Unavailable' } },
        { status: 502, body: { message: '502 Bad Gateway' } },
        { error: networkError('ECONNRESET') },
      ],
      { retries: 2 },
    );
    const error = await failure(client.request({ method: 'GET', path: '/projects/1' }));
    expect(calls).toHaveLength(3);
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      `cannot reach ${new URL(ORIGIN).host}: connection reset (gave up after 3 attempts) (GET /projects/1)`,
    );
  });

  it('does not retry at all with retries 0', async () => {
    const { client, calls } = setup([{ error: networkError('ECONNRESET') }, OK], { retries: 0 });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(error.kind).toBe('network');
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['UND_ERR_CLOSED', new errors.ClientClosedError()],
    ['UND_ERR_DESTROYED', new errors.ClientDestroyedError()],
  ])('does not retry GET after %s: the run closed its pool, the command is over', async (_code, error) => {
    const { client, calls } = setup([{ error }, OK]);
    const failed = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(failed.kind).toBe('interrupted');
    expect(calls).toHaveLength(1);
  });

  it('does not retry 4xx answers other than 429', async () => {
    const { client, calls } = setup([{ status: 404, body: { message: '404 Project Not Found' } }, OK]);
    const error = await failure(client.request({ method: 'GET', path: '/projects/x' }));
    expect(error.kind).toBe('not-found');
    expect(calls).toHaveLength(1);
  });

  it('says each retry on the verbose log and to onRetry, with its reason and wait', async () => {
    const told: string[] = [];
    const waits: RetryWait[] = [];
    const { client, logs } = setup(
      [
        { status: 502, body: 'x' },
        { status: 429, body: 'Retry later', headers: { 'retry-after': '0' } },
        { error: networkError('ECONNRESET') },
        OK,
      ],
      {
        onRetry: (m, w) => {
          told.push(m);
          waits.push(w);
        },
      },
    );
    await client.request({ method: 'GET', path: '/projects' });
    expect(told).toHaveLength(3);
    expect(told[0]).toMatch(/^502 on GET \/projects; retry 1\/5 in \d+ ms$/);
    expect(logs).toContain(`! ${told[0]}`);
    const request = { method: 'GET', path: '/projects' };
    expect(waits.map((w) => ({ ...w, seconds: typeof w.seconds }))).toEqual([
      { reason: 'status', status: 502, seconds: 'number', attempt: 1, retries: 5, request },
      { reason: 'rate-limit', status: 429, seconds: 'number', attempt: 2, retries: 5, request },
      { reason: 'network', seconds: 'number', attempt: 3, retries: 5, request },
    ]);
    expect(waits[1]?.seconds).toBe(0);
  });
});

describe('HttpClient waits as the service asks', () => {
  /** Turns of the event loop enough for a request the clock let go to reach the mock. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  /**
   * Sends with a manual clock: once the client waits, time is moved on to just before `waitMs`
   * (nothing more may go out), then to it; resolves with the requests' times from the start.
   */
  async function waited(
    steps: Step[],
    waitMs: number,
    send: (client: HttpClient) => Promise<unknown>,
    options: Partial<HttpClientOptions> = {},
  ) {
    const clock = manualClock();
    const start = clock.now();
    const { client, calls } = setup(steps, { ...options, clock });
    const sending = send(client);
    await clock.timerSet();
    const before = calls.length;
    clock.advance(waitMs - 1);
    await settle();
    expect(calls).toHaveLength(before);
    clock.advance(1);
    await sending;
    return { calls, times: calls.map((c) => c.at - start), clock };
  }

  it('obeys Retry-After in seconds', async () => {
    const { times } = await waited(
      [{ status: 429, body: 'Retry later', headers: { 'content-type': 'text/plain', 'retry-after': '1' } }, OK],
      1000,
      (client) => client.request({ method: 'GET', path: '/projects' }),
    );
    expect(times).toEqual([0, 1000]);
  });

  it('obeys Retry-After as an HTTP date', async () => {
    // The manual clock starts on a whole second: the date (whole seconds) is exactly 2 s on.
    const date = new Date(manualClock().now() + 2000).toUTCString();
    const { times } = await waited([{ status: 503, body: 'x', headers: { 'retry-after': date } }, OK], 2000, (client) =>
      client.request({ method: 'GET', path: '/projects' }),
    );
    expect(times).toEqual([0, 2000]);
  });

  it('uses RateLimit-Reset (a Unix time) when Retry-After is absent', async () => {
    const reset = manualClock().now() / 1000 + 2;
    // Remaining 0 closes the client's gate until 50 ms past the reset second, so that the retry is not early.
    const { times } = await waited(
      [
        {
          status: 429,
          body: 'Retry later',
          headers: { 'content-type': 'text/plain', 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset) },
        },
        OK,
      ],
      2050,
      (client) => client.request({ method: 'GET', path: '/projects' }),
    );
    expect(times).toEqual([0, 2050]);
  });

  it('waits for the reset before the next request when RateLimit-Remaining reaches 0', async () => {
    const reset = manualClock().now() / 1000 + 1;
    const told: string[] = [];
    const waits: RetryWait[] = [];
    const onRetry = (m: string, w: RetryWait) => {
      told.push(m);
      waits.push(w);
    };
    // The gate opens 50 ms past the reset second, so that the first request is not early.
    const { times } = await waited(
      [
        {
          status: 200,
          body: [],
          headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset), 'ratelimit-limit': '10' },
        },
        OK,
      ],
      1050,
      async (client) => {
        await client.request({ method: 'GET', path: '/projects' });
        await client.request({ method: 'GET', path: '/groups' });
      },
      { onRetry },
    );
    expect(times).toEqual([0, 1050]);
    expect(told.join('\n')).toMatch(/rate limit reached; waiting 1\.1 s before GET \/groups/);
    expect(waits).toEqual([
      expect.objectContaining({ reason: 'rate-limit', request: { method: 'GET', path: '/groups' }, seconds: 1.05 }),
    ]);
  });

  it('holds every request of the client back after one 429, until the time the service asked for', async () => {
    const waits: RetryWait[] = [];
    let second: Promise<unknown> | undefined;
    let client: HttpClient | undefined;
    const onRetry = (_m: string, w: RetryWait) => {
      waits.push(w);
      if (waits.length > 1) return;
      // Another request of the same client, started while the first waits (as with --concurrency).
      second = client?.request({ method: 'GET', path: '/groups' });
    };
    const { calls, times } = await waited(
      [{ status: 429, body: 'Retry later', headers: { 'content-type': 'text/plain', 'retry-after': '1' } }, OK, OK],
      1000,
      async (c) => {
        client = c;
        await c.request({ method: 'GET', path: '/projects' });
        await second;
      },
      { onRetry },
    );
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/v4/projects',
      expect.any(String),
      expect.any(String),
    ]);
    expect(times).toEqual([0, 1000, 1000]);
    expect(waits.map((w) => [w.reason, w.request.path])).toEqual([
      ['rate-limit', '/projects'],
      ['rate-limit', '/groups'],
    ]);
  });

  it('ends a wait on the clock at Ctrl-C (the signal), as interrupted, without sending again', async () => {
    const clock = manualClock();
    const controller = new AbortController();
    const { client, calls } = setup([{ status: 503, body: 'x', headers: { 'retry-after': '60' } }, OK], {
      clock,
      signal: controller.signal,
    });
    const sending = failure(client.request({ method: 'GET', path: '/projects' }));
    await clock.timerSet();
    controller.abort();
    const error = await sending;
    expect(error.kind).toBe('interrupted');
    // The wait's timer is gone with it: moving the clock past it sends nothing.
    clock.advance(60_000);
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('fails a request whose rate-limit wait is longer than its budget, without sending it early', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 3600;
    const { client, calls } = setup(
      [{ status: 200, body: [], headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset) } }, OK],
      { maxTotalRetryWaitMs: 2000 },
    );
    await client.request({ method: 'GET', path: '/projects' });
    const error = await failure(client.request({ method: 'GET', path: '/groups' }));
    expect(calls).toHaveLength(1);
    expect(error.status).toBe(429);
    expect(error.message).toMatch(
      /^the service's rate limit allows no request for \d+\.\d s, more than the retry budget allows \(GET \/groups\)$/,
    );
  });

  it('never waits longer in total than the retry budget', async () => {
    const { client, calls } = setup(
      [{ status: 429, body: 'Retry later', headers: { 'content-type': 'text/plain', 'retry-after': '3600' } }, OK],
      { maxTotalRetryWaitMs: 2000 },
    );
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(calls).toHaveLength(1);
    expect(error.message).toMatch(
      /^429 Retry later; the service asks to wait 3600\.0 s, more than the retry budget allows/,
    );
  });

  it('stops backing off when the budget is spent', async () => {
    const steps: Step[] = Array.from({ length: 20 }, () => ({ status: 503, body: 'x' }));
    const { client, calls } = setup(steps, { retries: 20, retryBaseMs: 100, maxTotalRetryWaitMs: 150 });
    await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(calls.length).toBeLessThan(20);
  });
});

describe('retryDelay', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it('reads Retry-After seconds', () => expect(retryDelay({ 'retry-after': '7' }, 1, 0, now)).toBe(7000));
  it('reads Retry-After as an HTTP date', () =>
    expect(retryDelay({ 'retry-after': new Date(now + 4000).toUTCString() }, 1, 0, now)).toBe(4000));
  it('takes a date in the past as no wait', () =>
    expect(retryDelay({ 'retry-after': new Date(now - 4000).toUTCString() }, 1, 0, now)).toBe(0));
  it('prefers Retry-After to RateLimit-Reset', () =>
    expect(retryDelay({ 'retry-after': '2', 'ratelimit-reset': String(now / 1000 + 30) }, 1, 0, now)).toBe(2000));
  it('falls back to RateLimit-Reset, a Unix time', () =>
    expect(retryDelay({ 'ratelimit-reset': String(now / 1000 + 30) }, 1, 0, now)).toBe(30_000));
  it('falls back to backoff with full jitter for garbage', () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const wait = retryDelay({ 'retry-after': 'soon', 'ratelimit-reset': 'later' }, 100, attempt, now);
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(Math.min(100 * 2 ** attempt, 10_000));
    }
  });
});

describe('HttpClient and the token', () => {
  it('keeps the token on a redirect within the origin', async () => {
    const { client, calls } = setup([{ status: 301, headers: { location: `${ORIGIN}/api/v4/projects/42` } }, OK]);
    await client.request({ method: 'GET', path: '/projects/old%2Fname' });
    expect(calls.map((c) => c.headers['private-token'])).toEqual([TOKEN, TOKEN]);
    expect((calls[1] as Call).url).toBe(`${ORIGIN}/api/v4/projects/42`);
  });

  it('drops the token on a redirect to another origin', async () => {
    const { client, calls, agent } = setup([{ status: 302, headers: { location: 'https://cdn.example/avatar.png' } }]);
    scripted(agent, 'https://cdn.example', [{ status: 200, body: { fine: true } }]);
    const response = await client.request({ method: 'GET', path: '/projects/1/avatar' });
    expect(response.data).toEqual({ fine: true });
    expect((calls[0] as Call).headers['private-token']).toBe(TOKEN);
    expect((calls[1] as Call).url).toBe('https://cdn.example/avatar.png');
    expect((calls[1] as Call).headers['private-token']).toBeUndefined();
  });

  it('drops the token when a redirect downgrades to http on the same host', async () => {
    const { client, calls, agent } = setup([
      { status: 301, headers: { location: 'http://collab.example/api/v4/user' } },
    ]);
    scripted(agent, 'http://collab.example', [OK]);
    await client.request({ method: 'GET', path: '/user' });
    expect((calls[1] as Call).headers['private-token']).toBeUndefined();
  });

  it('sends no token to another origin named by an absolute URL (a link header from a proxy)', async () => {
    const { client, calls, agent } = setup([]);
    scripted(agent, 'https://elsewhere.example', [{ status: 200, body: [] }]);
    await client.request({ method: 'GET', path: 'https://elsewhere.example/api/v4/projects?page=2' });
    expect((calls[0] as Call).url).toBe('https://elsewhere.example/api/v4/projects?page=2');
    expect((calls[0] as Call).headers['private-token']).toBeUndefined();
  });

  it.each(['/../../users', '/projects/../../../-/profile', '/..', '/%2e%2e/%2e%2e/users'])(
    'refuses a path that leaves the API root (%s), sending nothing',
    async (path) => {
      const { client, calls } = setup([OK]);
      const error = await failure(client.request({ method: 'GET', path }));
      expect(error.kind).toBe('usage');
      expect(error.message).toMatch(/^refusing to send GET .*: it leads out of the API root \/api\/v4$/);
      expect(calls).toHaveLength(0);
    },
  );

  it('sends to the API below the path of a service under a sub-path, with the token', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    const calls: Call[] = [];
    scripted(agent, ORIGIN, [OK]);
    const client = new HttpClient({
      baseUrl: `${ORIGIN}/gitlab`,
      token: TOKEN,
      dispatcher: recording(agent, calls, systemClock),
    });
    expect(client.baseUrl).toBe(`${ORIGIN}/gitlab/api/v4`);
    await client.request({ method: 'GET', path: '/projects' });
    expect(calls[0]?.url).toBe(`${ORIGIN}/gitlab/api/v4/projects`);
    expect(calls[0]?.headers['private-token']).toBe(TOKEN);
  });

  it('keeps paths that only look odd inside the API root', async () => {
    const { client, calls } = setup([OK, OK]);
    await client.request({ method: 'GET', path: '/projects/a..b' });
    await client.request({ method: 'GET', path: '/projects/grp%2F..%2Fx' });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/v4/projects/a..b',
      '/api/v4/projects/grp%2F..%2Fx',
    ]);
  });

  it('drops the token on a redirect out of the API root on the same host (a login page)', async () => {
    const { client, calls } = setup([
      { status: 302, headers: { location: `${ORIGIN}/users/sign_in` } },
      { status: 200, body: '<html><title>Sign in</title></html>', headers: { 'content-type': 'text/html' } },
    ]);
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect((calls[1] as Call).url).toBe(`${ORIGIN}/users/sign_in`);
    expect((calls[1] as Call).headers['private-token']).toBeUndefined();
    expect(error.message).toMatch(/an HTML page/);
  });

  it('stops after too many redirects', async () => {
    const steps: Step[] = Array.from({ length: 8 }, (_, i) => ({
      status: 302,
      headers: { location: `${ORIGIN}/api/v4/loop${i}` },
    }));
    const { client, calls } = setup(steps);
    const error = await failure(client.request({ method: 'GET', path: '/loop' }));
    expect(error.message).toMatch(/too many redirects/);
    expect(calls.length).toBeLessThanOrEqual(6);
  });

  it('refuses a token over plain http to a host that is not loopback, before sending anything', () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    let error: unknown;
    try {
      new HttpClient({ baseUrl: 'http://10.255.255.1', token: TOKEN, dispatcher: agent });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CollabError);
    expect((error as CollabError).kind).toBe('usage');
    expect((error as CollabError).message).toBe('refusing to send the token over plain http to 10.255.255.1');
    expect((error as CollabError).hint).toContain('collab config set insecure_http true --host http://10.255.255.1');
  });

  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://127.1.2.3',
    'http://[::1]:9000',
    'https://10.255.255.1',
  ])('allows the token to %s', (baseUrl) => {
    expect(() => new HttpClient({ baseUrl, token: TOKEN, dispatcher: new MockAgent() })).not.toThrow();
  });

  it('allows plain http when the host is configured insecure_http, or when there is no token', () => {
    expect(
      () =>
        new HttpClient({
          baseUrl: 'http://10.255.255.1',
          token: TOKEN,
          insecureHttp: true,
          dispatcher: new MockAgent(),
        }),
    ).not.toThrow();
    expect(() => new HttpClient({ baseUrl: 'http://10.255.255.1', dispatcher: new MockAgent() })).not.toThrow();
  });

  it.each([
    ['a line break', 'glpat-abc\n'],
    ['a carriage return', 'glpat-abc\r'],
    ['a space', 'glpat abc'],
    ['non-ASCII', 'glpat-äbc'],
  ])('refuses a token with %s before sending, without showing it', async (_what, token) => {
    let error: unknown;
    try {
      new HttpClient({ baseUrl: ORIGIN, token, dispatcher: new MockAgent() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CollabError);
    expect((error as CollabError).kind).toBe('auth');
    expect((error as CollabError).message).not.toContain('abc');
    expect((error as CollabError).message).toMatch(/token .*cannot be sent/);
  });

  it('redacts the token and other credentials on the verbose log', async () => {
    const { client, logs } = setup([OK]);
    await client.request({
      method: 'GET',
      path: '/user',
      headers: { authorization: 'Bearer sekrit-bearer', cookie: '_gitlab_session=sekrit-cookie' },
    });
    const text = logs.join('\n');
    expect(text).toContain('> private-token: [redacted]');
    expect(text).toContain('> authorization: [redacted]');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('sekrit');
  });
});

describe('HttpClient error messages', () => {
  const cases: Array<[string, Step, string, string]> = [
    [
      'a string message',
      { status: 404, body: { message: '404 Project Not Found' } },
      'not-found',
      '404 Project Not Found',
    ],
    [
      'nested attribute messages',
      {
        status: 400,
        body: { message: { path: ['has already been taken'], limits: { size: ['is too big', 'is odd'] } } },
      },
      'rejected',
      '400 path has already been taken; limits.size is too big, is odd',
    ],
    ['{"error"}', { status: 400, body: { error: 'name is missing' } }, 'rejected', '400 name is missing'],
    [
      '{"error","error_description"}',
      {
        status: 403,
        body: {
          error: 'insufficient_scope',
          error_description: 'The request requires higher privileges than provided by the access token.',
          scope: 'api',
        },
      },
      'auth',
      '403 insufficient_scope: The request requires higher privileges than provided by the access token.',
    ],
    [
      'plain text 429',
      { status: 429, body: 'Retry later\n', headers: { 'content-type': 'text/plain', 'retry-after': '0' } },
      'server',
      '429 Retry later',
    ],
    [
      'HTML from a proxy',
      {
        status: 502,
        body: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
        headers: { 'content-type': 'text/html' },
      },
      'server',
      '502 an HTML page ("502 Bad Gateway") instead of an API response (is a proxy or login page in the way?)',
    ],
    ['an empty 409', { status: 409 }, 'rejected', '409 Conflict'],
    ['a 401', { status: 401, body: { message: '401 Unauthorized' } }, 'auth', '401 Unauthorized'],
  ];

  it.each(cases)('reads %s', async (_name, step, kind, message) => {
    const { client } = setup([step], { retries: 0 });
    const error = await failure(client.request({ method: 'GET', path: '/projects/1' }));
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
    expect(error.status).toBe((step as { status: number }).status);
  });

  it('hints at logging in again on a 401', async () => {
    const { client } = setup([{ status: 401, body: { message: '401 Unauthorized' } }]);
    const error = await failure(client.request({ method: 'GET', path: '/user' }));
    expect(error.hint).toMatch(/collab auth login/);
  });

  it('names the host and the setting to change on a timeout', async () => {
    const { client } = setup([{ error: new errors.HeadersTimeoutError() }], { retries: 0, timeoutMs: 2500 });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('timed out after 2.5s waiting for collab.example (GET /projects)');
    expect(error.hint).toBe('raise the limit with `collab config set timeout <seconds>` (now 2.5)');
  });

  it('names the connect timeout that applied when connecting timed out', async () => {
    const { client } = setup([{ error: new errors.ConnectTimeoutError() }], { retries: 0, timeoutMs: 60_000 });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(error.message).toBe('timed out after 30s connecting to collab.example (GET /projects)');
  });

  it('names a per-request timeout as the command option', async () => {
    const { client } = setup([{ error: new errors.HeadersTimeoutError() }], { retries: 0 });
    const error = await failure(
      client.request({ method: 'GET', path: '/projects/1/export/download', timeoutMs: 120_000 }),
    );
    expect(error.message).toBe('timed out after 120s waiting for collab.example (GET /projects/1/export/download)');
    expect(error.hint).toMatch(/--timeout/);
  });

  it('names the host when it cannot connect', async () => {
    const { client } = setup([{ error: networkError('ECONNREFUSED') }], { retries: 0 });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(error.message).toBe('cannot reach collab.example: connection refused (GET /projects)');
  });

  it('keeps many requests in flight on one signal without a listener warning on stderr', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const steps: Step[] = Array.from({ length: 40 }, () => ({ delayMs: 20, status: 200, body: [] }));
    const { client } = setup(steps, { signal: new AbortController().signal });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => client.request({ method: 'GET', path: `/projects?page=${i}` })),
    );
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('reports an abort as interrupted and does not retry it', async () => {
    const controller = new AbortController();
    const { client, calls } = setup([{ delayMs: 200, status: 200, body: [] }, OK], { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    expect(error.kind).toBe('interrupted');
    expect(calls).toHaveLength(1);
  });
});

describe('HttpClient malformed answers', () => {
  const url = `${ORIGIN}/api/v4/projects/1`;
  const cases: Array<[string, Step, RegExp]> = [
    [
      'an HTML page from a proxy',
      {
        status: 200,
        body: '<!DOCTYPE html><html><title>Sign in</title></html>',
        headers: { 'content-type': 'text/html; charset=utf-8' },
      },
      /an HTML page \(text\/html\) instead of JSON; is a proxy or login page in the way\?/,
    ],
    [
      'truncated JSON',
      { status: 200, body: '{"id": 1, "name": "ap', headers: { 'content-type': 'application/json' } },
      /invalid JSON \(application\/json, 21 bytes, apparently truncated\)/,
    ],
    [
      'an empty body with 200',
      { status: 200, body: '', headers: { 'content-type': 'application/json' } },
      /an empty body with status 200 where JSON was expected/,
    ],
    [
      'plain text',
      { status: 200, body: 'OK', headers: { 'content-type': 'text/plain' } },
      /text instead of JSON \(text\/plain, 2 bytes: "OK"\)$/,
    ],
  ];

  it.each(cases)('reports %s as malformed, naming the URL', async (_name, step, what) => {
    const { client } = setup([step]);
    const error = await failure(client.request({ method: 'GET', path: '/projects/1' }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain(`malformed response from GET ${url}: `);
    expect(error.message).toMatch(what);
  });

  it('checks the shape asked for: an object for one resource, an array for a list', async () => {
    const { client } = setup([
      { status: 200, body: [1, 2] },
      { status: 200, body: '"fine"', headers: { 'content-type': 'application/json' } },
      { status: 200, body: 'null', headers: { 'content-type': 'application/json' } },
      { status: 200, body: { id: 1 } },
      { status: 200, body: { id: 1 } },
      { status: 200, body: [] },
    ]);
    const messages: string[] = [];
    for (let i = 0; i < 3; i++)
      messages.push((await failure(client.request({ method: 'GET', path: '/projects/1', expect: 'object' }))).message);
    expect(messages).toEqual([
      `malformed response from GET ${url}: a JSON array where a JSON object was expected`,
      `malformed response from GET ${url}: a JSON string where a JSON object was expected`,
      `malformed response from GET ${url}: a null where a JSON object was expected`,
    ]);
    expect((await client.request({ method: 'GET', path: '/projects/1', expect: 'object' })).data).toEqual({ id: 1 });
    expect((await failure(client.request({ method: 'GET', path: '/projects/1', expect: 'array' }))).message).toMatch(
      /a JSON object where a JSON array was expected$/,
    );
    expect((await client.request({ method: 'GET', path: '/projects/1', expect: 'array' })).data).toEqual([]);
  });

  it('does not retry a malformed answer', async () => {
    const { client, calls } = setup([
      { status: 200, body: '<html></html>', headers: { 'content-type': 'text/html' } },
      OK,
    ]);
    await failure(client.request({ method: 'GET', path: '/projects/1' }));
    expect(calls).toHaveLength(1);
  });

  it('accepts an empty body on 204, 202 and HEAD', async () => {
    const { client } = setup([{ status: 204 }, { status: 202 }, { status: 200 }]);
    expect((await client.request({ method: 'DELETE', path: '/projects/1' })).data).toBeUndefined();
    expect((await client.request({ method: 'DELETE', path: '/groups/1' })).data).toBeUndefined();
    expect((await client.request({ method: 'HEAD', path: '/projects/1' })).data).toBeUndefined();
  });

  it('checks a text answer against its content type: JSON must parse, HTML is refused, other text passes', async () => {
    const { client } = setup([
      { status: 200, body: '[{"id":1},', headers: { 'content-type': 'application/json' } },
      { status: 200, body: '<html><title>Login</title></html>', headers: { 'content-type': 'text/html' } },
      { status: 200, body: 'line one\nline two\n', headers: { 'content-type': 'text/plain' } },
      { status: 200, body: '{"id":1}', headers: { 'content-type': 'application/json' } },
    ]);
    const truncated = await failure(client.request({ method: 'GET', path: '/projects', responseType: 'text' }));
    expect(truncated.kind).toBe('malformed');
    expect(truncated.message).toContain(`GET ${ORIGIN}/api/v4/projects: invalid JSON`);
    const html = await failure(client.request({ method: 'GET', path: '/projects', responseType: 'text' }));
    expect(html.message).toMatch(/an HTML page/);
    expect(
      (await client.request({ method: 'GET', path: '/projects/1/repository/files/README/raw', responseType: 'text' }))
        .text,
    ).toBe('line one\nline two\n');
    expect((await client.request({ method: 'GET', path: '/projects/1', responseType: 'text' })).text).toBe('{"id":1}');
  });
});

describe('HttpClient and answers cut off mid-transfer (a real socket on 127.0.0.1)', () => {
  let server: Server;
  let base: string;
  /** What the next requests get: a body cut off, one that stalls, a 503, or a whole one. */
  const plan: Array<'cut' | 'stall' | '503' | '503 wait 100 ms' | 'whole'> = [];
  let served = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      served++;
      req.resume();
      const step = plan.shift() ?? 'whole';
      if (step.startsWith('503')) {
        res.writeHead(503, { 'content-type': 'application/json', ...(step === '503' ? {} : { 'retry-after': '0.1' }) });
        res.end('{"message":"503 Service Unavailable"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      if (step === 'whole') {
        res.end(JSON.stringify({ ok: true }).padEnd(1000, ' '));
        return;
      }
      res.write('[{"id":1},');
      if (step === 'cut') setTimeout(() => res.socket?.destroy(), 10);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function client(options: Partial<HttpClientOptions> = {}) {
    const told: string[] = [];
    const c = new HttpClient({ baseUrl: base, token: TOKEN, retryBaseMs: 1, onRetry: (m) => told.push(m), ...options });
    return { c, told };
  }

  it('sends a GET again when its answer was cut off', async () => {
    plan.push('cut');
    served = 0;
    const { c, told } = client();
    const response = await c.request({ method: 'GET', path: '/projects' });
    await c.close();
    expect(response.data).toEqual({ ok: true });
    expect(served).toBe(2);
    expect(told[0]).toMatch(/^answer cut off, .*\(127\.0\.0\.1:\d+\) on GET \/projects; retry 1\/5 in \d+ ms$/);
  });

  it('sends a request at most retries + 1 times, whatever mix of 5xx and answers cut off', async () => {
    plan.length = 0;
    for (let i = 0; i < 10; i++) plan.push('503', 'cut');
    served = 0;
    const { c, told } = client({ retries: 3 });
    const error = await failure(c.request({ method: 'GET', path: '/projects' }));
    await c.close();
    plan.length = 0;
    expect(served).toBe(4);
    expect(told.map((m) => /retry (\d)\/3/.exec(m)?.[1])).toEqual(['1', '2', '3']);
    expect(error.message).toMatch(/^the answer was cut off: /);
  });

  it('keeps one wait budget per request across 5xx and answers cut off', async () => {
    plan.length = 0;
    for (let i = 0; i < 10; i++) plan.push('503 wait 100 ms', 'cut');
    served = 0;
    // 100 ms per 503 and at most 2 and 8 ms of backoff after the first two cuts: 250 ms allows
    // two waits for a 503, not three.
    const { c } = client({ retries: 10, maxTotalRetryWaitMs: 250 });
    const error = await failure(c.request({ method: 'GET', path: '/projects' }));
    await c.close();
    plan.length = 0;
    expect(served).toBe(5);
    expect(error.message).toMatch(/the service asks to wait 100 ms, more than the retry budget allows/);
  });

  it('does not send a plain POST again when its answer was cut off', async () => {
    plan.push('cut');
    served = 0;
    const { c } = client();
    const error = await failure(c.request({ method: 'POST', path: '/projects/1/notes', json: { body: 'x' } }));
    await c.close();
    expect(served).toBe(1);
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^the answer was cut off: .*\(127\.0\.0\.1:\d+\)$/);
    expect(error.request).toEqual({ method: 'POST', path: '/projects/1/notes' });
  });

  it('reports a body that stops coming as a timeout naming the host and the setting', async () => {
    plan.push('stall');
    const { c } = client({ timeoutMs: 300, retries: 0 });
    const error = await failure(c.request({ method: 'GET', path: '/projects' }));
    await c.close();
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^the answer was cut off: timeout waiting for 127\.0\.0\.1:\d+$/);
    expect(error.hint).toBe('raise the limit with `collab config set timeout <seconds>` (now 0.3)');
  });
});

describe('HttpClient and a host CA file', () => {
  it('trusts the system roots and the file beside them, and refuses a file it cannot read', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'collab-ca-'));
    const file = join(dir, 'ca.pem');
    writeFileSync(file, '-----BEGIN CERTIFICATE-----\nnot checked here\n-----END CERTIFICATE-----\n');
    const client = new HttpClient({ baseUrl: 'https://collab.example', token: TOKEN, caFile: file });
    await client.close();
    let failure: unknown;
    try {
      new HttpClient({ baseUrl: 'https://collab.example', token: TOKEN, caFile: join(dir, 'missing.pem') });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(CollabError);
    const { kind, message, hint } = failure as CollabError;
    expect([kind, message, hint]).toEqual([
      'usage',
      `cannot read CA file ${join(dir, 'missing.pem')}: no such file`,
      'fix the path with `collab config set ca_file <path> --host <url>`',
    ]);
  });

  it('a missing NODE_EXTRA_CA_CERTS file names itself, not the ca_file beside it', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'collab-ca-'));
    const file = join(dir, 'ca.pem');
    writeFileSync(file, '-----BEGIN CERTIFICATE-----\nnot checked here\n-----END CERTIFICATE-----\n');
    const extra = join(dir, 'extra.pem');
    let failure: unknown;
    try {
      new HttpClient({
        baseUrl: 'https://collab.example',
        token: TOKEN,
        caFile: file,
        env: { NODE_EXTRA_CA_CERTS: extra },
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(CollabError);
    const { kind, message, hint } = failure as CollabError;
    expect([kind, message, hint]).toEqual([
      'usage',
      `cannot read the NODE_EXTRA_CA_CERTS file ${extra}: no such file`,
      'fix the path in NODE_EXTRA_CA_CERTS, or unset it',
    ]);
  });
});
