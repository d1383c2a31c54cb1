import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { forkProject, isForkOf } from '../../src/api/project-extras.js';
import type { ProjectRecord } from '../../src/api/projects.js';
import { HttpClient } from '../../src/http/client.js';

/**
 * A fork POST whose answer is lost must never lead to a second fork: the request's `recover`
 * looks where the fork would be and takes it when it is a fork of the source.
 */

const ORIGIN = 'https://collab.example';
const agents: MockAgent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

function setup(): { agent: MockAgent; client: HttpClient; posts: () => number } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  let posts = 0;
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    if (opts.method === 'POST') posts++;
    return dispatch(opts, handler);
  });
  const client = new HttpClient({ baseUrl: ORIGIN, token: 'glpat-unit', dispatcher, retryBaseMs: 1, retries: 3 });
  return { agent, client, posts: () => posts };
}

const upstream = { id: 7, path_with_namespace: 'acme/web/storefront' };
const fork: ProjectRecord = { id: 31, name: 'storefront', path: 'storefront', path_with_namespace: 'olivia/storefront', created_at: '2026-01-05T13:00:00.000Z', import_status: 'scheduled', forked_from_project: upstream };
const json = { headers: { 'content-type': 'application/json' } };

describe('fork recovery', () => {
  it('takes the fork already at the target after a 500, sending the POST once', async () => {
    const { agent, client, posts } = setup();
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v4/projects/acme%2Fweb%2Fstorefront/fork', method: 'POST' }).reply(500, { message: '500 Internal Server Error' }, json);
    pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, { id: 2, username: 'olivia' }, json);
    pool.intercept({ path: '/api/v4/projects/olivia%2Fstorefront', method: 'GET' }).reply(200, fork, json);
    const response = await client.request<ProjectRecord>(forkProject('acme/web/storefront', {}));
    expect(response.data.id).toBe(31);
    expect(posts()).toBe(1);
  });

  it('looks in the namespace and path asked for, without asking who the caller is', async () => {
    const { agent, client, posts } = setup();
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v4/projects/7/fork', method: 'POST' }).replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    pool.intercept({ path: '/api/v4/projects/globex%2Fshop', method: 'GET' }).reply(200, { ...fork, path: 'shop', path_with_namespace: 'globex/shop' }, json);
    const response = await client.request<ProjectRecord>(forkProject(7, { namespace_path: 'globex', path: 'shop' }));
    expect(response.data.path_with_namespace).toBe('globex/shop');
    expect(posts()).toBe(1);
  });

  it('sends the POST again when what stands at the target is not a fork of the source', async () => {
    const { agent, client, posts } = setup();
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v4/projects/acme%2Fweb%2Fstorefront/fork', method: 'POST' }).reply(502, 'Bad Gateway');
    pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, { id: 2, username: 'olivia' }, json);
    pool.intercept({ path: '/api/v4/projects/olivia%2Fstorefront', method: 'GET' }).reply(404, { message: '404 Project Not Found' }, json);
    pool.intercept({ path: '/api/v4/projects/acme%2Fweb%2Fstorefront/fork', method: 'POST' }).reply(201, fork, json);
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
