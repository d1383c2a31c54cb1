import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import { callSandbox, idOf } from '../helpers/sandbox-api.js';

/**
 * The service's background jobs: an immediate deletion answers 202 and the project
 * or group stays readable for --delete-duration, then answers 404; a delayed deletion only marks;
 * a pull mirror's update runs for --fork-duration like a fork's import (scheduled, started,
 * finished or failed with import_error). The sandbox's clock (its `now` option, store.now) is
 * moved by hand here, so nothing waits on real time.
 */

let now = Date.UTC(2030, 0, 1);
const advance = (ms: number) => {
  now += ms;
};
const { sandbox, call: raw } = useSandbox({ seed: 30, deleteDuration: 5000, forkDuration: 1000, now: () => now });

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON, read loosely by the assertions
type Json = any;

async function call(
  method: string,
  path: string,
  body?: unknown,
  as: SandboxRole = 'admin',
): Promise<{ status: number; body: Json }> {
  const answer = await raw(method, path, { json: body, as, redirect: 'follow' });
  return { status: answer.status, body: answer.body };
}

const status = async (path: string) => (await call('GET', path)).status;
const encoded = (path: string) => encodeURIComponent(path);

describe('immediate deletion (--delete-duration)', () => {
  it('is 2000 ms unless set', async () => {
    const other = await startSandbox({ port: 0, seed: 1 });
    try {
      // A setting of the sandbox: no endpoint shows it.
      expect(other.store.deletions.durationMs).toBe(2000);
    } finally {
      await other.close();
    }
  });

  it('a personal project answers 202, stays readable and listed for the duration, then 404', async () => {
    const created = await call('POST', '/projects', { name: 'going-soon' }, 'developer');
    expect(created.status).toBe(201);
    const path = `/projects/${encoded('dana/going-soon')}`;
    expect(await call('DELETE', path, undefined, 'developer')).toEqual({
      status: 202,
      body: { message: '202 Accepted' },
    });
    expect(await status(path)).toBe(200);
    expect((await call('GET', '/users/dana/projects?per_page=100')).body.map((p: { id: number }) => p.id)).toContain(
      created.body.id,
    );
    // Asked again while it runs: the same answer, and the job is not started over.
    advance(4000);
    expect((await call('DELETE', path, undefined, 'developer')).status).toBe(202);
    expect(await status(path)).toBe(200);
    advance(1000);
    expect(await status(path)).toBe(404);
    expect(await status(`/projects/${created.body.id}`)).toBe(404);
    expect(
      (await call('GET', '/users/dana/projects?per_page=100')).body.map((p: { id: number }) => p.id),
    ).not.toContain(created.body.id);
  });

  it('a group removed with permanently_remove answers until the job is done, then goes with what is below it', async () => {
    expect((await call('POST', '/groups', { name: 'Leaving', path: 'leaving' })).status).toBe(201);
    const parent = await idOf(sandbox, 'groups', 'leaving');
    expect((await call('POST', '/groups', { name: 'Inner', path: 'inner', parent_id: parent })).status).toBe(201);
    expect(
      (await call('POST', '/projects', { name: 'app', namespace_id: await idOf(sandbox, 'groups', 'leaving/inner') }))
        .status,
    ).toBe(201);
    // Delayed deletion first: only marked, the group stays however long one waits.
    const markedOn = new Date(now).toISOString().slice(0, 10);
    const marked = await call('DELETE', '/groups/leaving');
    expect(marked.status).toBe(202);
    advance(60_000);
    expect((await call('GET', '/groups/leaving')).body.marked_for_deletion_on).toBe(markedOn);

    expect(await call('DELETE', `/groups/leaving?permanently_remove=true&full_path=leaving`)).toEqual({
      status: 202,
      body: { message: '202 Accepted' },
    });
    expect(await status('/groups/leaving')).toBe(200);
    expect(await status(`/groups/${encoded('leaving/inner')}`)).toBe(200);
    expect(await status(`/projects/${encoded('leaving/inner/app')}`)).toBe(200);
    advance(5000);
    expect(await status('/groups/leaving')).toBe(404);
    expect(await status(`/groups/${encoded('leaving/inner')}`)).toBe(404);
    expect(await status(`/projects/${encoded('leaving/inner/app')}`)).toBe(404);
  });

  it('a project in a group is only marked (delayed deletion), and is never removed by the job', async () => {
    const path = `/projects/${encoded('acme/web/design-system')}`;
    expect((await call('DELETE', path)).status).toBe(202);
    advance(60_000);
    const view = await call('GET', path);
    expect(view.status).toBe(200);
    expect(view.body.marked_for_deletion_on).toBe(new Date(now).toISOString().slice(0, 10));
    expect((await call('POST', `${path}/restore`)).status).toBe(201);
  });
});

