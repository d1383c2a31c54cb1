import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/client.js';

/** A DELETE sent again after its answer was lost: 404 then means the first attempt deleted it. */

const ORIGIN = 'https://collab.example';
const agents: MockAgent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

function setup() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const client = new HttpClient({
    baseUrl: ORIGIN,
    token: 'glpat-unit',
    dispatcher: agent,
    retryBaseMs: 1,
    retries: 3,
  });
  return { pool: agent.get(ORIGIN), client };
}

const HOOK = '/api/v4/projects/7/hooks/12';
const json = { headers: { 'content-type': 'application/json' } };

describe('a retried DELETE answered 404', () => {
  it('is done after a 502 (the first attempt deleted it)', async () => {
    const { pool, client } = setup();
    pool.intercept({ path: HOOK, method: 'DELETE' }).reply(502, { message: 'bad gateway' }, json);
    pool.intercept({ path: HOOK, method: 'DELETE' }).reply(404, { message: '404 Not found' }, json);
    const response = await client.request({ method: 'DELETE', path: '/projects/7/hooks/12' });
    expect([response.status, client.requestCount]).toEqual([204, 2]);
  });

  it('is an error when the first attempt was refused unheard (429)', async () => {
    const { pool, client } = setup();
    pool
      .intercept({ path: HOOK, method: 'DELETE' })
      .reply(429, { message: 'slow down' }, { headers: { ...json.headers, 'retry-after': '0' } });
    pool.intercept({ path: HOOK, method: 'DELETE' }).reply(404, { message: '404 Not found' }, json);
    await expect(client.request({ method: 'DELETE', path: '/projects/7/hooks/12' })).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('is an error on the first attempt', async () => {
    const { pool, client } = setup();
    pool.intercept({ path: HOOK, method: 'DELETE' }).reply(404, { message: '404 Not found' }, json);
    await expect(client.request({ method: 'DELETE', path: '/projects/7/hooks/12' })).rejects.toMatchObject({
      kind: 'not-found',
    });
  });
});
