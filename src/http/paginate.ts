import { CollabError } from '../errors.js';
import { type HttpClient, malformed, preview } from './client.js';
import type { QueryParams } from './query.js';
import { splitJsonArray } from './json-array.js';

/** One page of a list: each item's JSON text, parsed only by the output formats that need objects. */
export interface Page {
  items: string[];
  /** 1-based page number for offset pagination; undefined for keyset pages. */
  number: number | undefined;
  total: number | undefined;
}

export interface PaginateOptions {
  path: string;
  query?: QueryParams;
  /** Stop after this many items (undefined: every item). */
  limit?: number | undefined;
  perPage?: number | undefined;
  /** Start at this page (offset pagination). */
  page?: number | undefined;
  /** Pages in flight at once (offset pagination only; keyset links must be followed one by one). */
  concurrency?: number | undefined;
  /**
   * GET /projects serves offset pages only for the first 50,000 records. When the list is ordered
   * by id, the paginator re-anchors past that point: the next window starts after the last id
   * written (`id_after` ascending, `id_before` descending), again with pages fetched in parallel.
   */
  offsetWindow?: { maxRecords: number; key: string; param: 'id_after' | 'id_before' } | undefined;
}

interface Fetched {
  items: string[];
  next: string | undefined;
  nextPage: number | undefined;
  totalPages: number | undefined;
  total: number | undefined;
  perPage: number | undefined;
}

/**
 * Pages of a list as an async iterator. Offset pages are fetched speculatively ahead of the
 * consumer (`concurrency` in flight) without knowing the total, and handed over strictly in
 * order; the first short or empty page ends the list, so no item is written twice or skipped.
 * Fetching only continues as the consumer asks for pages, so slow output holds back the network.
 */
export async function* paginate(client: HttpClient, options: PaginateOptions): AsyncGenerator<Page> {
  const perPage = options.perPage ?? (options.limit !== undefined ? Math.min(Math.max(options.limit, 1), 100) : 20);
  const concurrency = Math.max(1, options.concurrency ?? 8);
  let remaining = options.limit ?? Number.POSITIVE_INFINITY;
  if (remaining <= 0) return;

  const baseQuery: QueryParams = { ...options.query, per_page: perPage };
  let windowQuery: QueryParams = {};
  let lastItem: string | undefined;

  for (;;) {
    const startPage = Object.keys(windowQuery).length === 0 ? (options.page ?? 1) : 1;
    const first = await fetchPage(client, client.resolve(options.path, { ...baseQuery, ...windowQuery, page: startPage }));
    // The service clamps per_page and says so in x-per-page. When a proxy stripped that header, a
    // first page shorter than asked that still links to a next page shows the size applied.
    const pageSize = first.perPage ?? (first.next && first.items.length > 0 && first.items.length < perPage ? first.items.length : perPage);
    let emit = first.items.slice(0, remaining);
    if (emit.length > 0) {
      remaining -= emit.length;
      lastItem = emit[emit.length - 1];
      yield { items: emit, number: startPage, total: first.total };
    }
    if (remaining <= 0 || first.items.length === 0 || first.items.length < pageSize || !first.next) return;

    if (first.nextPage === undefined) {
      // Keyset pagination: each link carries the cursor for the next, so pages come one by one.
      let next: string | undefined = first.next;
      while (next && remaining > 0) {
        const page = await fetchPage(client, next);
        emit = page.items.slice(0, remaining);
        if (emit.length > 0) {
          remaining -= emit.length;
          yield { items: emit, number: undefined, total: undefined };
        }
        if (page.items.length === 0) return;
        next = page.next;
      }
      return;
    }

    // Offset pagination: build the following pages' URLs from the next link and fetch ahead.
    const template = new URL(first.next);
    const lastKnownPage = first.totalPages;
    const pagesForLimit = Number.isFinite(remaining) ? startPage + Math.ceil(remaining / pageSize) : Number.POSITIVE_INFINITY;
    const window = options.offsetWindow;
    const lastWindowPage = window ? Math.floor(window.maxRecords / pageSize) : Number.POSITIVE_INFINITY;
    const lastPage = Math.min(lastKnownPage ?? Number.POSITIVE_INFINITY, pagesForLimit, lastWindowPage);
    let nextToRequest = first.nextPage;
    const inFlight: Array<{ number: number; promise: Promise<Fetched> }> = [];
    const launch = () => {
      while (inFlight.length < concurrency && nextToRequest <= lastPage) {
        const number = nextToRequest++;
        const url = new URL(template);
        url.searchParams.set('page', String(number));
        const promise = fetchPage(client, url.toString());
        // A page fetched ahead may never be awaited if the list ends first; keep its failure quiet.
        promise.catch(() => undefined);
        inFlight.push({ number, promise });
      }
    };
    {
      launch();
      while (inFlight.length > 0) {
        const head = inFlight.shift() as { number: number; promise: Promise<Fetched> };
        const page = await head.promise;
        emit = page.items.slice(0, remaining);
        if (emit.length > 0) {
          remaining -= emit.length;
          lastItem = emit[emit.length - 1];
          yield { items: emit, number: head.number, total: page.total ?? first.total };
        }
        const ended = remaining <= 0 || page.items.length < pageSize || !page.next;
        if (ended) {
          if (remaining > 0 && page.items.length === pageSize && head.number >= lastWindowPage && window) break;
          return;
        }
        launch();
      }
      if (!window || remaining <= 0 || lastItem === undefined) return;
      // The window is used up: start the next one after the last item written.
      const key = lastKeyOf(lastItem, window.key);
      if (key === undefined) return;
      windowQuery = { [window.param]: key };
    }
  }
}