describe('deleteDuration: 0', () => {
  let instant: Sandbox;
  beforeAll(async () => {
    instant = await startSandbox({ port: 0, seed: 30, deleteDuration: 0 });
  });
  afterAll(() => instant?.close());

  it('removes at once', async () => {
    const [victim] = (await callSandbox(instant, 'GET', '/users/dana/projects')).body;
    expect((await callSandbox(instant, 'DELETE', `/projects/${victim.id}`, { as: 'developer' })).status).toBe(202);
    expect((await callSandbox(instant, 'GET', `/projects/${victim.id}`)).status).toBe(404);
  });
});

describe('pull mirror updates (POST /projects/:id/mirror/pull) run like fork imports', () => {
  const importOf = async (path: string) => {
    const body = (await call('GET', `/projects/${encoded(path)}`)).body;
    return { status: body.import_status, error: body.import_error };
  };

  it('goes scheduled -> started -> finished over --fork-duration; a pull during one changes nothing', async () => {
    const created = await call('POST', '/projects', {
      name: 'mirrored',
      import_url: 'https://example.com/up/stream.git',
      mirror: true,
    });
    expect(created.body).toMatchObject({ import_status: 'scheduled', mirror: true });
    advance(1000);
    expect(await importOf('root/mirrored')).toEqual({ status: 'finished', error: null });

    expect(await call('POST', `/projects/${encoded('root/mirrored')}/mirror/pull`)).toEqual({
      status: 200,
      body: undefined,
    });
    expect(await importOf('root/mirrored')).toEqual({ status: 'scheduled', error: null });
    advance(100);
    expect((await importOf('root/mirrored')).status).toBe('started');
    advance(800);
    expect((await call('POST', `/projects/${encoded('root/mirrored')}/mirror/pull`)).status).toBe(200);
    advance(100);
    expect(await importOf('root/mirrored')).toEqual({ status: 'finished', error: null });
  });

  it('fails with import_error when the project is marked [fail-import], as forks of a marked source do', async () => {
    const created = await call('POST', '/projects', {
      name: 'broken-mirror',
      import_url: 'https://example.com/gone.git',
      mirror: true,
      description: 'remote is gone [fail-import]',
    });
    expect(created.status).toBe(201);
    advance(1000);
    const first = await importOf('root/broken-mirror');
    expect(first.status).toBe('failed');
    expect((await call('POST', `/projects/${encoded('root/broken-mirror')}/mirror/pull`)).status).toBe(200);
    expect(await importOf('root/broken-mirror')).toEqual({ status: 'scheduled', error: null });
    advance(1000);
    const again = await importOf('root/broken-mirror');
    expect(again.status).toBe('failed');
    expect(again.error).toMatch(/^Mirror update failed: .*\[fail-import\]/);

    const fork = await call('POST', `/projects/${encoded('acme/legacy-monolith')}/fork`, {
      namespace_path: 'root',
      path: 'legacy-fork',
      name: 'legacy fork',
    });
    expect(fork.body.import_status).toBe('scheduled');
    advance(1000);
    const forked = await importOf('root/legacy-fork');
    expect(forked.status).toBe('failed');
    expect(forked.error).toMatch(/^Fork failed: .*\[fail-import\]/);
  });

  it('refuses a project that is not a mirror (400), and hides a private one from who cannot see it (404)', async () => {
    expect(await call('POST', `/projects/${encoded('acme/web/storefront')}/mirror/pull`)).toEqual({
      status: 400,
      body: { message: 'The project is not mirrored' },
    });
    expect(
      (await call('POST', `/projects/${encoded('root/mirrored')}/mirror/pull`, undefined, 'developer')).status,
    ).toBe(404);
  });
});

describe('the request log', () => {
  afterEach(() => sandbox.resetStats());

  it('records method, path, status, arrival time and user of every API request, in order', async () => {
    sandbox.resetStats();
    // Arrival times are the sandbox's clock's (the one rate limits and jobs run by).
    const before = now;
    await call('GET', '/projects/999999');
    await call('POST', '/projects', { name: 'logged' }, 'developer');
    await raw('GET', '/version', { as: null });
    advance(1000);
    const after = now;
    expect(sandbox.requestLog.map(({ method, path, status, user }) => ({ method, path, status, user }))).toEqual([
      { method: 'GET', path: '/api/v4/projects/999999', status: 404, user: 'root' },
      { method: 'POST', path: '/api/v4/projects', status: 201, user: 'dana' },
      { method: 'GET', path: '/api/v4/version', status: 401, user: null },
    ]);
    for (const record of sandbox.requestLog) {
      expect(record.time).toBeGreaterThanOrEqual(before);
      expect(record.time).toBeLessThanOrEqual(after);
    }
    const served = (await raw('GET', `${sandbox.url}/__sandbox/requests`, { as: null })).body as unknown[];
    expect(served).toEqual(sandbox.requestLog);
    sandbox.resetStats();
    expect(sandbox.requestLog).toEqual([]);
  });
});
