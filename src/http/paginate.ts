import { CollabError } from '../errors.js';
import { type HttpClient, malformed, preview } from './client.js';
import type { QueryParams } from './query.js';
import { splitJsonArrayBytes } from './json-array.js';

/**
 * One page of a list: the response body's bytes and where each item lies in them. json and
 * ndjson output write those bytes through (`itemBytes`); the formats that need objects decode
 * and parse each item (`items`). No page-sized string is ever made.
 */
export class Page {
  /** Set by the paginator: the pool the body's buffer came from, for release(). */
  pool: BufferPool | undefined;

  constructor(
    private readonly body: Buffer,
    /** Start and end offsets of each item in the body, in pairs (see splitJsonArrayBytes). */
    private readonly bounds: readonly number[],
    /** How many items of the body belong to this page (fewer than the body holds when --limit cuts it). */
    readonly count: number,
    /** 1-based page number for offset pagination; undefined for keyset pages. */
    readonly number: number | undefined,
    readonly total: number | undefined,
  ) {}

  /** Item i's JSON as bytes: a view into the body, not a copy. */
  itemBytes(index: number): Buffer {
    return this.body.subarray(this.bounds[2 * index], this.bounds[2 * index + 1]);
  }

  /** Item i's JSON text. */
  item(index: number): string {
    return this.body.toString('utf8', this.bounds[2 * index], this.bounds[2 * index + 1]);
  }

  /** Every item's JSON text. */
  get items(): string[] {
    const items: string[] = [];
    for (let i = 0; i < this.count; i++) items.push(this.item(i));
    return items;
  }

  /**
   * Says that nothing refers to the body any more (no view of it is left, not even one queued in a
   * stream), so the paginator may read another page into its buffer. Optional: a page never
   * released is simply garbage. The page must not be read afterwards.
   */
  release(): void {
    this.pool?.give(this.body);
    this.pool = undefined;
  }
}

/**
 * Buffers for page bodies, used again once a page is released. A new buffer per page is external
 * memory that V8 frees only after its JS object dies; a body lives for a few young-generation
 * collections (fetched ahead, then written), so it is promoted and waits for a full collection,
 * which V8 starts only when some 30 MB of such buffers have piled up: at 100,000 projects that
 * was the growth of peak RSS over 1,000.
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];
  constructor(private readonly keep: number) {}

  /** A buffer of at least `length` bytes (all of it: the reader takes what it needs). */
  take(length: number): Buffer {
    const index = this.free.findIndex((buffer) => buffer.byteLength >= length);
    if (index !== -1) return Buffer.from(this.free.splice(index, 1)[0] as ArrayBuffer);
    // Room to spare, so that the next page, a few bytes longer, fits too.
    return Buffer.from(Buffer.allocUnsafeSlow(Math.ceil((length + 1) / 65_536) * 65_536).buffer);
  }

  give(view: Buffer): void {
    if (this.free.length < this.keep && view.byteOffset === 0) this.free.push(view.buffer as ArrayBuffer);
  }
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
  body: Buffer;
  bounds: number[];
  /** How many items the body holds. */
  count: number;
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
  const pool = new BufferPool(concurrency + 2);
  let windowQuery: QueryParams = {};
  /**
   * The text of the last item of a window's last page: the next id window starts after it. Taken
   * before the page is handed over, as the consumer may release its buffer for another page.
   */
  let lastItem: string | undefined;

  for (;;) {
    const startPage = Object.keys(windowQuery).length === 0 ? (options.page ?? 1) : 1;
    const first = await fetchPage(client, pool, client.resolve(options.path, { ...baseQuery, ...windowQuery, page: startPage }));
    // The service clamps per_page and says so in x-per-page. When a proxy stripped that header, a
    // first page shorter than asked that still links to a next page shows the size applied.
    const pageSize = first.perPage ?? (first.next && first.count > 0 && first.count < perPage ? first.count : perPage);
    let emit = pooled(new Page(first.body, first.bounds, Math.min(first.count, remaining), startPage, first.total), pool);
    if (emit.count > 0) {
      remaining -= emit.count;
      if (options.offsetWindow) lastItem = emit.item(emit.count - 1);
      yield emit;
    }
    if (remaining <= 0 || first.count === 0 || first.count < pageSize || !first.next) return;

    if (first.nextPage === undefined) {
      // Keyset pagination: each link carries the cursor for the next, so pages come one by one.
      let next: string | undefined = first.next;
      while (next && remaining > 0) {
        const page = await fetchPage(client, pool, next);
        emit = pooled(new Page(page.body, page.bounds, Math.min(page.count, remaining), undefined, undefined), pool);
        if (emit.count > 0) {
          remaining -= emit.count;
          yield emit;
        }
        if (page.count === 0) return;
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
        const promise = fetchPage(client, pool, url.toString());
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
        emit = pooled(new Page(page.body, page.bounds, Math.min(page.count, remaining), head.number, page.total ?? first.total), pool);
        if (emit.count > 0) {
          remaining -= emit.count;
          if (window && head.number >= lastWindowPage) lastItem = emit.item(emit.count - 1);
          yield emit;
        }
        const ended = remaining <= 0 || page.count < pageSize || !page.next;
        if (ended) {
          if (remaining > 0 && page.count === pageSize && head.number >= lastWindowPage && window) break;
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

function pooled(page: Page, pool: BufferPool): Page {
  page.pool = pool;
  return page;
}

function lastKeyOf(item: string, key: string): string | number | undefined {
  try {
    const value = (JSON.parse(item) as Record<string, unknown>)[key];
    return typeof value === 'number' || typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

async function fetchPage(client: HttpClient, pool: BufferPool, url: string): Promise<Fetched> {
  const response = await client.request<undefined>({ method: 'GET', path: url, responseType: 'json-bytes', bytesInto: (length) => pool.take(length) });
  const body = response.bytes ?? Buffer.alloc(0);
  const bounds = splitJsonArrayBytes(body);
  if (!bounds) throw malformed(response.request, notAnArray(body.toString('utf8'), response.headers['content-type']), response.url);
  // Every list of the API holds objects; anything else is not the list that was asked for.
  for (let i = 0; i < bounds.length; i += 2) {
    if (body[bounds[i] as number] !== 0x7b /* { */) {
      const stray = body.toString('utf8', bounds[i], bounds[i + 1]);
      throw malformed(response.request, `item ${i / 2 + 1} of the list is ${preview(stray, 40)}, not a JSON object`, response.url);
    }
  }
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
    body,
    bounds,
    count: bounds.length / 2,
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
