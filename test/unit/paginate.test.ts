import { type Dispatcher, MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { CollabError } from '../../src/errors.js';
import { HttpClient } from '../../src/http/client.js';
import { ListWriter } from '../../src/output/writer.js';
import { capturedIO } from '../helpers/captured-io.js';
import {
  type ListSummary,
  type Page,
  type PaginateOptions,
  paginate,
  paginateItems,
  parseLinkHeader,
} from '../../src/http/paginate.js';
import { pageSize } from '../../src/list-flags.js';

/**
 * The paginator against a scripted list service on undici's MockAgent. The service paginates as
 * documented (as GitLab's API v4 does: page/per_page, x-* headers, absolute links) and each test
 * takes away what a real deployment may take away (totals, links, x-per-page).
 */

const ORIGIN = 'https://collab.example';

interface ServiceOptions {
  total: number;
  /** What the service clamps per_page to. */
  maxPerPage?: number;
  /** Leave out x-total, x-total-pages and rel="last" (as above 10,000 records). */
  noTotals?: boolean;
  /** Leave out the link header (some proxies drop it). */
  noLink?: boolean;
  /** Leave out every x-* header. */
  noXHeaders?: boolean;
  /** Answer 405 past this offset unless the request is anchored with id_after (GET /projects). */
  maxOffset?: number;
  /** Always send rel="next", even on the last page (a misbehaving service). */
  alwaysNext?: boolean;
  /** Keyset pagination with an opaque cursor. */
  keyset?: boolean;
  /** Delay of each request, by page number. */
  delay?: (page: number) => number;
  /** Told as each request is answered, after its delay. */
  answering?: (page: number) => void;
  /** Ignore id_after, as a server that does not know the filter. */
  ignoreWindow?: boolean;
  /** Ignore page (and keyset cursors): every request gets the first page. */
  ignorePage?: boolean;
  /** Pages after the first start this many items early, as when items were added at the front meanwhile. */
  overlap?: number;
  /** Pretty-print bodies (indent 2, CRLF line breaks when 'crlf'), as some servers and proxies do. */
  pretty?: true | 'crlf';
}

interface Service {
  client: HttpClient;
  /** Every request URL, in the order sent. */
  requests: string[];
  /** The most requests in flight at once so far. */
  maxInFlight: () => number;
  /**
   * Resolves once no request has been in flight, and none was sent, for a whole turn of the event
   * loop after the last answer ended: the client has taken in every answer, and what it was going
   * to send on them it has sent. "Nothing more was sent" is checked after it, not after a sleep.
   */
  idle: () => Promise<void>;
}

/** The handler's callbacks that end a request, in undici's two handler styles. */
const ENDINGS: ReadonlySet<PropertyKey> = new Set(['onComplete', 'onError', 'onResponseEnd', 'onResponseError']);

/** `handler` that calls `ended` (once) after the request's last callback. */
function tracked(handler: Dispatcher.DispatchHandler, ended: () => void): Dispatcher.DispatchHandler {
  let done = false;
  return new Proxy(handler, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!ENDINGS.has(prop)) return value.bind(target);
      return (...args: unknown[]) => {
        try {
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        } finally {
          if (!done) {
            done = true;
            ended();
          }
        }
      };
    },
  });
}

const agents: MockAgent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

function item(id: number): string {
  return JSON.stringify({ id, name: `p${id}`, path_with_namespace: `g/p${id}` });
}

