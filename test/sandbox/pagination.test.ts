import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../src/http/paginate.js';
import { HttpError } from '../../src/sandbox/errors.js';
import type { SandboxRequest } from '../../src/sandbox/http.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { paginateArray, TOTAL_LIMIT } from '../../src/sandbox/pagination.js';
import { type Answer as SandboxAnswer, callSandbox } from '../helpers/sandbox-api.js';

/**
 * Pagination as the service documents it (GitLab's API v4 pagination): page/per_page (default 20, at most
 * 100), every x-* header and absolute links, no totals and no rel="last" above 10,000 records,
 * 405 past offset 50,000 on GET /projects, and keyset pagination to the end.
 */

interface Answer extends SandboxAnswer {
  items: Array<{ id: number; name?: string; full_path?: string }>;
}

/** A GET through the shared raw-call helper, with the body's array (if it is one) as `items`. */
async function get(sandbox: Sandbox, path: string, token: string | null = sandbox.tokens.admin): Promise<Answer> {
  const answer = await callSandbox(sandbox, 'GET', path, { as: token === null ? null : { token } });
  return { ...answer, items: Array.isArray(answer.body) ? answer.body : [] };
}

const ids = (answer: Answer) => answer.items.map((item) => item.id);

/**
 * Follows keyset links to the end, checking each answer as the spec describes it: only a
 * rel="next" link carrying id_after, no x-total or x-page, and no link at the end.
 */
async function keysetWalk(sandbox: Sandbox, path: string): Promise<number[]> {
  const seen: number[] = [];
  let next: string | undefined = `${sandbox.url}/api/v4${path}`;
  let last: Response | undefined;
  while (next) {
    const response: Response = await fetch(next, { headers: { 'private-token': sandbox.tokens.admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total')).toBeNull();
    expect(response.headers.get('x-page')).toBeNull();
    const page = (await response.json()) as Array<{ id: number }>;
    seen.push(...page.map((p) => p.id));
    const link = response.headers.get('link');
    if (link) expect(link).toMatch(/^<[^>]+>; rel="next"$/);
    next = parseLinkHeader(link ?? undefined).next;
    if (next) expect(new URL(next).searchParams.get('id_after')).toBe(String(page[page.length - 1]?.id));
    last = response;
  }
  expect(last?.headers.get('link')).toBeNull();
  return seen;
}

// GitLab's limit for totals is 10,000 records (TOTAL_LIMIT); narrowed here, the pages past it are
// the same without seeding 10,000 projects.
const TOTALS_LIMIT = 1000;

describe(`offset pagination above the limit for totals (${TOTALS_LIMIT} here, 1,050 projects)`, () => {
  let sandbox: Sandbox;
  let all: number[];
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 1050, totalsLimit: TOTALS_LIMIT });
    // The oracle is the store (every project it holds, by id): an API list would be the pagination under test.
    all = sandbox.store.allProjects().map((p) => p.id);
  });
  afterAll(() => sandbox?.close());

  const orderById = '&order_by=id&sort=asc';

  it("is GitLab's 10,000 records unless a test narrows it", async () => {
    const plain = await startSandbox({ port: 0, seed: 1 });
    expect(plain.store.totalsLimit).toBe(10_000);
    await plain.close();
  });

  it('first page: next and first links, empty x-prev-page, no totals and no rel="last"', async () => {
    const answer = await get(sandbox, `/projects?per_page=100${orderById}`);
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual(all.slice(0, 100));
    const h = answer.headers;
    expect([h.get('x-page'), h.get('x-per-page'), h.get('x-next-page'), h.get('x-prev-page')]).toEqual([
      '1',
      '100',
      '2',
      '',
    ]);
    expect(h.get('x-total')).toBeNull();
    expect(h.get('x-total-pages')).toBeNull();
    expect(Object.keys(answer.links).sort()).toEqual(['first', 'next']);
  });

  it('middle page: prev and next', async () => {
    const answer = await get(sandbox, `/projects?per_page=100&page=5${orderById}`);
    expect(ids(answer)).toEqual(all.slice(400, 500));
    expect([
      answer.headers.get('x-page'),
      answer.headers.get('x-next-page'),
      answer.headers.get('x-prev-page'),
    ]).toEqual(['5', '6', '4']);
    expect(Object.keys(answer.links).sort()).toEqual(['first', 'next', 'prev']);
    expect(new URL(answer.links.prev as string).searchParams.get('page')).toBe('4');
    expect(new URL(answer.links.next as string).searchParams.get('page')).toBe('6');
  });

  it('last page: the remainder, empty x-next-page and no next link', async () => {
    const answer = await get(sandbox, `/projects?per_page=100&page=11${orderById}`);
    expect(ids(answer)).toEqual(all.slice(1000));
    expect(answer.items).toHaveLength(50);
    expect(answer.headers.get('x-next-page')).toBe('');
    expect(answer.links.next).toBeUndefined();
    expect(answer.links.last).toBeUndefined();
    expect(answer.headers.get('x-total')).toBeNull();
  });

  it('past the end: an empty array, no next', async () => {
    const answer = await get(sandbox, `/projects?per_page=100&page=15${orderById}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('[]');
    expect(answer.headers.get('x-next-page')).toBe('');
    expect(answer.links.next).toBeUndefined();
  });

  it('links are absolute and keep every other query parameter', async () => {
    const answer = await get(sandbox, '/projects?per_page=30&page=2&order_by=id&sort=asc&simple=true&topic=api');
    for (const rel of ['prev', 'next', 'first'] as const) {
      const link = answer.links[rel];
      expect(link).toBeDefined();
      const url = new URL(link as string);
      expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/api/v4/projects`);
      expect(url.searchParams.get('order_by')).toBe('id');
      expect(url.searchParams.get('sort')).toBe('asc');
      expect(url.searchParams.get('simple')).toBe('true');
      expect(url.searchParams.get('topic')).toBe('api');
      expect(url.searchParams.get('per_page')).toBe('30');
    }
  });

  // The walks over all 1,050 ask for the simple view: pages are cut and linked the same whatever
  // the view, and the full one (4 KB a project, rendered once each) made a walk ten times dearer.
  it('following next links from page 1 gives every project exactly once', async () => {
    const seen: number[] = [];
    let next: string | undefined = `${sandbox.url}/api/v4/projects?per_page=100${orderById}&simple=true`;
    let requests = 0;
    while (next) {
      const response = await fetch(next, { headers: { 'private-token': sandbox.tokens.admin } });
      seen.push(...((await response.json()) as Array<{ id: number }>).map((p) => p.id));
      next = parseLinkHeader(response.headers.get('link') ?? undefined).next;
      requests++;
    }
    expect(requests).toBe(11);
    expect(seen).toEqual(all);
  });

  it('keyset pagination (order_by=id) walks every project once, to the end', async () => {
    const seen = await keysetWalk(sandbox, '/projects?pagination=keyset&order_by=id&sort=asc&per_page=100&simple=true');
    expect(seen).toEqual(all);
  });

  it('clamps per_page to 100 and defaults it to 20', async () => {
    const clamped = await get(sandbox, `/projects?per_page=500${orderById}`);
    expect(clamped.items).toHaveLength(100);
    expect(clamped.headers.get('x-per-page')).toBe('100');
    expect(new URL(clamped.links.next as string).searchParams.get('per_page')).toBe('100');
    const defaulted = await get(sandbox, `/projects?page=2${orderById}`);
    expect(defaulted.items).toHaveLength(20);
    expect(defaulted.headers.get('x-per-page')).toBe('20');
    expect(ids(defaulted)).toEqual(all.slice(20, 40));
  });
});

