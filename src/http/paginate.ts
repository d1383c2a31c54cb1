import { getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RequestClient } from './api-request.js';
import { numberHeader, parseLinkHeader } from './headers.js';
export { parseLinkHeader };
import type { QueryParams } from './query.js';
import { ListGuard, type OffsetWindow } from './list-guard.js';
import { listBody, malformed, preview } from './response-body.js';
import { pageSize } from '../list-flags.js';
import type { RequestInfo } from '../errors.js';

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

  /**
   * The items as ndjson lines, in one view of the body: the byte between each item and the next
   * (the comma of compact JSON) is made a newline, in place, so that a page is one write instead
   * of two per item. Undefined when the items are not exactly one byte apart (the service put
   * spaces between them): the caller then writes them one by one. The items stay as they were.
   */
  linesInPlace(): Buffer | undefined {
    const { body, bounds } = this;
    const last = this.count - 1;
    if (last < 0) return undefined;
    for (let i = 0; i < last; i++) if ((bounds[2 * i + 2] as number) !== (bounds[2 * i + 1] as number) + 1) return undefined;
    for (let i = 0; i < last; i++) body[bounds[2 * i + 1] as number] = 0x0a;
    return body.subarray(bounds[0], bounds[2 * last + 1]);
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

/**
 * Starts a full garbage collection when dead ArrayBuffers pile up. Each socket read makes a new
 * ArrayBuffer (up to 64 KB, about 7 a page of 100 projects). With 3 or more pages in flight the
 * client, not the service, sets the pace, and those buffers, though the paginator copies them out
 * within microseconds of their arrival, end up promoted to the old generation (seen with
 * `process.memoryUsage().arrayBuffers`: 400 KB more a page at 3 pages in flight or more, not at 1
 * or 2; a heap snapshot, which collects first, finds nothing holding them; socket data pushed as
 * views of reused buffers instead made the growth disappear). Only a full collection frees them, and V8 starts its first one only when the
 * old generation reaches its initial limit: 20 to 25 MB of such buffers later, the peak RSS of a
 * long listing (94 MB against 67 MB for 1,000 projects). After that first full collection V8 sets
 * limits that keep them down by itself, so this fires a few times per process, a few ms each.
 */
class DeadBufferCollector {
  private limit: number;
  /** gc(), once looked up; null where it is not exposed. */
  private collect: (() => void) | null | undefined;
  /** `slack`: how far above the last measure (live buffers, the pool's included) before collecting. */
  constructor(private readonly slack: number) {
    this.limit = externalMemory() + slack;
  }

  /** Called once a page. */
  check(): void {
    if (externalMemory() < this.limit) return;
    // The launcher sets --expose-gc with the other V8 flags (src/launcher.cjs): set after the
    // process's context exists, it gives gc() to new contexts only. Run another way (tests in
    // process), there is none, and V8 collects when it will.
    if (this.collect === undefined) this.collect = runInNewContext('typeof gc === "function" ? gc : null') as (() => void) | null;
    if (this.collect === null) return;
    this.collect();
    this.limit = externalMemory() + this.slack;
  }
}

/**
 * Memory outside V8's heap, ArrayBuffers included: the heap statistics' figure, which costs a tenth
 * of process.memoryUsage() (that one also reads the RSS from the system).
 */
function externalMemory(): number {
  return getHeapStatistics().external_memory;
}

export interface PaginateOptions {
  path: string;
  query?: QueryParams;
  /** Stop after this many items (undefined: every item). */
  limit?: number | undefined;
  perPage?: number | undefined;
  /**
   * Only this page (offset pagination), as the service numbers pages of `perPage` items (20 by
   * default, whatever the limit): `--page 2 --per-page 5` is items 6 to 10. The limit still cuts it.
   */
  page?: number | undefined;
  /** Pages in flight at once (offset pagination only; keyset links must be followed one by one). */
  concurrency?: number | undefined;
  /** Lists ordered by id: past `maxRecords`, windows anchored on the last id (see OffsetWindow). */
  offsetWindow?: OffsetWindow | undefined;
  /** Told the number of items handed over so far, as each page is handed over. */
  onProgress?: ((itemsSoFar: number) => void) | undefined;
  /** Told once the listing has ended (not when the consumer stops early, nor on a failure). */
  onSummary?: ((summary: ListSummary) => void) | undefined;
}

/** How a listing ended. */
export interface ListSummary {
  /** Items handed over. */
  items: number;
  /** The list's size when the service said (x-total; left out above 10,000 records and on keyset pages). */
  total: number | undefined;
  /** The listing stopped at the limit (or at the one page asked for) while the service has more items. */
  more: boolean;
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
export async function* paginate(client: RequestClient, options: PaginateOptions): AsyncGenerator<Page> {
  const summary: ListSummary = { items: 0, total: undefined, more: false };
  for await (const page of pages(client, options, summary)) {
    summary.items += page.count;
    options.onProgress?.(summary.items);
    yield page;
  }
  options.onSummary?.(summary);
}

/** paginate's pages; `summary` is told the total and whether items are left when the limit cuts the list. */
async function* pages(client: RequestClient, options: PaginateOptions, summary: ListSummary): AsyncGenerator<Page> {
  const perPage = pageSize(options);
  const concurrency = Math.max(1, options.concurrency ?? 8);
  let remaining = options.limit ?? Number.POSITIVE_INFINITY;
  if (remaining <= 0) return;

  const baseQuery: QueryParams = { ...options.query, per_page: perPage };
  // Pages held at once, in flight or fetched and not yet written: half as many again as
  // `concurrency` (see launch, below). The pool has room for all of them.
  const maxHeld = concurrency + Math.ceil(concurrency / 2);
  const pool = new BufferPool(maxHeld + 2);
  const deadBuffers = new DeadBufferCollector(8 * 1024 * 1024);
  const window = options.offsetWindow;
  const guard = new ListGuard(window);
  /**
   * Checks a page before it is handed over (the guard also takes the keys it needs from it now,
   * as the consumer may release its buffer for another page) and cuts it at the limit.
   */
  let keysetPages = 1;
  const admit = (fetched: Fetched, number: number | undefined, total: number | undefined): Page => {
    const skip = guard.admit(fetched, number === undefined ? `keyset page ${++keysetPages}` : `page ${number}`, summary.items);
    if (number !== undefined && fetched.nextPage !== undefined) guard.offsetNext(number, fetched.nextPage, summary.items);
    const bounds = skip === 0 ? fetched.bounds : fetched.bounds.slice(2 * skip);
    const page = pooled(new Page(fetched.body, bounds, Math.min(fetched.count - skip, remaining), number, total), pool);
    remaining -= page.count;
    if (remaining <= 0) summary.more = fetched.count - skip > page.count || fetched.next !== undefined;
    return page;
  };

  if (options.page !== undefined) {
    // One page, as the service numbers them.
    const only = await fetchPage(client, pool, client.resolve(options.path, { ...baseQuery, page: options.page }));
    summary.total = only.total;
    const page = admit(only, options.page, only.total);
    summary.more = only.count > page.count || only.next !== undefined;
    if (page.count > 0) yield page;
    return;
  }

  let windowQuery: QueryParams = {};
  /** Set once the consumer is done (or gone): requests still coming back start no others. */
  let stopped = false;
  try {
    for (;;) {
      const first = await fetchPage(client, pool, client.resolve(options.path, { ...baseQuery, ...windowQuery, page: 1 }));
      // The service clamps per_page and says so in x-per-page. When a proxy stripped that header, a
      // first page shorter than asked that still links to a next page shows the size applied.
      const pageSize = first.perPage ?? (first.next && first.count > 0 && first.count < perPage ? first.count : perPage);
      if (first.total !== undefined && summary.total === undefined) summary.total = first.total;
      const firstPage = admit(first, 1, first.total);
      const ended = remaining <= 0 || first.count === 0 || first.count < pageSize || !first.next;

      // Offset pagination: the following pages' URLs are built from the next link, and fetched
      // ahead, starting before the first page is handed over (its writing overlaps their wait).
      const offset = !ended && first.next !== undefined && first.nextPage !== undefined;
      const lastKnownPage = first.totalPages;
      const pagesForLimit = Number.isFinite(remaining) ? 1 + Math.ceil(remaining / pageSize) : Number.POSITIVE_INFINITY;
      const lastWindowPage = window ? Math.floor(window.maxRecords / pageSize) : Number.POSITIVE_INFINITY;
      const lastPage = offset ? Math.min(lastKnownPage ?? Number.POSITIVE_INFINITY, pagesForLimit, lastWindowPage) : 0;
      const template = offset ? new URL(first.next as string) : undefined;
      let nextToRequest = first.nextPage ?? 0;
      // Requests go out as soon as one comes back, not when its page has been written: the
      // writing of a page then overlaps the wait for the next ones. Pages that came back and wait
      // to be written count too, so slow output stops the fetching: at most half as many again as
      // `concurrency` are held. (Holding twice as many was no faster, and listing 100,000 projects
      // took 2 MB more: 86 MB against 84 MB peak RSS, ndjson.)
      const inFlight: Array<{ number: number; promise: Promise<Fetched> }> = [];
      let active = 0;
      const launch = (): void => {
        while (template && !stopped && active < concurrency && inFlight.length < maxHeld && nextToRequest <= lastPage) {
          const number = nextToRequest++;
          const url = new URL(template);
          url.searchParams.set('page', String(number));
          const promise = fetchPage(client, pool, url.toString());
          active++;
          // A page fetched ahead may never be awaited if the list ends first; keep its failure quiet.
          promise.then(
            (page) => {
              active--;
              if (page.count === pageSize && page.next) launch();
            },
            () => {
              active--;
            },
          );
          inFlight.push({ number, promise });
        }
      };
      launch();

      if (firstPage.count > 0) {
        deadBuffers.check();
        yield firstPage;
      }
      if (ended) return;

      if (first.nextPage === undefined) {
        // Keyset pagination: each link carries the cursor for the next, so pages come one by one.
        let next: string | undefined = first.next;
        while (next && remaining > 0) {
          guard.follow(next, summary.items);
          const page = await fetchPage(client, pool, next);
          const emit = admit(page, undefined, undefined);
          if (emit.count > 0) {
            deadBuffers.check();
            yield emit;
          }
          if (page.count === 0) return;
          next = page.next;
        }
        return;
      }

      while (inFlight.length > 0) {
        const head = inFlight.shift() as { number: number; promise: Promise<Fetched> };
        const page = await head.promise;
        const emit = admit(page, head.number, page.total ?? first.total);
        if (emit.count > 0) {
          deadBuffers.check();
          yield emit;
        }
        const ended = remaining <= 0 || page.count < pageSize || !page.next;
        if (ended) {
          if (remaining > 0 && page.count === pageSize && head.number >= lastWindowPage && window) break;
          return;
        }
        launch();
      }
      if (remaining <= 0) return;
      // The window is used up: start the next one after the last item handed over.
      const next = guard.nextWindow(summary.items);
      if (!next) return;
      windowQuery = next;
    }
  } finally {
    stopped = true;
  }
}

function pooled(page: Page, pool: BufferPool): Page {
  page.pool = pool;
  return page;
}

async function fetchPage(client: RequestClient, pool: BufferPool, url: string): Promise<Fetched> {
  const response = await client.request<undefined>({ method: 'GET', path: url, responseType: 'json-bytes', bytesInto: (length) => pool.take(length) });
  const { body, bounds } = listBody(response.bytes ?? Buffer.alloc(0), response.headers['content-type'], response.request, response.url);
  const h = response.headers;
  const link = parseLinkHeader(h.link);
  let next = link.next === undefined ? undefined : pageLink(client, link.next, response.request, response.url);
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

/**
 * A Link's next page, resolved against the page that gave it (relative, protocol-relative). One that
 * is no URL, or leads to another origin or out of the API root, ends the listing (exit 1): followed
 * without the token it would list only public items, or another service's, as this list.
 */
function pageLink(client: RequestClient, link: string, request: RequestInfo, from: string): string {
  let url: URL;
  try {
    url = new URL(link, from);
  } catch {
    throw malformed(request, `the Link header's next page "${preview(link, 80)}" is not a URL`, from);
  }
  if (url.origin !== client.origin) throw malformed(request, `the Link header's next page leads to another origin (${url.origin}); collab follows page links on ${client.origin} only`, from);
  if (!url.href.startsWith(`${client.baseUrl}/`)) throw malformed(request, `the Link header's next page leads out of the API root (${url.pathname})`, from);
  return url.toString();
}

function pageOf(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const value = new URL(url).searchParams.get('page');
  return value ? Number(value) : undefined;
}

/** Every item of a list, parsed: for commands that need the objects themselves (not for output). */
export async function* paginateItems<T = unknown>(client: RequestClient, options: PaginateOptions): AsyncGenerator<T> {
  for await (const page of paginate(client, options)) {
    for (const item of page.items) yield JSON.parse(item) as T;
  }
}