function listService(options: ServiceOptions): Service {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const ids = Array.from({ length: options.total }, (_, i) => i + 1);
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  agent
    .get(ORIGIN)
    .intercept({ path: () => true, method: 'GET' })
    .reply((opts) => {
      const url = new URL(opts.path, ORIGIN);
      return answer(url, ids, options);
    })
    .persist();
  const dispatcher: Dispatcher = agent.compose((dispatch) => (opts, given) => {
    requests.push(`${opts.origin}${opts.path}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const handler = tracked(given, () => inFlight--);
    const page = Number(new URL(opts.path, ORIGIN).searchParams.get('page') ?? '1');
    const wait = options.delay?.(page) ?? 0;
    const send = () => {
      options.answering?.(page);
      return dispatch(opts, handler);
    };
    if (wait > 0) {
      setTimeout(send, wait);
      return true;
    }
    return send();
  });
  const idle = async (): Promise<void> => {
    for (;;) {
      const sent = requests.length;
      const quiet = inFlight === 0;
      await new Promise((resolve) => setImmediate(resolve));
      if (quiet && inFlight === 0 && requests.length === sent) return;
    }
  };
  return {
    client: new HttpClient({ baseUrl: ORIGIN, token: 'glpat-x', retryBaseMs: 1, dispatcher }),
    requests,
    maxInFlight: () => maxInFlight,
    idle,
  };
}

function answer(
  url: URL,
  allIds: number[],
  options: ServiceOptions,
): { statusCode: number; data: string; responseOptions: { headers: Record<string, string> } } {
  const q = url.searchParams;
  const perPage = Math.min(options.maxPerPage ?? 100, Number(q.get('per_page') ?? '20'));
  const link = (changes: Record<string, string>) => {
    const next = new URL(url);
    for (const [k, v] of Object.entries(changes)) next.searchParams.set(k, v);
    return next.toString();
  };
  if (options.keyset) {
    const after =
      q.get('cursor') && !options.ignorePage
        ? Number(
            Buffer.from(q.get('cursor') as string, 'base64url')
              .toString()
              .split(':')[1],
          )
        : 0;
    const slice = allIds.filter((id) => id > after).slice(0, perPage);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const last = slice[slice.length - 1];
    if (slice.length === perPage && last !== undefined && last < (allIds[allIds.length - 1] ?? 0)) {
      headers.link = `<${link({ cursor: Buffer.from(`id:${last}`).toString('base64url') })}>; rel="next"`;
    }
    return { statusCode: 200, data: body(slice, options), responseOptions: { headers } };
  }
  const idAfter = options.ignoreWindow ? 0 : Number(q.get('id_after') ?? '0');
  const ids = idAfter ? allIds.filter((id) => id > idAfter) : allIds;
  const page = options.ignorePage ? 1 : Number(q.get('page') ?? '1');
  const offset = (page - 1) * perPage;
  if (options.maxOffset !== undefined && offset >= options.maxOffset) {
    return {
      statusCode: 405,
      data: JSON.stringify({ message: '405 Method Not Allowed - offset too large' }),
      responseOptions: { headers: { 'content-type': 'application/json' } },
    };
  }
  const from = page > 1 && options.overlap ? offset - options.overlap : offset;
  const slice = ids.slice(from, from + perPage);
  const hasNext = options.alwaysNext || offset + perPage < ids.length;
  const totalPages = Math.max(1, Math.ceil(ids.length / perPage));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!options.noXHeaders) {
    Object.assign(headers, {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': hasNext ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
    });
    if (!options.noTotals)
      Object.assign(headers, { 'x-total': String(ids.length), 'x-total-pages': String(totalPages) });
  }
  if (!options.noLink) {
    const links: string[] = [];
    if (hasNext) links.push(`<${link({ page: String(page + 1), per_page: String(perPage) })}>; rel="next"`);
    links.push(`<${link({ page: '1', per_page: String(perPage) })}>; rel="first"`);
    if (!options.noTotals) links.push(`<${link({ page: String(totalPages), per_page: String(perPage) })}>; rel="last"`);
    headers.link = links.join(', ');
  }
  return { statusCode: 200, data: body(slice, options), responseOptions: { headers } };
}

function body(ids: number[], options: ServiceOptions): string {
  if (!options.pretty) return `[${ids.map(item).join(',')}]`;
  // Values a re-serialisation would change: a number beyond 2^53, an escape, spaces in a string.
  const text = JSON.stringify(
    ids.map((id) => JSON.parse(item(id)) as object),
    null,
    2,
  ).replace(/"name": "p(\d+)"/g, '"name": "p$1 \\u00e9  x", "big": 12345678901234567890');
  return options.pretty === 'crlf' ? text.replace(/\n/g, '\r\n') : text;
}

async function collect(client: HttpClient, options: PaginateOptions): Promise<{ ids: number[]; pages: Page[] }> {
  const pages: Page[] = [];
  for await (const page of paginate(client, options)) pages.push(page);
  const ids = pages.flatMap((p) => p.items.map((text) => (JSON.parse(text) as { id: number }).id));
  return { ids, pages };
}

/** The items until the listing fails, and the failure. */
async function collectUntilFailure(
  client: HttpClient,
  options: PaginateOptions,
): Promise<{ ids: number[]; error: CollabError | undefined }> {
  const ids: number[] = [];
  try {
    for await (const page of paginate(client, options))
      for (const text of page.items) ids.push((JSON.parse(text) as { id: number }).id);
  } catch (error) {
    return { ids, error: error as CollabError };
  }
  return { ids, error: undefined };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const pageNumbers = (requests: string[]) => requests.map((r) => Number(new URL(r).searchParams.get('page')));

describe('paginate: offset pages', () => {
  it('fetches pages in parallel without knowing the total, and hands them over in order', async () => {
    // Later pages answer first: order must still be kept.
    const { client } = listService({ total: 1000, noTotals: true, delay: (page) => 5 + (12 - page) * 3 });
    const { ids, pages } = await collect(client, { path: '/projects', perPage: 100, concurrency: 4 });
    expect(ids).toEqual(range(1, 1000));
    expect(pages.map((p) => p.number)).toEqual(range(1, 10));
    expect(client.maxInFlight).toBe(4);
  });

  it('stops at the first short page, and past-the-end pages fetched ahead add nothing', async () => {
    const { client, requests } = listService({ total: 250, noTotals: true, delay: () => 2 });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, concurrency: 8 });
    expect(ids).toEqual(range(1, 250));
    // Page 1, then 8 pages ahead of the consumer (up to page 10 once page 2 is taken); page 3 is
    // short, so nothing more is asked after it.
    expect(Math.max(...pageNumbers(requests))).toBe(10);
    expect(requests).toHaveLength(10);
  });

  it('stops at the first empty page when the service keeps saying there is a next one', async () => {
    const { client, requests } = listService({ total: 300, noTotals: true, alwaysNext: true });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, concurrency: 1 });
    expect(ids).toEqual(range(1, 300));
    expect(pageNumbers(requests)).toEqual([1, 2, 3, 4]);
  });

  it('asks for no page past the last one when the total is known', async () => {
    const { client, requests } = listService({ total: 300 });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, concurrency: 8 });
    expect(ids).toEqual(range(1, 300));
    expect(pageNumbers(requests).sort()).toEqual([1, 2, 3]);
  });

  it('honours --limit: per_page follows a small limit, and no page beyond the limit is fetched', async () => {
    const small = listService({ total: 500, noTotals: true });
    expect((await collect(small.client, { path: '/projects', limit: 7, perPage: pageSize({ limit: 7 }) })).ids).toEqual(
      range(1, 7),
    );
    expect(small.requests).toHaveLength(1);
    expect(new URL(small.requests[0] as string).searchParams.get('per_page')).toBe('7');

    const large = listService({ total: 5000, noTotals: true });
    const { ids } = await collect(large.client, {
      path: '/projects',
      limit: 250,
      perPage: pageSize({ limit: 250 }),
      concurrency: 8,
    });
    expect(ids).toEqual(range(1, 250));
    expect(pageNumbers(large.requests).sort()).toEqual([1, 2, 3]);
  });

  it('gives exactly the page asked for, as the service numbers pages, cut by the limit', async () => {
    const { client, requests } = listService({ total: 95 });
    expect((await collect(client, { path: '/projects', perPage: 5, page: 2 })).ids).toEqual(range(6, 10));
    expect(requests).toHaveLength(1);
    // Pages of 20 (the service's default) whatever the limit, which cuts the page.
    expect(
      (await collect(client, { path: '/projects', page: 3, limit: 5, perPage: pageSize({ page: 3, limit: 5 }) })).ids,
    ).toEqual(range(41, 45));
    expect((await collect(client, { path: '/projects', page: 5, perPage: pageSize({ page: 5 }) })).ids).toEqual(
      range(81, 95),
    );
    expect((await collect(client, { path: '/projects', page: 6, perPage: pageSize({ page: 6 }) })).ids).toEqual([]);
    expect(requests).toHaveLength(4);
  });

  it('keeps the caller query on every page and builds pages from the absolute next link', async () => {
    const { client, requests } = listService({ total: 250, noTotals: true });
    await collect(client, {
      path: '/projects',
      query: { order_by: 'id', sort: 'asc', topic: ['a b', 'c'] },
      perPage: 100,
    });
    for (const request of requests) {
      const q = new URL(request).searchParams;
      expect(q.get('order_by')).toBe('id');
      expect(q.getAll('topic[]')).toEqual(['a b', 'c']);
      expect(q.get('per_page')).toBe('100');
    }
  });

  it('follows x-next-page when a proxy dropped the link header', async () => {
    const { client, requests } = listService({ total: 230, noTotals: true, noLink: true });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, concurrency: 1 });
    expect(ids).toEqual(range(1, 230));
    expect(pageNumbers(requests)).toEqual([1, 2, 3]);
  });

  it('uses the page size the service applied (x-per-page), not the one asked for', async () => {
    const { client } = listService({ total: 130, maxPerPage: 20, noTotals: true });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, concurrency: 3 });
    expect(ids).toEqual(range(1, 130));
  });

  it('loses nothing when the service clamps per_page and a proxy stripped x-per-page', async () => {
    const { client } = listService({ total: 130, maxPerPage: 20, noXHeaders: true });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, concurrency: 3 });
    expect(ids).toEqual(range(1, 130));
  });

  it('re-anchors past the offset window so every item comes exactly once (GET /projects past 50,000)', async () => {
    const { client, requests } = listService({ total: 1050, noTotals: true, maxOffset: 300 });
    const { ids } = await collect(client, {
      path: '/projects',
      query: { order_by: 'id', sort: 'asc' },
      perPage: 100,
      concurrency: 4,
      offsetWindow: { maxRecords: 300, key: 'id', param: 'id_after' },
    });
    expect(ids).toEqual(range(1, 1050));
    const anchors = [...new Set(requests.map((r) => new URL(r).searchParams.get('id_after')))];
    expect(anchors).toEqual([null, '300', '600', '900']);
    for (const request of requests) {
      const q = new URL(request).searchParams;
      expect((Number(q.get('page')) - 1) * 100).toBeLessThan(300);
    }
  });

  it('re-anchors at the 405 of an offset limit lower than the window, then ends windows before it', async () => {
    // A self-managed instance sets its own offset limit; the client knows only the default's.
    const { client, requests } = listService({ total: 1050, noTotals: true, maxOffset: 300 });
    const { ids } = await collect(client, {
      path: '/projects',
      query: { order_by: 'id', sort: 'asc' },
      perPage: 100,
      concurrency: 4,
      offsetWindow: { maxRecords: 50_000, key: 'id', param: 'id_after' },
    });
    expect(ids).toEqual(range(1, 1050));
    const asked = requests.map((r) => new URL(r).searchParams);
    expect([...new Set(asked.map((q) => q.get('id_after')))]).toEqual([null, '300', '600', '900']);
    // Past the first window (where pages 4 and on came back 405), no page past the limit is asked for.
    const later = asked.filter((q) => q.get('id_after') !== null).map((q) => Number(q.get('page')));
    expect(Math.max(...later)).toBe(3);
  });

  it('re-anchors on a window boundary that falls exactly at the end of the list', async () => {
    const { client } = listService({ total: 600, noTotals: true, maxOffset: 300 });
    const { ids } = await collect(client, {
      path: '/projects',
      perPage: 100,
      offsetWindow: { maxRecords: 300, key: 'id', param: 'id_after' },
    });
    expect(ids).toEqual(range(1, 600));
  });

  it('fails on the 405 past the window without offsetWindow, after the items it could give', async () => {
    const { client } = listService({ total: 500, noTotals: true, maxOffset: 300 });
    const seen: number[] = [];
    let error: unknown;
    try {
      for await (const page of paginate(client, { path: '/projects', perPage: 100, concurrency: 2 }))
        for (const text of page.items) seen.push((JSON.parse(text) as { id: number }).id);
    } catch (e) {
      error = e;
    }
    expect(seen).toEqual(range(1, 300));
    expect((error as CollabError).kind).toBe('rejected');
    expect((error as CollabError).status).toBe(405);
  });

  it('stops, after every item once, against a server that ignores id_after past the offset window', async () => {
    const { client, requests } = listService({ total: 1050, noTotals: true, maxOffset: 300, ignoreWindow: true });
    const { ids, error } = await collectUntilFailure(client, {
      path: '/projects',
      query: { order_by: 'id', sort: 'asc' },
      perPage: 100,
      concurrency: 4,
      offsetWindow: { maxRecords: 300, key: 'id', param: 'id_after' },
    });
    expect(ids).toEqual(range(1, 300));
    expect(error?.kind).toBe('malformed');
    expect(error?.message).toBe(
      'the listing stopped after 300 items, each written once: page 1 answered ids the listing had passed (id_after=300 was ignored)',
    );
    expect(error?.hint).toMatch(/incomplete/);
    // The first window, and the first request of the second with what was fetched ahead beside it.
    expect(requests.length).toBeLessThanOrEqual(3 + 1 + 4);
  });

  it('stops when the service ignores the page asked for, before writing a page twice', async () => {
    for (const window of [undefined, { maxRecords: 300, key: 'id', param: 'id_after' as const }]) {
      const { client } = listService({ total: 1000, noTotals: true, ignorePage: true });
      const { ids, error } = await collectUntilFailure(client, {
        path: '/projects',
        query: { order_by: 'id', sort: 'asc' },
        perPage: 100,
        offsetWindow: window,
      });
      expect(ids).toEqual(range(1, 100));
      expect(error?.message).toBe(
        'the listing stopped after 100 items, each written once: page 2 answered the same items as page 1 (the service ignores the page asked for, or its pages cycle)',
      );
    }
  });

  it('stops when the service ignores a keyset cursor', async () => {
    const { client } = listService({ total: 1000, keyset: true, ignorePage: true });
    const { ids, error } = await collectUntilFailure(client, {
      path: '/projects',
      query: { pagination: 'keyset' },
      perPage: 100,
    });
    expect(ids).toEqual(range(1, 100));
    expect(error?.message).toMatch(
      /^the listing stopped after 100 items, each written once: keyset page 2 answered the same items as page 1/,
    );
  });

  it('leaves out items already written when the list shifted between pages (ordered by id)', async () => {
    const { client } = listService({ total: 500, overlap: 3 });
    const { ids } = await collect(client, {
      path: '/projects',
      query: { order_by: 'id', sort: 'asc' },
      perPage: 100,
      concurrency: 3,
      offsetWindow: { maxRecords: 50_000, key: 'id', param: 'id_after' },
    });
    // Every id once; the last 3 fall off the shifted last page, as they would from the service.
    expect(ids).toEqual(range(1, 497));
  });

  it('stops fetching when the consumer stops', async () => {
    const { client, requests, idle } = listService({ total: 100_000, noTotals: true, delay: () => 2 });
    for await (const page of paginate(client, { path: '/projects', perPage: 100, concurrency: 4 })) {
      expect(page.number).toBe(1);
      break;
    }
    const sent = requests.length;
    // The pages fetched ahead come back after the consumer stopped: none of them starts another.
    await idle();
    expect(requests.length).toBe(sent);
    // The first page and the pages fetched ahead of the consumer, no more.
    expect(sent).toBeLessThanOrEqual(1 + 4 + 2);
  });

  it('holds back the network while the consumer is slow', async () => {
    const { client, requests, idle } = listService({ total: 100_000, noTotals: true });
    const pages = paginate(client, { path: '/projects', perPage: 100, concurrency: 3 });
    await pages.next();
    await idle();
    // The first page, and the pages fetched ahead while it is written: 3 in flight, 5 held at most.
    expect(requests.length).toBeLessThanOrEqual(1 + 3 + 2);
    await pages.return(undefined);
  });

  it('asks for more as pages come back, before they are taken, up to two more than the concurrency held', async () => {
    const { client, requests, idle } = listService({ total: 100_000, noTotals: true, delay: () => 2 });
    const pages = paginate(client, { path: '/projects', perPage: 100, concurrency: 8 });
    await pages.next();
    await pages.next();
    // The consumer holds page 2: the pages that came back meanwhile started others, up to 8 in
    // flight and 10 held (fetched or in flight) beyond the pages taken.
    await idle();
    expect(requests.length).toBeGreaterThan(2 + 8);
    expect(requests.length).toBeLessThanOrEqual(2 + 8 + 2);
    // Stopping: the pages fetched and held start no more.
    const held = requests.length;
    await pages.return(undefined);
    await idle();
    expect(requests.length).toBe(held);
  });

  it('reports a page that is not an array as malformed, naming the URL', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    const pool = agent.get(ORIGIN);
    pool
      .intercept({ path: () => true })
      .reply(200, '{"message":"ok"}', { headers: { 'content-type': 'application/json' } });
    pool
      .intercept({ path: () => true })
      .reply(200, '<html><title>SSO</title></html>', { headers: { 'content-type': 'text/html' } });
    pool
      .intercept({ path: () => true })
      .reply(200, '[{"id":1},{"id":', { headers: { 'content-type': 'application/json' } });
    pool.intercept({ path: () => true }).reply(200, '', { headers: { 'content-type': 'application/json' } });
    pool
      .intercept({ path: () => true })
      .reply(200, '[{"id":1}, 2, "three"]', { headers: { 'content-type': 'application/json' } });
    pool.intercept({ path: () => true }).reply(200, 'Service is fine', { headers: { 'content-type': 'text/plain' } });
    const client = new HttpClient({ baseUrl: ORIGIN, dispatcher: agent });
    const expected = [
      /a JSON object where a JSON array was expected \(\{"message":"ok"\}\)$/,
      /an HTML page \(text\/html\) instead of a JSON array/,
      /a JSON array that is malformed or truncated/,
      /an empty body \(application\/json\) where a JSON array was expected$/,
      /item 2 of the list is 2, not a JSON object$/,
      /text instead of a JSON array \(text\/plain, 15 bytes: "Service is fine"\)$/,
    ];
    for (const what of expected) {
      let error: unknown;
      try {
        await collect(client, { path: '/projects', perPage: 100 });
      } catch (e) {
        error = e;
      }
      expect((error as CollabError).kind).toBe('malformed');
      expect((error as CollabError).message).toContain(
        `malformed response from GET ${ORIGIN}/api/v4/projects?per_page=100&page=1: `,
      );
      expect((error as CollabError).message).toMatch(what);
    }
  });
});

describe('paginate: a server that pretty-prints', () => {
  async function write(format: 'ndjson' | 'json', pretty: true | 'crlf'): Promise<string> {
    const { client } = listService({ total: 45, pretty });
    const { io, out } = capturedIO({ tty: false });
    const writer = new ListWriter(io, { format }, [{ header: 'ID', path: 'id' }]);
    for await (const page of paginate(client, { path: '/projects', perPage: 20 })) await writer.writePage(page);
    await writer.end();
    return out();
  }

  it.each([true, 'crlf'] as const)(
    'gives one ndjson line per item, each value kept as sent (line breaks %s)',
    async (pretty) => {
      const lines = (await write('ndjson', pretty)).split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(45);
      expect(lines.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual(range(1, 45));
      expect(lines[0]).toBe('{"id":1,"name":"p1 \\u00e9  x","big":12345678901234567890,"path_with_namespace":"g/p1"}');
    },
  );

  it('keeps json output one valid array', async () => {
    const items = JSON.parse(await write('json', true)) as Array<{ id: number }>;
    expect(items.map((i) => i.id)).toEqual(range(1, 45));
  });
});

describe('paginate: progress and summary', () => {
  async function summarise(service: ServiceOptions, options: Omit<PaginateOptions, 'path'>) {
    const { client } = listService(service);
    const progress: number[] = [];
    const summaries: ListSummary[] = [];
    const { ids } = await collect(client, {
      path: '/projects',
      ...options,
      onProgress: (n) => progress.push(n),
      onSummary: (s) => summaries.push(s),
    });
    return { ids, progress, summaries };
  }

  it('tells the items so far as each page is handed over', async () => {
    const { progress } = await summarise({ total: 250 }, { perPage: 100 });
    expect(progress).toEqual([100, 200, 250]);
  });

  it('says the list was cut at the limit while the service has more, with its total', async () => {
    // Cut inside a page, at a page's end with a next link, and a limit the list does not reach.
    expect((await summarise({ total: 250 }, { limit: 150, perPage: 100 })).summaries).toEqual([
      { items: 150, total: 250, more: true },
    ]);
    expect((await summarise({ total: 250, noTotals: true }, { limit: 200, perPage: 100 })).summaries).toEqual([
      { items: 200, total: undefined, more: true },
    ]);
    expect((await summarise({ total: 250 }, { limit: 500, perPage: 100 })).summaries).toEqual([
      { items: 250, total: 250, more: false },
    ]);
    expect((await summarise({ total: 200 }, { limit: 200, perPage: 100 })).summaries).toEqual([
      { items: 200, total: 200, more: false },
    ]);
    expect(
      (await summarise({ total: 250, keyset: true }, { query: { pagination: 'keyset' }, limit: 120, perPage: 100 }))
        .summaries,
    ).toEqual([{ items: 120, total: undefined, more: true }]);
  });

  it('says whether pages follow the one page asked for', async () => {
    expect((await summarise({ total: 95 }, { page: 2, perPage: 5 })).summaries).toEqual([
      { items: 5, total: 95, more: true },
    ]);
    expect((await summarise({ total: 95 }, { page: 5, perPage: pageSize({ page: 5 }) })).summaries).toEqual([
      { items: 15, total: 95, more: false },
    ]);
  });

  it('says nothing when the consumer stops early', async () => {
    const { client } = listService({ total: 250 });
    const summaries: ListSummary[] = [];
    for await (const _ of paginate(client, { path: '/projects', perPage: 100, onSummary: (s) => summaries.push(s) }))
      break;
    expect(summaries).toEqual([]);
  });
});

describe('paginate: keyset pages', () => {
  it('follows the next link verbatim to the end', async () => {
    const { client, requests } = listService({ total: 250, keyset: true });
    const { ids, pages } = await collect(client, {
      path: '/projects',
      query: { pagination: 'keyset', order_by: 'id', sort: 'asc' },
      perPage: 100,
    });
    expect(ids).toEqual(range(1, 250));
    expect(pages.every((p) => p.number === undefined || p.number === 1)).toBe(true);
    expect(requests).toHaveLength(3);
    // The second request is exactly the link of the first answer.
    const firstAnswer = answer(new URL(requests[0] as string), range(1, 250), { total: 250, keyset: true });
    expect(requests[1]).toBe(parseLinkHeader(firstAnswer.responseOptions.headers.link).next);
  });

  it('ends on an empty page without a link', async () => {
    const { client, requests } = listService({ total: 200, keyset: true });
    const { ids } = await collect(client, {
      path: '/projects',
      query: { pagination: 'keyset', order_by: 'id', sort: 'asc' },
      perPage: 100,
    });
    expect(ids).toEqual(range(1, 200));
    expect(requests).toHaveLength(2);
  });

  it('honours --limit', async () => {
    const { client, requests } = listService({ total: 1000, keyset: true });
    const { ids } = await collect(client, {
      path: '/projects',
      query: { pagination: 'keyset', order_by: 'id', sort: 'asc' },
      perPage: 100,
      limit: 150,
    });
    expect(ids).toEqual(range(1, 150));
    expect(requests).toHaveLength(2);
  });
});

/**
 * A clock the service moves: each answer is `latency` ms after its request by it, or, served one
 * at a time, `latency` ms after the answer before it.
 */
function serviceClock(oneAtATime: boolean, latency = 20) {
  let now = 0;
  const sentAt = new Map<number, number>();
  return {
    clock: { now: () => now, setTimeout: () => ({ cancel: () => undefined, unref: () => undefined }) },
    delay: (page: number) => {
      sentAt.set(page, now);
      return 1;
    },
    answering: (page: number) => {
      const sent = sentAt.get(page) ?? now;
      now = oneAtATime ? Math.max(now, sent) + latency : Math.max(now, sent + latency);
    },
  };
}

describe('pages in flight', () => {
  it('keeps more pages in flight, up to twice the default, while they take no longer', async () => {
    const time = serviceClock(false);
    const { client, maxInFlight } = listService({ total: 10_000, delay: time.delay, answering: time.answering });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, clock: time.clock });
    expect(ids).toHaveLength(10_000);
    expect(maxInFlight()).toBeGreaterThan(8);
    expect(maxInFlight()).toBeLessThanOrEqual(16);
  });

  it('keeps the default when a service that answers one at a time makes each page more wait longer', async () => {
    const time = serviceClock(true);
    const { client, maxInFlight } = listService({ total: 10_000, delay: time.delay, answering: time.answering });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, clock: time.clock });
    expect(ids).toHaveLength(10_000);
    expect(maxInFlight()).toBe(8);
  });

  it('keeps a concurrency given as given, however fast pages come back', async () => {
    const time = serviceClock(false);
    const { client, maxInFlight } = listService({ total: 10_000, delay: time.delay, answering: time.answering });
    const { ids } = await collect(client, { path: '/projects', perPage: 100, concurrency: 8, clock: time.clock });
    expect(ids).toHaveLength(10_000);
    expect(maxInFlight()).toBe(8);
  });
});

describe('paginateItems and parseLinkHeader', () => {
  it('yields parsed items', async () => {
    const { client } = listService({ total: 45 });
    const out: number[] = [];
    for await (const item of paginateItems<{ id: number }>(client, { path: '/projects', perPage: 20 }))
      out.push(item.id);
    expect(out).toEqual(range(1, 45));
  });

  it('reads every rel, with or without quotes, and commas inside URLs', () => {
    const links = parseLinkHeader(
      '<https://h/api/v4/projects?page=2&a=1,2>; rel="next", <https://h/api/v4/projects?page=1>; rel=first, <https://h/x?page=9>; rel="last"',
    );
    expect(links).toEqual({
      next: 'https://h/api/v4/projects?page=2&a=1,2',
      first: 'https://h/api/v4/projects?page=1',
      last: 'https://h/x?page=9',
    });
    expect(parseLinkHeader(undefined)).toEqual({});
    expect(parseLinkHeader('garbage')).toEqual({});
  });
});