describe('offset pagination up to 10,000 records', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 45 });
  });
  afterAll(() => sandbox?.close());

  it('sends x-total, x-total-pages and rel="last"', async () => {
    const total = sandbox.store.allProjects().length;
    const answer = await get(sandbox, '/projects?per_page=20&order_by=id&sort=asc');
    expect(answer.headers.get('x-total')).toBe(String(total));
    expect(answer.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 20)));
    expect(new URL(answer.links.last as string).searchParams.get('page')).toBe(String(Math.ceil(total / 20)));
  });

  it('answers an empty list with an empty array, x-total 0 and no next', async () => {
    const answer = await get(sandbox, '/projects?search=no-such-project-anywhere');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('[]');
    expect(answer.headers.get('x-total')).toBe('0');
    expect(answer.headers.get('x-next-page')).toBe('');
    expect(answer.links.next).toBeUndefined();
  });
});

describe('paginateArray (the helper every list route uses)', () => {
  const items = Array.from({ length: 60_000 }, (_, i) => i + 1);
  const request = (query: string): SandboxRequest => {
    const url = new URL(`http://127.0.0.1:9/api/v4/projects?${query}`);
    return {
      method: 'GET',
      params: {},
      input: {},
      query: url.searchParams,
      files: {},
      user: undefined,
      headers: {},
      url,
      store: undefined as never,
    };
  };
  const page = (query: string, total = items.length, options: { maxOffset?: number } = {}) =>
    paginateArray(request(query), items.slice(0, total), String, options);

  it('answers 405 past offset 50,000 with a message pointing to keyset pagination', () => {
    expect(page('per_page=100&page=500', undefined, { maxOffset: 50_000 }).status).toBe(200);
    let error: unknown;
    try {
      page('per_page=100&page=501', undefined, { maxOffset: 50_000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(405);
    expect(JSON.stringify((error as HttpError).body)).toMatch(/maximum allowed offset of 50000.*keyset pagination/);
  });

  it('serves every offset with a limit of 0, as an instance that turned the limit off', () => {
    expect(page('per_page=100&page=501', undefined, { maxOffset: 0 }).status).toBe(200);
  });

  it('keeps totals at exactly 10,000 records and drops them at 10,001', () => {
    expect(page('per_page=100', TOTAL_LIMIT).headers?.['x-total']).toBe('10000');
    expect(page('per_page=100', TOTAL_LIMIT).headers?.link).toContain('rel="last"');
    expect(page('per_page=100', TOTAL_LIMIT + 1).headers?.['x-total']).toBeUndefined();
    expect(page('per_page=100', TOTAL_LIMIT + 1).headers?.['x-total-pages']).toBeUndefined();
    expect(page('per_page=100', TOTAL_LIMIT + 1).headers?.link).not.toContain('rel="last"');
  });

  it('reads page and per_page as the service does', () => {
    expect(page('per_page=0').headers?.['x-per-page']).toBe('20');
    expect(page('per_page=-5').headers?.['x-per-page']).toBe('20');
    expect(page('page=0').headers?.['x-page']).toBe('1');
    expect(() => page('page=abc')).toThrow(HttpError);
    expect(String(page('per_page=3&page=2').body)).toBe('[4,5,6]');
  });
});

describe('GET /projects past its offset window (600 projects, a window of 500)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 600, offsetWindow: 500 });
  });
  afterAll(() => sandbox?.close());

  it("is GitLab's 50,000 records unless a test narrows it", async () => {
    const plain = await startSandbox({ port: 0, seed: 1 });
    expect(plain.store.offsetWindow).toBe(50_000);
    await plain.close();
  });

  it('serves the last offset page of the window', async () => {
    const last = await get(sandbox, '/projects?per_page=100&page=5&order_by=id&sort=asc');
    expect(last.status).toBe(200);
    expect(last.items).toHaveLength(100);
  });

  it('answers 405 past the window, naming keyset pagination', async () => {
    const past = await get(sandbox, '/projects?per_page=100&page=6&order_by=id&sort=asc');
    expect(past.status).toBe(405);
    expect(past.text).toMatch(/keyset/i);
  });

  it('keyset pagination (order_by=id) goes on past the window to the end', async () => {
    const all = sandbox.store.allProjects().map((p) => p.id);
    const from = all[450] as number;
    const seen = await keysetWalk(
      sandbox,
      `/projects?pagination=keyset&order_by=id&sort=asc&per_page=100&id_after=${from}`,
    );
    expect(seen).toEqual(all.slice(451));
  });

  it('keyset pagination descending uses id_before', async () => {
    const all = sandbox.store.allProjects().map((p) => p.id);
    const first = await get(sandbox, '/projects?pagination=keyset&order_by=id&sort=desc&per_page=50');
    expect(ids(first)).toEqual(all.slice(-50).reverse());
    const next = new URL(first.links.next as string);
    expect(next.searchParams.get('id_before')).toBe(String(all[all.length - 50]));
    const second = await fetch(next, { headers: { 'private-token': sandbox.tokens.admin } });
    expect(((await second.json()) as Array<{ id: number }>).map((p) => p.id)).toEqual(all.slice(-100, -50).reverse());
  });
});