function lastKeyOf(item: string, key: string): string | number | undefined {
  try {
    const value = (JSON.parse(item) as Record<string, unknown>)[key];
    return typeof value === 'number' || typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

async function fetchPage(client: HttpClient, url: string): Promise<Fetched> {
  const response = await client.request<undefined>({ method: 'GET', path: url, responseType: 'json-text' });
  const items = splitJsonArray(response.text);
  if (!items) throw malformed(response.request, notAnArray(response.text, response.headers['content-type']), response.url);
  // Every list of the API holds objects; anything else is not the list that was asked for.
  const stray = items.findIndex((item) => item.charCodeAt(0) !== 0x7b /* { */);
  if (stray !== -1) throw malformed(response.request, `item ${stray + 1} of the list is ${preview(items[stray] as string, 40)}, not a JSON object`, response.url);
  const h = response.headers;
  const link = parseLinkHeader(h.link);
  let next = link.next;
  const nextPage = numberHeader(h['x-next-page']);
  if (!next && nextPage !== undefined) {
    // Some proxies drop the link header; x-next-page still says where to go.
    const url = new URL(response.url);
    url.searchParams.set('page', String(nextPage));
    next = url.toString();
  }
  const isOffset = nextPage !== undefined || (next !== undefined && /[?&]page=\d+/.test(next) && !/[?&](cursor|id_after|id_before)=/.test(next));
  return {
    items,
    next,
    nextPage: isOffset ? (nextPage ?? pageOf(next)) : undefined,
    totalPages: numberHeader(h['x-total-pages']),
    total: numberHeader(h['x-total']),
    perPage: numberHeader(h['x-per-page']),
  };
}

/** What came instead of a list. */
function notAnArray(text: string, contentType: string | undefined): string {
  const type = contentType ? contentType.split(';')[0] : 'no content type';
  const body = text.trim();
  if (body === '') return `an empty body (${type}) where a JSON array was expected`;
  if (body.startsWith('<')) return `an HTML page (${type}) instead of a JSON array; is a proxy or login page in the way?`;
  if (body.startsWith('{')) return `a JSON object where a JSON array was expected (${preview(body, 80)})`;
  if (body.startsWith('[')) return `a JSON array that is malformed or truncated (${type}, ${text.length} bytes)`;
  return `text instead of a JSON array (${type}, ${text.length} bytes: "${preview(body)}")`;
}

function pageOf(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const value = new URL(url).searchParams.get('page');
  return value ? Number(value) : undefined;
}

function numberHeader(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** `<https://h/api/v4/projects?page=2>; rel="next", <...>; rel="last"` -> { next: ..., last: ... } */
export function parseLinkHeader(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!match) continue;
    const rel = /rel="?([^";]+)"?/.exec(match[2] ?? '')?.[1];
    if (rel && match[1]) for (const name of rel.split(/\s+/)) links[name] = match[1];
  }
  return links;
}

/** Every item of a list, parsed: for commands that need the objects themselves (not for output). */
export async function* paginateItems<T = unknown>(client: HttpClient, options: PaginateOptions): AsyncGenerator<T> {
  for await (const page of paginate(client, options)) {
    for (const item of page.items) yield JSON.parse(item) as T;
  }
}

export function assertArray(value: unknown, info: { method: string; path: string }): unknown[] {
  if (!Array.isArray(value)) throw new CollabError('malformed', `malformed response from ${info.method} ${info.path}: expected a JSON array`);
  return value;
}
