import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createGroup } from '../../src/api/groups.js';
import { createHook } from '../../src/api/hooks.js';
import { forkProject, isForkOf } from '../../src/api/forks.js';
import { type ProjectRecord, restoreProject } from '../../src/api/projects.js';
import { createdSince, findResource } from '../../src/api/recover.js';
import { HttpClient } from '../../src/http/client.js';

/**
 * The recovery of requests whose answer was lost: one "is it there?" read, and one rule for
 * "was it made by our request?" (the service's clock read from a Date header, 2 s of slack).
 */

const ORIGIN = 'https://collab.example';
const agents: MockAgent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

function setup(): { pool: ReturnType<MockAgent['get']>; client: HttpClient; posts: () => number } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  let posts = 0;
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    if (opts.method === 'POST') posts++;
    return dispatch(opts, handler);
  });
  const client = new HttpClient({ baseUrl: ORIGIN, token: 'glpat-unit', dispatcher, retryBaseMs: 1, retries: 3 });
  return { pool: agent.get(ORIGIN), client, posts: () => posts };
}

const json = (date = new Date()) => ({ headers: { 'content-type': 'application/json', date: date.toUTCString() } });

describe('createdSince', () => {
  const sent = Date.parse('2026-03-01T12:00:00.000Z');
  const at = (ms: number) => new Date(ms).toISOString();

  it('takes what was made since the request was sent, with 2 s of slack', () => {
    expect(createdSince(at(sent + 5_000), sent, 0)).toBe(true);
    expect(createdSince(at(sent - 1_500), sent, 0)).toBe(true);
    expect(createdSince(at(sent - 3_000), sent, 0)).toBe(false);
    // Made three minutes before: someone else's (the groups rule allowed five).
    expect(createdSince(at(sent - 180_000), sent, 0)).toBe(false);
  });

  it("reads created_at by the service's clock, however far it is from ours", () => {
    const behind = -600_000;
    expect(createdSince(at(sent + behind + 1_000), sent, behind)).toBe(true);
    expect(createdSince(at(sent + behind - 60_000), sent, behind)).toBe(false);
    expect(createdSince(at(sent + 1_000), sent, 600_000)).toBe(false);
  });

  it('refuses what has no readable date', () => {
    expect(createdSince(undefined, sent, 0)).toBe(false);
    expect(createdSince('yesterday-ish', sent, 0)).toBe(false);
  });
});

