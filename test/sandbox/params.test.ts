import { request } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import { type Ids, listIds } from '../helpers/sandbox-api.js';

/**
 * Parameters as the service reads them (dry-types Params::Bool for booleans, GitLab's
 * CommaSeparatedToArray for arrays), in the query, a JSON body, a urlencoded form and a multipart
 * form. The request forms are those real clients send: python-gitlab writes Python's `True` and
 * `False` into query strings and form fields, gitbeaker and collab write `true`, arrays go as
 * `a[]=1&a[]=2`, `a=1,2` or JSON arrays.
 */

const { sandbox, call: raw } = useSandbox({ seed: 30 });
let known: Ids;
beforeEach(async () => {
  known = await listIds(sandbox);
});

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON, read loosely by the assertions
type Json = any;

type Body = { json: unknown } | { form: Record<string, string> } | { multipart: FormData };

async function call(
  method: string,
  path: string,
  options: { as?: SandboxRole; body?: Body } = {},
): Promise<{ status: number; body: Json }> {
  const given = options.body;
  const body = !given
    ? {}
    : 'json' in given
      ? { json: given.json }
      : 'form' in given
        ? { form: given.form }
        : { form: given.multipart };
  const answer = await raw(method, path, { as: options.as, ...body });
  return { status: answer.status, body: answer.body };
}

