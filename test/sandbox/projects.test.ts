import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import { ACCESS } from '../../src/sandbox/access.js';
import { type Ids, listIds } from '../helpers/sandbox-api.js';

/** The project routes of the sandbox, through HTTP, as a client of the service sees them. */

const { sandbox, call: raw } = useSandbox({ seed: 30 });

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON, read loosely by the assertions
type Json = any;

interface Answer {
  status: number;
  headers: Headers;
  body: Json;
}

function call(
  method: string,
  path: string,
  options: { as?: SandboxRole | null; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  return raw(method, path, options);
}

const get = (path: string, as?: SandboxRole | null) => call('GET', path, { as });
const ids = (answer: Answer) => (answer.body as Array<{ id: number }>).map((p) => p.id);
let known: Ids;
beforeEach(async () => {
  known = await listIds(sandbox);
});
/** A project as the API shows it to an administrator. */
const project = async (ref: string | number) => (await get(`/projects/${encodeURIComponent(ref)}`)).body;
/** The ID of the user a role's token belongs to (GET /user). */
const userId = async (role: SandboxRole) => (await get('/user', role)).body.id as number;
/**
 * Every project as an administrator sees it (all 30 on one page, with statistics): the oracle the
 * filters' answers are held to.
 */
const everyProject = async (): Promise<Json[]> => {
  const answer = await get('/projects?per_page=100&statistics=true');
  expect(answer.headers.get('x-next-page')).toBe('');
  return answer.body;
};
const idsWhere = async (test: (p: Json) => boolean) => (await everyProject()).filter(test).map((p) => p.id as number);

/** Every page of a list, following `link: rel="next"` as a client must. */
async function followAll(path: string, as?: SandboxRole): Promise<{ ids: number[]; pages: Answer[] }> {
  const pages: Answer[] = [];
  let url: string | undefined = path;
  const all: number[] = [];
  while (url) {
    const answer = await raw('GET', url, { as: as ?? 'admin' });
    pages.push(answer);
    all.push(...ids(answer));
    url = answer.links.next;
  }
  return { ids: all, pages };
}

describe('GET /projects', () => {
  it('gives administrators every project, newest first, with offset headers', async () => {
    const answer = await get('/projects?per_page=100');
    expect(answer.status).toBe(200);
    // Newest first: the seed makes them in id order.
    expect(ids(answer)).toHaveLength(30);
    expect(ids(answer)).toEqual([...ids(answer)].sort((a, b) => b - a));
    expect(answer.headers.get('x-total')).toBe('30');
    expect(answer.headers.get('x-next-page')).toBe('');
    expect(answer.body[0].permissions).toBeDefined();
  });

  it('gives anonymous callers public projects only, in the simple view, whatever simple says', async () => {
    const answer = await get('/projects?per_page=100&simple=false', null);
    const publicIds = await idsWhere((p) => p.visibility === 'public');
    expect(ids(answer).sort((a, b) => a - b)).toEqual(publicIds.sort((a, b) => a - b));
    expect(answer.body[0].visibility).toBeUndefined();
    expect(answer.body[0].path_with_namespace).toBeDefined();
  });

  it('gives users what they may see: public, internal, and private projects they are members of', async () => {
    const answer = await get('/projects?per_page=100', 'developer');
    const visible = ids(answer);
    expect(visible).toContain(known.project('acme/platform/infra/terraform'));
    expect(visible).not.toContain(known.project('initech/tps-reports'));
    const external = ids(await get('/projects?per_page=100', 'external'));
    expect(external.sort((a, b) => a - b)).toEqual(
      (await idsWhere((p) => p.visibility === 'public')).sort((a, b) => a - b),
    );
  });

  it('filters by visibility, archived, topic (all of them), search and language', async () => {
    expect(
      (await get('/projects?visibility=internal&per_page=100')).body.every((p: Json) => p.visibility === 'internal'),
    ).toBe(true);
    const handbook = known.project('globex/handbook');
    expect((await call('POST', `/projects/${handbook}/archive`)).status).toBe(201);
    expect(ids(await get('/projects?archived=true'))).toEqual([handbook]);
    expect(ids(await get('/projects?archived=false&per_page=100'))).not.toContain(handbook);
    expect((await call('POST', `/projects/${handbook}/unarchive`)).status).toBe(201);
    // Several seeded projects have both cli and web, others one of them.
    const both = ids(await get('/projects?topic=cli,web&per_page=100'));
    const expected = await idsWhere((x) => x.topics.includes('cli') && x.topics.includes('web'));
    expect(expected).toHaveLength(4);
    expect(both.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(ids(await get('/projects?search=STOREFRONT'))).toEqual([known.project('acme/web/storefront')]);
    expect(
      ids(await get('/projects?search=acme/web&search_namespaces=true&per_page=100')).sort((a, b) => a - b),
    ).toEqual((await idsWhere((x) => x.path_with_namespace.startsWith('acme/web/'))).sort((a, b) => a - b));
    const languagesOf = async (id: number) => (await get(`/projects/${id}/languages`)).body as Record<string, number>;
    const language = Object.keys(await languagesOf(1))[0] as string;
    const withLanguage = ids(await get(`/projects?with_programming_language=${language.toLowerCase()}&per_page=100`));
    expect(withLanguage).toContain(1);
    for (const id of withLanguage) expect(await languagesOf(id), `project ${id}`).toHaveProperty(language);
  });

  it('filters by membership, ownership, access level and stars, not counting administrator rights', async () => {
    expect(ids(await get('/projects?membership=true'))).toEqual([]);
    const owned = ids(await get('/projects?owned=true&per_page=100', 'developer'));
    expect(owned).toHaveLength(3);
    expect(owned.sort((a, b) => a - b)).toEqual(
      (await idsWhere((p) => p.path_with_namespace.startsWith('dana/'))).sort((a, b) => a - b),
    );
    const maintained = ids(await get('/projects?min_access_level=40&per_page=100', 'maintainer'));
    expect(maintained).toHaveLength(16);
    const inAcme = await idsWhere((p) => p.path_with_namespace.startsWith('acme/'));
    expect(maintained.every((id) => inAcme.includes(id))).toBe(true);
    expect((await get('/projects?min_access_level=35')).status).toBe(400);
    await call('POST', '/projects/5/star', { as: 'reporter' });
    expect(ids(await get('/projects?starred=true', 'reporter'))).toEqual([5]);
  });

  it('orders by any allowed field; administrator-only orders fall back to created_at for others', async () => {
    const byName = (await get('/projects?order_by=name&sort=asc&per_page=100')).body.map((p: Json) =>
      p.name.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort());
    const bySize = ids(await get('/projects?order_by=storage_size&sort=desc&per_page=100'));
    const size = new Map((await everyProject()).map((p) => [p.id as number, p.statistics.storage_size as number]));
    const sizes = bySize.map((id) => size.get(id) ?? Number.NaN);
    expect(new Set(sizes).size).toBeGreaterThan(1);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(ids(await get('/projects?order_by=storage_size&per_page=100', 'developer'))).toEqual(
      ids(await get('/projects?per_page=100', 'developer')),
    );
    expect((await get('/projects?order_by=stars')).body).toEqual({ error: 'order_by does not have a valid value' });
  });

  it('ignores administrator-only filters and fields for others', async () => {
    const filtered = await get('/projects?custom_attributes[tier]=gold&with_custom_attributes=true&per_page=100');
    expect(
      filtered.body.every((p: Json) => p.custom_attributes.some((a: Json) => a.key === 'tier' && a.value === 'gold')),
    ).toBe(true);
    const others = await get(
      '/projects?custom_attributes[tier]=gold&with_custom_attributes=true&per_page=100',
      'developer',
    );
    expect(ids(others)).toEqual(ids(await get('/projects?per_page=100', 'developer')));
    expect(others.body[0].custom_attributes).toBeUndefined();
    expect(ids(await get('/projects?repository_storage=nowhere'))).toEqual([]);
    expect(ids(await get('/projects?repository_storage=nowhere', 'developer'))).toHaveLength(20);
  });

  it('shows statistics to Reporter and above only', async () => {
    const answer = await get('/projects?statistics=true&per_page=100', 'reporter');
    // Where the caller is Reporter or above, as the service's own filter says.
    const reporterOf = new Set(
      ids(await get(`/projects?min_access_level=${ACCESS.reporter}&per_page=100`, 'reporter')),
    );
    expect(reporterOf.size).toBe(16);
    expect(reporterOf.size).toBeLessThan(answer.body.length);
    for (const item of answer.body)
      expect(item.statistics !== undefined, `project ${item.id}`).toBe(reporterOf.has(item.id));
  });

  it('refuses offset pages past 50,000 records with 405', async () => {
    const answer = await get('/projects?per_page=100&page=501');
    expect(answer.status).toBe(405);
    expect(answer.body.error).toMatch(/maximum allowed offset of 50000 .* keyset pagination/);
  });

  it('serves keyset pages by id, ascending and descending, to an empty page without a link', async () => {
    for (const sort of ['asc', 'desc'] as const) {
      const { ids: all, pages } = await followAll(`/projects?pagination=keyset&order_by=id&sort=${sort}&per_page=7`);
      const expected = (await everyProject()).map((p) => p.id as number).sort((a, b) => a - b);
      expect(all).toEqual(sort === 'asc' ? expected : expected.reverse());
      const last = pages[pages.length - 1] as Answer;
      expect(last.body).toEqual([]);
      expect(last.headers.get('link')).toBeNull();
      expect(pages[0]?.headers.get('x-total')).toBeNull();
      expect(pages[0]?.headers.get('link')).toContain(sort === 'asc' ? 'id_after=7' : `id_before=${expected[6]}`);
    }
    const other = await get('/projects?pagination=keyset&order_by=name');
    expect(other.status).toBe(405);
  });
});

describe('GET /users/:user_id/projects and /users/:user_id/starred_projects', () => {
  it("lists a user's own projects by id or username, ignoring filters the endpoint does not take", async () => {
    const byName = ids(await get('/users/olivia/projects?per_page=100&topic=none-such'));
    const expected = (await idsWhere((p) => p.namespace.kind === 'user' && p.namespace.full_path === 'olivia')).sort(
      (a, b) => b - a,
    );
    expect(expected).toHaveLength(2);
    expect(byName).toEqual(expected);
    expect(ids(await get(`/users/${await userId('owner')}/projects?per_page=100`))).toEqual(expected);
    expect((await get('/users/nobody/projects')).body).toEqual({ message: '404 User Not Found' });
  });

  it('lists the projects a user starred', async () => {
    await call('POST', '/projects/2/star', { as: 'maintainer' });
    expect(ids(await get('/users/max/starred_projects', 'developer'))).toEqual([2]);
    expect(ids(await get('/users/max/starred_projects', null))).toEqual([]);
  });
});

describe('GET /projects/:id', () => {
  it('reads by id or encoded path; 404 for what the caller may not see', async () => {
    expect((await get('/projects/acme%2Fweb%2Fstorefront')).body.id).toBe(1);
    expect((await get('/projects/grp%2Fnope')).body).toEqual({ message: '404 Project Not Found' });
    expect((await get('/projects/initech%2Ftps-reports', 'developer')).status).toBe(404);
    expect((await get('/projects/initech%2Ftps-reports', null)).status).toBe(404);
  });

  it('gives anonymous readers of a public project the full view, without permissions or runners token', async () => {
    const answer = await get('/projects/1?license=true', null);
    expect(answer.status).toBe(200);
    expect(answer.body.visibility).toBe('public');
    expect(answer.body.license.key).toBe('mit');
    expect(answer.body.permissions).toBeUndefined();
    expect('runners_token' in answer.body).toBe(false);
  });

  it('adds license, statistics (Reporter and above) and custom attributes (administrators)', async () => {
    const full = (await get('/projects/1?license=true&statistics=true&with_custom_attributes=true')).body;
    expect(full.license.key).toBe('mit');
    expect(full.statistics.commit_count).toBeTypeOf('number');
    expect(full.custom_attributes).toEqual([{ key: 'tier', value: 'gold' }]);
    const guest = (await get('/projects/1?statistics=true&with_custom_attributes=true', 'external')).body;
    expect(guest.statistics).toBeUndefined();
    expect(guest.custom_attributes).toBeUndefined();
  });
});

describe('POST /projects', () => {
  it('creates a project in the caller’s namespace, the path made from the name', async () => {
    const answer = await call('POST', '/projects', {
      as: 'developer',
      json: { name: 'My New App', topics: ['x'], merge_method: 'ff' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.path_with_namespace).toBe('dana/my-new-app');
    expect(answer.body.visibility).toBe('private');
    expect(answer.body.merge_method).toBe('ff');
    expect(answer.body.empty_repo).toBe(true);
    expect((await project('dana/my-new-app')).creator_id).toBe(await userId('developer'));
  });

  it("schedules a new project's container expiration policy its cadence on: a day by default, or the one given", async () => {
    const now = Date.UTC(2030, 0, 1, 12);
    sandbox.store.now = () => now;
    const plain = await call('POST', '/projects', { json: { name: 'policy-default' } });
    expect(plain.body.container_expiration_policy).toMatchObject({ cadence: '1d', enabled: false });
    expect(plain.body.container_expiration_policy.next_run_at).toBe('2030-01-02T12:00:00.000Z');
    const json = { name: 'policy-given', container_expiration_policy_attributes: { cadence: '14d' } };
    const given = await call('POST', '/projects', { json });
    expect(given.body.container_expiration_policy.next_run_at).toBe('2030-01-15T12:00:00.000Z');
  });

  it("schedules a seeded project's disabled policy a cadence after its creation, as a created one's", async () => {
    const seeded = await project(1);
    expect(seeded.container_expiration_policy).toMatchObject({ cadence: '1d', enabled: false });
    expect(Date.parse(seeded.container_expiration_policy.next_run_at)).toBe(Date.parse(seeded.created_at) + 86_400_000);
  });

  it('a fork takes its source’s feature levels and commit templates, not its other settings', async () => {
    const now = Date.UTC(2030, 0, 1, 12);
    sandbox.store.now = () => now;
    const made = await call('POST', '/projects', {
      json: {
        name: 'fork-source',
        merge_method: 'ff',
        wiki_access_level: 'disabled',
        topics: ['api'],
        container_expiration_policy_attributes: { cadence: '14d', enabled: true },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const templated = await call('PUT', `/projects/${made.body.id}`, {
      json: { squash_commit_template: 'squash %{title}' },
    });
    expect(templated.status, JSON.stringify(templated.body)).toBe(200);
    const fork = await call('POST', `/projects/${made.body.id}/fork`, {
      json: { name: 'fork-copy', path: 'fork-copy' },
    });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    expect(fork.body).toMatchObject({
      wiki_access_level: 'disabled',
      wiki_enabled: false,
      squash_commit_template: 'squash %{title}',
      merge_method: 'merge',
      topics: [],
    });
    // Its own policy, made with it: the default, a day after the fork.
    expect(fork.body.container_expiration_policy).toMatchObject({
      cadence: '1d',
      enabled: false,
      next_run_at: '2030-01-02T12:00:00.000Z',
    });
  });

  // ForkService copies the repository, not the issues (app/services/projects/fork_service.rb).
  it('a fork of a seeded project with open issues has none', async () => {
    expect((await project(1)).open_issues_count).toBeGreaterThan(0);
    const fork = await call('POST', '/projects/1/fork', { json: { name: 'issues-fork', path: 'issues-fork' } });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    expect(fork.body.open_issues_count).toBe(0);
    const made = await call('POST', '/projects', { json: { name: 'no-issues-yet' } });
    expect(made.body.open_issues_count).toBe(0);
  });

  it('answers 400 with the model errors for a taken path, as the service does', async () => {
    expect((await call('POST', '/projects', { as: 'developer', json: { name: 'My New App' } })).status).toBe(201);
    const answer = await call('POST', '/projects', { as: 'developer', json: { name: 'My New App' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message.path).toEqual(['has already been taken']);
    expect(answer.body.message.name).toEqual(['has already been taken']);
  });

  it('enforces the path rules of 14.9', async () => {
    for (const path of ['-lead', 'trail.', 'dou--ble', 'a._b', 'repo.git', 'sp ace']) {
      const answer = await call('POST', '/projects', { as: 'developer', json: { path } });
      expect(answer.status, path).toBe(400);
      expect(answer.body.message.path, path).toHaveLength(1);
    }
    expect((await call('POST', '/projects', { as: 'developer', json: { path: 'ok.v2-x_y' } })).status).toBe(201);
  });

  it('checks values with the settings table', async () => {
    expect((await call('POST', '/projects', { json: { name: 'v1', merge_method: 'squash' } })).body).toEqual({
      error: 'merge_method does not have a valid value',
    });
    expect(
      (await call('POST', '/projects', { json: { name: 'v2', requirements_access_level: 'public' } })).body,
    ).toEqual({ error: 'requirements_access_level does not have a valid value' });
    expect((await call('POST', '/projects', { json: {} })).body).toEqual({
      error: 'name, path are missing, at least one parameter must be provided',
    });
  });

  it('refuses administrator-only attributes to others with 403', async () => {
    expect(
      (await call('POST', '/projects', { as: 'developer', json: { name: 'storage-1', repository_storage: 'default' } }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', '/projects', { json: { name: 'storage-1', repository_storage: 'default' } })).status,
    ).toBe(201);
  });

  it('creates in a group for those allowed to, and keeps visibility within the group’s', async () => {
    const acme = known.group('acme');
    expect(
      (await call('POST', '/projects', { as: 'reporter', json: { name: 'nope', namespace_id: acme } })).body,
    ).toEqual({ message: { namespace: ['is not valid'] } });
    const created = await call('POST', '/projects', {
      as: 'developer',
      json: { name: 'dev-made', namespace_id: acme, visibility: 'internal' },
    });
    expect(created.status).toBe(201);
    expect((await get(`/projects/acme%2Fdev-made/members/${await userId('developer')}`)).body).toMatchObject({
      access_level: ACCESS.maintainer,
    });
    const tooOpen = await call('POST', '/projects', {
      json: { name: 'too-open', namespace_id: known.group('acme/platform'), visibility: 'public' },
    });
    expect(tooOpen.body.message.visibility_level).toEqual(['public is not allowed in an internal group.']);
  });

  it('maps deprecated switches to their access levels', async () => {
    const answer = await call('POST', '/projects', {
      json: { name: 'old-style', issues_enabled: false, tag_list: ['legacy'], public_builds: false },
    });
    expect(answer.body.issues_access_level).toBe('disabled');
    expect(answer.body.issues_enabled).toBe(false);
    expect(answer.body.topics).toEqual(['legacy']);
    expect(answer.body.public_jobs).toBe(false);
  });

  it('never returns import URL credentials, and needs an import URL to mirror', async () => {
    const answer = await call('POST', '/projects', {
      json: { name: 'mirrored', import_url: 'https://bob:s3cret@example.com/x.git', mirror: true },
    });
    expect(answer.status).toBe(201);
    expect(JSON.stringify(answer.body)).not.toContain('s3cret');
    expect(answer.body.mirror).toBe(true);
    expect(answer.body.import_status).toBe('scheduled');
    expect((await call('POST', '/projects', { json: { name: 'mirror-nothing', mirror: true } })).body).toEqual({
      message: { import_url: ["can't be blank"] },
    });
  });

  it('takes multipart with an avatar', async () => {
    const form = new FormData();
    form.append('name', 'with-avatar');
    form.append('topics[]', 'a');
    form.append('topics[]', 'b');
    form.append('container_expiration_policy_attributes[cadence]', '7d');
    form.append('lfs_enabled', 'false');
    form.append('avatar', new Blob([Buffer.from('png')], { type: 'image/png' }), 'logo.png');
    const answer = await call('POST', '/projects', { form });
    expect(answer.status).toBe(201);
    expect(answer.body.topics).toEqual(['a', 'b']);
    expect(answer.body.lfs_enabled).toBe(false);
    expect(answer.body.container_expiration_policy.cadence).toBe('7d');
    expect(answer.body.avatar_url).toMatch(/logo\.png$/);
  });
});

describe('POST /projects/user/:user_id', () => {
  it('is for administrators: the project is the user’s', async () => {
    const owner = await userId('owner');
    expect(
      (await call('POST', `/projects/user/${owner}`, { as: 'maintainer', json: { name: 'for-olivia' } })).status,
    ).toBe(403);
    const answer = await call('POST', `/projects/user/${owner}`, {
      json: { name: 'for-olivia', merge_commit_template: 'x' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.path_with_namespace).toBe('olivia/for-olivia');
    expect(answer.body.merge_commit_template).toBe('x');
    expect((await project('olivia/for-olivia')).creator_id).toBe(owner);
    expect((await call('POST', `/projects/user/${owner}`, { json: { path: 'no-name' } })).body).toEqual({
      error: 'name is missing',
    });
    expect((await call('POST', '/projects/user/9999', { json: { name: 'x' } })).status).toBe(404);
  });
});

describe('PUT /projects/:id', () => {
  it('is for maintainers and above', async () => {
    expect(
      (await call('PUT', '/projects/acme%2Fplatform%2Fapi', { as: 'developer', json: { description: 'x' } })).status,
    ).toBe(403);
    const answer = await call('PUT', '/projects/acme%2Fplatform%2Fapi', {
      as: 'maintainer',
      json: { description: 'new', topics: ['only'], squash_option: 'always' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.description).toBe('new');
    expect(answer.body.topics).toEqual(['only']);
    expect(answer.body.squash_option).toBe('always');
  });

  it('saves the container expiration policy with next_run_at its cadence on, enabled or not; its own values leave it', async () => {
    let now = Date.UTC(2030, 0, 1);
    sandbox.store.now = () => now;
    const put = async (policy: Record<string, unknown>) =>
      (await call('PUT', '/projects/2', { json: { container_expiration_policy_attributes: policy } })).body
        .container_expiration_policy;
    expect(await put({ cadence: '7d' })).toMatchObject({ enabled: false, next_run_at: '2030-01-08T00:00:00.000Z' });
    now += 3_600_000;
    expect((await put({ cadence: '7d', enabled: false })).next_run_at).toBe('2030-01-08T00:00:00.000Z');
    expect(await put({ cadence: '1month', enabled: true })).toMatchObject({
      enabled: true,
      next_run_at: '2030-01-31T01:00:00.000Z',
    });
    now += 3_600_000;
    expect((await put({ keep_n: 25 })).next_run_at).toBe('2030-01-31T02:00:00.000Z');
    expect((await project(2)).container_expiration_policy.next_run_at).toBe('2030-01-31T02:00:00.000Z');
  });

  it('needs at least one setting', async () => {
    const answer = await call('PUT', '/projects/2', { json: { not_a_setting: 1 } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/are missing, at least one parameter must be provided$/);
  });

  it('renames, refusing a taken path; the old path answers 301', async () => {
    expect((await call('PUT', '/projects/2', { json: { path: 'infra' } })).body.message.path).toEqual([
      'has already been taken',
    ]);
    const renamed = await call('PUT', '/projects/2', { json: { path: 'api-v2' } });
    expect(renamed.body.path_with_namespace).toBe('acme/platform/api-v2');
    const moved = await get('/projects/acme%2Fplatform%2Fapi');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`${sandbox.url}/api/v4/projects/acme%2Fplatform%2Fapi-v2`);
  });

  it('takes an avatar as multipart and answers with the project', async () => {
    const form = new FormData();
    form.append('avatar', new Blob([Buffer.from('gif')], { type: 'image/gif' }), 'face.gif');
    const answer = await call('PUT', '/projects/2', { form });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(2);
    expect(answer.body.avatar_url).toMatch(/face\.gif$/);
    const bad = new FormData();
    bad.append('avatar', new Blob([Buffer.from('x')]), 'notes.txt');
    expect((await call('PUT', '/projects/2', { form: bad })).body.message.avatar[0]).toMatch(
      /file format is not supported/,
    );
  });
});

describe('DELETE and restore', () => {
  it('marks a group project for deletion (owners only) and restores it', async () => {
    const id = known.project('acme/web/design-system');
    expect((await call('DELETE', `/projects/${id}`, { as: 'maintainer' })).status).toBe(403);
    const answer = await call('DELETE', `/projects/${id}`, { as: 'owner' });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: '202 Accepted' });
    expect((await project(id)).marked_for_deletion_on).toBe(new Date().toISOString().slice(0, 10));
    expect((await call('DELETE', `/projects/${id}`)).status).toBe(400);
    const restored = await call('POST', `/projects/${id}/restore`, { as: 'owner' });
    expect(restored.status).toBe(201);
    expect(restored.body.marked_for_deletion_on).toBeNull();
    expect((await call('POST', `/projects/${id}/restore`)).status).toBe(400);
  });

  it('removes a personal project by a background job: it answers until the job is done', async () => {
    // The deletion's job runs by the sandbox's clock, stopped here: it is done only when settled.
    const now = Date.now();
    sandbox.store.now = () => now;
    const [victim] = (await get('/users/dana/projects')).body;
    expect((await call('DELETE', `/projects/${victim.id}`, { as: 'developer' })).status).toBe(202);
    expect((await get(`/projects/${victim.id}`)).status).toBe(200);
    sandbox.store.deletions.settle(now + sandbox.store.deletions.durationMs);
    expect((await get(`/projects/${victim.id}`)).status).toBe(404);
  });
});

describe('archive, unarchive, star, unstar', () => {
  it('archives and unarchives idempotently, owners only', async () => {
    expect((await call('POST', '/projects/3/archive', { as: 'maintainer' })).status).toBe(403);
    for (let i = 0; i < 2; i++) {
      const answer = await call('POST', '/projects/3/archive', { as: 'owner' });
      expect(answer.status).toBe(201);
      expect(answer.body.archived).toBe(true);
    }
    expect((await call('POST', '/projects/3/unarchive')).body.archived).toBe(false);
    expect((await call('POST', '/projects/3/unarchive')).status).toBe(201);
  });

  it('stars (201, then 304) and unstars (201, then 304)', async () => {
    const before = (await get('/projects/4')).body.star_count;
    const starred = await call('POST', '/projects/4/star');
    expect(starred.status).toBe(201);
    expect(starred.body.star_count).toBe(before + 1);
    const again = await call('POST', '/projects/4/star');
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect((await call('POST', '/projects/4/unstar')).body.star_count).toBe(before);
    expect((await call('POST', '/projects/4/unstar')).status).toBe(304);
    expect((await call('POST', '/projects/4/star', { as: null })).status).toBe(401);
  });
});

describe('PUT /projects/:id/transfer', () => {
  it('moves a project by namespace path or id, lowering its visibility to the group’s', async () => {
    const created = await call('POST', '/projects', { as: 'owner', json: { name: 'mover', visibility: 'public' } });
    const answer = await call('PUT', `/projects/${created.body.id}/transfer`, {
      as: 'owner',
      json: { namespace: 'acme/platform' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.path_with_namespace).toBe('acme/platform/mover');
    expect(answer.body.visibility).toBe('internal');
    expect((await get('/projects/olivia%2Fmover')).status).toBe(301);
  });

  it('refuses a taken path, a namespace one may not create in, and the same namespace', async () => {
    expect(
      (await call('POST', '/projects', { json: { name: 'mover', namespace_id: known.group('acme') } })).status,
    ).toBe(201);
    const other = await call('POST', '/projects', { as: 'owner', json: { name: 'mover' } });
    const taken = await call('PUT', `/projects/${other.body.id}/transfer`, {
      as: 'owner',
      json: { namespace: 'acme' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toMatch(/Project with same name or path in target namespace already exists/);
    expect(
      (await call('PUT', `/projects/${other.body.id}/transfer`, { as: 'owner', json: { namespace: 'olivia' } })).body
        .message,
    ).toMatch(/already in this namespace/);
    const mine = await call('POST', '/projects', { as: 'developer', json: { name: 'dana-mover' } });
    expect(
      (await call('PUT', `/projects/${mine.body.id}/transfer`, { as: 'developer', json: { namespace: 'acme' } })).body
        .message,
    ).toMatch(/permission to transfer projects into that namespace/);
    expect(
      (await call('PUT', `/projects/${mine.body.id}/transfer`, { as: 'developer', json: { namespace: 'initech' } }))
        .status,
    ).toBe(404);
    expect((await call('PUT', '/projects/1/transfer', { as: 'developer', json: { namespace: 'globex' } })).status).toBe(
      403,
    );
  });
});

describe('PUT /projects/:id: its parameters before the role', () => {
  it('answers a Developer’s PUT with no setting 400 at least one parameter, not 403', async () => {
    const answer = await call('PUT', '/projects/acme%2Fweb%2Fstorefront', { as: 'developer', json: {} });
    expect([answer.status, answer.body.error]).toEqual([
      400,
      expect.stringMatching(/are missing, at least one parameter must be provided$/),
    ]);
  });

  it('answers a Developer’s PUT with a visibility not offered 400 does not have a valid value', async () => {
    const answer = await call('PUT', '/projects/acme%2Fweb%2Fstorefront', {
      as: 'developer',
      json: { visibility: 'secret' },
    });
    expect([answer.status, answer.body]).toEqual([400, { error: 'visibility does not have a valid value' }]);
  });
});

describe('PUT /projects/:id/transfer: its namespace parameter', () => {
  // lib/api/projects.rb (pavankalisetti009/gitlab @00d599a4): `requires :namespace` before the body.
  it('answers a Developer’s transfer without namespace 400 namespace is missing, before the role', async () => {
    const answer = await call('PUT', '/projects/1/transfer', { as: 'developer', json: {} });
    expect([answer.status, answer.body]).toEqual([400, { error: 'namespace is missing' }]);
  });

  it('answers an empty namespace 404 Namespace Not Found, as find_namespace! finds none', async () => {
    const created = await call('POST', '/projects', { as: 'owner', json: { name: 'stayer' } });
    const answer = await call('PUT', `/projects/${created.body.id}/transfer`, { as: 'owner', json: { namespace: '' } });
    expect([answer.status, answer.body]).toEqual([404, { message: '404 Namespace Not Found' }]);
  });
});

describe('GET /namespaces/:id', () => {
  it('finds groups and the caller’s own namespace by id or path', async () => {
    const acme = known.group('acme');
    expect((await get('/namespaces/acme', 'developer')).body).toMatchObject({
      id: acme,
      kind: 'group',
      full_path: 'acme',
    });
    expect((await get(`/namespaces/${acme}`, 'developer')).body.full_path).toBe('acme');
    expect((await get('/namespaces/dana', 'developer')).body).toMatchObject({ kind: 'user', full_path: 'dana' });
    expect((await get('/namespaces/olivia', 'developer')).status).toBe(404);
    expect((await get('/namespaces/olivia')).status).toBe(200);
    expect((await get('/namespaces/acme', null)).status).toBe(401);
  });
});