describe('keyset pagination of anonymous GET /groups (order_by=name, opaque cursor)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 20 });
  });
  afterAll(() => sandbox?.close());

  it('follows the cursor to the end, visiting every public group once, sorted by name', async () => {
    // The oracle is the store, as above: a list from the API would be the pagination under test.
    const expected = [...sandbox.store.groups.values()]
      .filter((g) => g.visibility === 'public')
      .map((g) => g.name)
      .sort((a, b) => a.localeCompare(b));
    const seen: string[] = [];
    let next: string | undefined = `${sandbox.url}/api/v4/groups?pagination=keyset&order_by=name&sort=asc&per_page=1`;
    let guard = 0;
    while (next && guard++ < 50) {
      const response: Response = await fetch(next);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total')).toBeNull();
      const page = (await response.json()) as Array<{ id: number; name: string }>;
      seen.push(...page.map((g) => g.name));
      next = parseLinkHeader(response.headers.get('link') ?? undefined).next;
      // The sandbox's cursor (opaque to clients): where the page ended, in (name, id) order.
      const cursor = next && new URL(next).searchParams.get('cursor');
      if (next)
        expect(JSON.parse(Buffer.from(cursor ?? '', 'base64url').toString('utf8'))).toEqual({
          name: page.at(-1)?.name,
          id: page.at(-1)?.id,
        });
    }
    expect(seen).toEqual(expected);
  });
});