describe('recovery', () => {
  it('findResource answers undefined for a 404', async () => {
    const { pool, client } = setup();
    pool
      .intercept({ path: '/api/v4/projects/9', method: 'GET' })
      .reply(404, { message: '404 Project Not Found' }, json());
    expect(await findResource(client, { method: 'GET', path: '/projects/9' })).toBeUndefined();
  });

  it('recovers the lost answer of a restore by reading the project, not restoring again', async () => {
    const { pool, client, posts } = setup();
    pool.intercept({ path: '/api/v4/projects/42/restore', method: 'POST' }).reply(502, 'Bad Gateway');
    pool
      .intercept({ path: '/api/v4/projects/42', method: 'GET' })
      .reply(200, { id: 42, path_with_namespace: 'acme/app', marked_for_deletion_on: null }, json());
    const response = await client.request<{ id: number }>(restoreProject(42));
    expect(response.data.id).toBe(42);
    expect(posts()).toBe(1);
  });

  it('recognises a hook made by a lost request on a service whose clock is ten minutes behind (the hooks rule allowed 60 s)', async () => {
    const { pool, client, posts } = setup();
    const serviceNow = new Date(Date.now() - 600_000);
    pool
      .intercept({ path: '/api/v4/projects/7/hooks', method: 'POST' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, { id: 1, username: 'root' }, json(serviceNow));
    pool
      .intercept({ path: (path) => path.startsWith('/api/v4/projects/7/hooks'), method: 'GET' })
      .reply(200, [{ id: 5, url: 'https://ci.example/hook', created_at: serviceNow.toISOString() }], json(serviceNow));
    const response = await client.request<{ id: number }>(
      createHook({ kind: 'project', ref: 7 }, { url: 'https://ci.example/hook' }),
    );
    expect(response.data.id).toBe(5);
    expect(posts()).toBe(1);
  });

  it('does not take a group made before the request was sent for the one it would have made', async () => {
    const { pool, client, posts } = setup();
    const now = new Date();
    pool.intercept({ path: '/api/v4/groups', method: 'POST' }).reply(503, 'Service Unavailable');
    pool.intercept({ path: (path) => path.startsWith('/api/v4/groups/ops'), method: 'GET' }).reply(
      200,
      {
        id: 3,
        name: 'Ops',
        path: 'ops',
        full_path: 'ops',
        parent_id: null,
        created_at: new Date(now.getTime() - 180_000).toISOString(),
      },
      json(now),
    );
    pool
      .intercept({ path: '/api/v4/groups', method: 'POST' })
      .reply(400, { message: { path: ['has already been taken'] } }, json(now));
    await expect(client.request(createGroup({ name: 'Ops', path: 'ops' }))).rejects.toMatchObject({ kind: 'rejected' });
    expect(posts()).toBe(2);
  });
});

const upstream = { id: 7, path_with_namespace: 'acme/web/storefront' };
const fork: ProjectRecord = {
  id: 31,
  name: 'storefront',
  path: 'storefront',
  path_with_namespace: 'olivia/storefront',
  created_at: '2026-01-05T13:00:00.000Z',
  import_status: 'scheduled',
  forked_from_project: upstream,
};

/**
 * A fork POST whose answer is lost must never lead to a second fork: the request's `recover`
 * looks where the fork would be and takes it when it is a fork of the source.
 */
describe('fork recovery', () => {
  it('takes the fork already at the target after a 500, sending the POST once', async () => {
    const { pool, client, posts } = setup();
    pool
      .intercept({ path: '/api/v4/projects/acme%2Fweb%2Fstorefront/fork', method: 'POST' })
      .reply(500, { message: '500 Internal Server Error' }, json());
    pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, { id: 2, username: 'olivia' }, json());
    pool.intercept({ path: '/api/v4/projects/olivia%2Fstorefront', method: 'GET' }).reply(200, fork, json());
    const response = await client.request<ProjectRecord>(forkProject('acme/web/storefront', {}));
    expect(response.data.id).toBe(31);
    expect(posts()).toBe(1);
  });

  it('looks in the namespace and path asked for, without asking who the caller is', async () => {
    const { pool, client, posts } = setup();
    pool
      .intercept({ path: '/api/v4/projects/7/fork', method: 'POST' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    pool
      .intercept({ path: '/api/v4/projects/globex%2Fshop', method: 'GET' })
      .reply(200, { ...fork, path: 'shop', path_with_namespace: 'globex/shop' }, json());
    const response = await client.request<ProjectRecord>(forkProject(7, { namespace_path: 'globex', path: 'shop' }));
    expect(response.data.path_with_namespace).toBe('globex/shop');
    expect(posts()).toBe(1);
  });

  it('sends the POST again when what stands at the target is not a fork of the source', async () => {
    const { pool, client, posts } = setup();
    pool.intercept({ path: '/api/v4/projects/acme%2Fweb%2Fstorefront/fork', method: 'POST' }).reply(502, 'Bad Gateway');
    pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, { id: 2, username: 'olivia' }, json());
    pool
      .intercept({ path: '/api/v4/projects/olivia%2Fstorefront', method: 'GET' })
      .reply(404, { message: '404 Project Not Found' }, json());
    pool.intercept({ path: '/api/v4/projects/acme%2Fweb%2Fstorefront/fork', method: 'POST' }).reply(201, fork, json());
    const response = await client.request<ProjectRecord>(forkProject('acme/web/storefront', {}));
    expect(response.status).toBe(201);
    expect(posts()).toBe(2);
  });

  it('matches the source by ID or by path, paths case-insensitively', () => {
    expect(isForkOf(fork, 7)).toBe(true);
    expect(isForkOf(fork, 'ACME/web/Storefront')).toBe(true);
    expect(isForkOf(fork, 8)).toBe(false);
    expect(isForkOf({ ...fork, forked_from_project: null }, 7)).toBe(false);
  });
});