/** A GET with a JSON body (fetch refuses one): Grape merges body parameters into a GET's too. */
function getWithJson(path: string, json: unknown): Promise<{ status: number; body: Json }> {
  const text = JSON.stringify(json);
  const headers = {
    'private-token': sandbox.tokens.admin,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  };
  return new Promise((resolve, reject) => {
    const req = request(`${sandbox.url}/api/v4${path}`, { method: 'GET', headers }, (res) => {
      let answer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        answer += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(answer) }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

const ids = (answer: { body: Json }) =>
  (answer.body as Array<{ id: number }>).map((item) => item.id).sort((a, b) => a - b);
const groupId = (path: string) => known.group(path);

const TRUE_TEXTS = ['1', 'on', 'On', 'ON', 't', 'T', 'true', 'True', 'TRUE', 'y', 'Y', 'yes', 'Yes', 'YES'];
const FALSE_TEXTS = ['0', 'off', 'Off', 'OFF', 'f', 'F', 'false', 'False', 'FALSE', 'n', 'N', 'no', 'No', 'NO'];

describe('boolean parameters', () => {
  beforeEach(async () => {
    expect((await call('POST', '/projects/acme%2Fweb%2Fdesign-system/archive')).status).toBe(201);
  });

  it('reads every text of Params::Bool in the query: GET /projects?archived=True (python-gitlab)', async () => {
    const archived = ids(await call('GET', '/projects?archived=true&per_page=100'));
    const active = ids(await call('GET', '/projects?archived=false&per_page=100'));
    expect(archived).toEqual([known.project('acme/web/design-system')]);
    expect(active.length).toBeGreaterThan(1);
    for (const text of TRUE_TEXTS)
      expect(ids(await call('GET', `/projects?archived=${text}&per_page=100`)), text).toEqual(archived);
    // python-gitlab's CLI (3.12) sends exactly this; `all` is no parameter of the endpoint and is ignored.
    expect(ids(await call('GET', '/projects?per_page=100&archived=True&all=False'))).toEqual(archived);
    for (const text of FALSE_TEXTS)
      expect(ids(await call('GET', `/projects?archived=${text}&per_page=100`)), text).toEqual(active);
  });

  it("GET /groups/:id/projects?include_subgroups=True lists the subgroups' projects too", async () => {
    const acme = groupId('acme');
    const own = ids(await call('GET', `/groups/${acme}/projects?include_subgroups=false&per_page=100`));
    const all = ids(await call('GET', `/groups/${acme}/projects?include_subgroups=True&per_page=100`));
    expect(all.length).toBeGreaterThan(own.length);
    expect(all).toContain(known.project('acme/web/storefront'));
    expect(ids(await call('GET', `/groups/${acme}/projects?include_subgroups=Y&per_page=100`))).toEqual(all);
    expect(ids(await call('GET', `/groups/${acme}/projects?include_subgroups=No&per_page=100`))).toEqual(own);
  });

  it("refuses any other text with the service's 400: tRuE, maybe, 2, yES", async () => {
    for (const text of ['tRuE', 'maybe', '2', 'yES', 'truee', ' true']) {
      expect(await call('GET', `/projects?archived=${encodeURIComponent(text)}`), text).toEqual({
        status: 400,
        body: { error: 'archived is invalid' },
      });
    }
    expect(await call('GET', `/groups/${groupId('acme')}/projects?include_subgroups=tRuE`)).toEqual({
      status: 400,
      body: { error: 'include_subgroups is invalid' },
    });
    expect(await call('GET', '/groups?all_available=maybe')).toEqual({
      status: 400,
      body: { error: 'all_available is invalid' },
    });
  });

  it('reads the same texts in a JSON body, besides true and false', async () => {
    const path = '/projects/acme%2Fplatform%2Fapi';
    expect((await call('PUT', path, { body: { json: { lfs_enabled: 'False' } } })).body.lfs_enabled).toBe(false);
    expect((await call('PUT', path, { body: { json: { lfs_enabled: 'yes' } } })).body.lfs_enabled).toBe(true);
    expect((await call('PUT', path, { body: { json: { lfs_enabled: false } } })).body.lfs_enabled).toBe(false);
    expect((await call('PUT', path, { body: { json: { lfs_enabled: 1 } } })).body.lfs_enabled).toBe(true);
    expect(await call('PUT', path, { body: { json: { lfs_enabled: 'maybe' } } })).toEqual({
      status: 400,
      body: { error: 'lfs_enabled is invalid' },
    });
    expect(await call('PUT', path, { body: { json: { lfs_enabled: [true] } } })).toEqual({
      status: 400,
      body: { error: 'lfs_enabled is invalid' },
    });
  });

  it('reads them in urlencoded and multipart forms', async () => {
    const created = await call('POST', '/projects', {
      body: { form: { name: 'form-bools', initialize_with_readme: 'True', lfs_enabled: 'Off' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ lfs_enabled: false, empty_repo: false });
    const form = new FormData();
    form.append('lfs_enabled', 'ON');
    expect((await call('PUT', `/projects/${created.body.id}`, { body: { multipart: form } })).body.lfs_enabled).toBe(
      true,
    );
    const bad = new FormData();
    bad.append('lfs_enabled', 'oN');
    expect(await call('PUT', `/projects/${created.body.id}`, { body: { multipart: bad } })).toEqual({
      status: 400,
      body: { error: 'lfs_enabled is invalid' },
    });
  });

  it('reads permanently_remove as a boolean too (DELETE /groups/:id?permanently_remove=True)', async () => {
    expect((await call('POST', '/groups', { body: { json: { name: 'Going', path: 'going' } } })).status).toBe(201);
    expect((await call('DELETE', '/groups/going')).status).toBe(202);
    expect(await call('DELETE', '/groups/going?permanently_remove=maybe&full_path=going')).toEqual({
      status: 400,
      body: { error: 'permanently_remove is invalid' },
    });
    expect((await call('DELETE', '/groups/going?permanently_remove=True&full_path=going')).status).toBe(202);
  });
});

describe('array parameters', () => {
  const acme = () => groupId('acme');
  const globex = () => groupId('globex');

  it('skip_groups as skip_groups[]=1&skip_groups[]=2, as 1,2 and as a JSON array', async () => {
    const all = ids(await call('GET', '/groups?per_page=100'));
    const expected = all.filter((id) => id !== acme() && id !== globex());
    expect(ids(await call('GET', `/groups?per_page=100&skip_groups[]=${acme()}&skip_groups[]=${globex()}`))).toEqual(
      expected,
    );
    expect(ids(await call('GET', `/groups?per_page=100&skip_groups=${acme()},${globex()}`))).toEqual(expected);
    expect(ids(await call('GET', `/groups?per_page=100&skip_groups[]=${acme()},${globex()}`))).toEqual(expected);
    expect(ids(await getWithJson('/groups?per_page=100', { skip_groups: [acme(), globex()] }))).toEqual(expected);
    expect(ids(await getWithJson('/groups?per_page=100', { skip_groups: [String(acme()), String(globex())] }))).toEqual(
      expected,
    );
    expect(await call('GET', '/groups?skip_groups=1,x')).toEqual({
      status: 400,
      body: { error: 'skip_groups is invalid' },
    });
  });

  it('skip_users in all three forms', async () => {
    const path = '/projects/acme%2Fweb%2Fstorefront/users?per_page=100';
    const all = ids(await call('GET', path));
    const [first, second] = all as [number, number];
    const expected = all.filter((id) => id !== first && id !== second);
    expect(ids(await call('GET', `${path}&skip_users[]=${first}&skip_users[]=${second}`))).toEqual(expected);
    expect(ids(await call('GET', `${path}&skip_users=${first},${second}`))).toEqual(expected);
    expect(ids(await getWithJson(path, { skip_users: [first, second] }))).toEqual(expected);
  });

  it('topics as topics[]=a&topics[]=b, a,b and a JSON array; topic filters as a,b or topic[]', async () => {
    const viaQuery = await call('POST', '/projects?topics[]=alpha&topics[]=beta', {
      body: { json: { name: 'topics-query' } },
    });
    expect(viaQuery.body.topics).toEqual(['alpha', 'beta']);
    const viaForm = await call('POST', '/projects', { body: { form: { name: 'topics-form', topics: 'alpha, beta' } } });
    expect(viaForm.body.topics).toEqual(['alpha', 'beta']);
    const viaJson = await call('POST', '/projects', {
      body: { json: { name: 'topics-json', topics: ['alpha', 'gamma'] } },
    });
    expect(viaJson.body.topics).toEqual(['alpha', 'gamma']);
    const both = [viaQuery.body.id, viaForm.body.id].sort((a: number, b: number) => a - b);
    expect(ids(await call('GET', '/projects?topic=alpha,beta&per_page=100'))).toEqual(both);
    expect(ids(await call('GET', '/projects?topic[]=alpha&topic[]=beta&per_page=100'))).toEqual(both);
  });
});
