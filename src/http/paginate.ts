import { findSetting } from '../config/settings.js';
import { isCollabError } from '../errors.js';
import type { QueryParams } from './query.js';
import type { RequestClient } from './api-request.js';
import { parseLinkHeader } from './headers.js';
import { ListGuard, type OffsetWindow } from './list-guard.js';
import { type Fetched, fetchPage } from './page-fetch.js';
import { BufferPool, DeadBufferCollector, Page } from './page-memory.js';
import { PagesInFlight } from './pages-in-flight.js';
import { type Clock, systemClock } from '../runtime.js';

// Where the lists' readers have always found them: a page (page-memory.ts) and the Link header's parser.
export { Page, parseLinkHeader };

/*
 * The paging strategies of a list: one page as the service numbers them, offset pages fetched
 * ahead in order, keyset links followed one by one, and windows anchored on the last id past the
 * offset limit. Where pages live is page-memory.ts; one page's request, page-fetch.ts.
 */

export interface PaginateOptions {
  path: string;
  query?: QueryParams;
  /** Stop after this many items (undefined: every item). */
  limit?: number | undefined;
  /** Items asked for per page (the caller's rule: `pageSize` in src/list-flags.ts for the list flags). */
  perPage: number;
  /**
   * Only this page (offset pagination), as the service numbers pages of `perPage` items (20 by
   * default, whatever the limit): `--page 2 --per-page 5` is items 6 to 10. The limit still cuts it.
   */
  page?: number | undefined;
  /**
   * Pages in flight at once (offset pagination only; keyset links must be followed one by one);
   * undefined: the concurrency setting's default, and more while the service keeps its pace
   * (PagesInFlight).
   */
  concurrency?: number | undefined;
  /** What times the pages for PagesInFlight: the run's clock. */
  clock?: Clock | undefined;
  /** Lists ordered by id: past `maxRecords`, windows anchored on the last id (see OffsetWindow). */
  offsetWindow?: OffsetWindow | undefined;
  /** Told the number of items handed over so far, as each page is handed over. */
  onProgress?: ((itemsSoFar: number) => void) | undefined;
  /** Told once the listing has ended (not when the consumer stops early, nor on a failure). */
  onSummary?: ((summary: ListSummary) => void) | undefined;
  /** Who may read the list, in the API reference's words (ApiRequest.requires): a 403 says so. */
  requires?: string | undefined;
  /**
   * The service answers this list whole, whatever page and per_page say (GitLab's integrations:
   * `present integrations`, no `paginate`): `page` is then cut from that answer here, as the
   * service would number it, and the answer's length is the list's total.
   */
  whole?: boolean | undefined;
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

/**
 * Pages of a list as an async iterator. Offset pages are fetched speculatively ahead of the
 * consumer (PagesInFlight: `concurrency`, or more) without knowing the total, and handed over
 * strictly in order; the first short or empty page ends the list, so no item is written twice or
 * skipped.
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

/** Pages in flight when the caller does not say: the concurrency setting's default (config/settings.ts). */
const DEFAULT_CONCURRENCY = Number(findSetting('concurrency').default);

/**
 * Dead socket reads (external memory, up to 64 KB each) and promoted garbage let pile up before a
 * full collection frees them (see DeadBufferCollector): 8 MB took csv at 100,000 projects past 1.3x
 * the peak RSS of 1,000.
 */
const DEAD_BUFFER_SLACK = 4 * 1024 * 1024;

/**
 * What the strategies share while one list is read: the items still wanted, the pool and the
 * collector, the guard that checks each page, and whether the consumer is done.
 */
class Listing {
  /** Items still wanted (the limit less what was handed over). */
  remaining: number;
  /** How many pages are kept in flight. */
  readonly pagesInFlight: PagesInFlight;
  readonly clock: Clock;
  readonly window: OffsetWindow | undefined;
  readonly guard: ListGuard;
  /** Set once the consumer is done (or gone): requests still coming back start no others. */
  stopped = false;
  /** The pool has room for every page held. */
  private readonly pool: BufferPool;
  private readonly deadBuffers = new DeadBufferCollector(DEAD_BUFFER_SLACK);
  private keysetPages = 1;
  /**
   * Pages of an id window, once the service has said so: its offset limit can be lower than
   * `window.maxRecords` (see PagesAhead.pages), and the next windows then end before it.
   */
  windowPages: number | undefined;

  constructor(
    readonly client: RequestClient,
    readonly options: PaginateOptions,
    readonly summary: ListSummary,
  ) {
    this.remaining = options.limit ?? Number.POSITIVE_INFINITY;
    this.pagesInFlight =
      options.concurrency === undefined
        ? new PagesInFlight(DEFAULT_CONCURRENCY, true)
        : new PagesInFlight(Math.max(1, options.concurrency), false);
    this.clock = options.clock ?? systemClock;
    this.pool = new BufferPool(this.pagesInFlight.ceiling + 4);
    this.window = options.offsetWindow;
    this.guard = new ListGuard(this.window);
  }

  /** One page; the time it took tells pagesInFlight how the service keeps up (page 1's, alone, most of all). */
  async fetch(url: string): Promise<Fetched> {
    const sent = this.clock.now();
    const page = await fetchPage(this.client, this.pool, url, this.options.requires);
    this.pagesInFlight.took(this.clock.now() - sent);
    return page;
  }

  /**
   * Checks a page before it is handed over (the guard also takes the keys it needs from it now,
   * as the consumer may release its buffer for another page) and cuts it at the limit.
   */
  admit(fetched: Fetched, number: number | undefined, total: number | undefined): Page {
    const { guard, summary } = this;
    const skip = guard.admit(
      fetched,
      number === undefined ? `keyset page ${++this.keysetPages}` : `page ${number}`,
      summary.items,
    );
    if (number !== undefined && fetched.nextPage !== undefined)
      guard.offsetNext(number, fetched.nextPage, summary.items);
    const bounds = skip === 0 ? fetched.bounds : fetched.bounds.slice(2 * skip);
    const page = new Page(fetched.body, bounds, Math.min(fetched.count - skip, this.remaining), number, total);
    page.pool = this.pool;
    this.remaining -= page.count;
    if (this.remaining <= 0) summary.more = fetched.count - skip > page.count || fetched.next !== undefined;
    return page;
  }

  /** Hands a page over unless it is empty, freeing dead read buffers first when they pile up. */
  *hand(page: Page): Generator<Page> {
    if (page.count === 0) return;
    this.deadBuffers.check();
    yield page;
  }
}

/** paginate's pages; `summary` is told the total and whether items are left when the limit cuts the list. */
async function* pages(client: RequestClient, options: PaginateOptions, summary: ListSummary): AsyncGenerator<Page> {
  const listing = new Listing(client, options, summary);
  if (listing.remaining <= 0) return;
  const query: QueryParams = { ...options.query, per_page: options.perPage };
  if (options.page !== undefined) {
    const cut = options.whole ? options.perPage : undefined;
    yield* onePage(listing, client.resolve(options.path, { ...query, page: options.page }), options.page, cut);
    return;
  }
  let windowQuery: QueryParams = {};
  try {
    for (;;) {
      const first = await listing.fetch(client.resolve(options.path, { ...query, ...windowQuery, page: 1 }));
      // The service clamps per_page and says so in x-per-page. When a proxy stripped that header, a
      // first page shorter than asked that still links to a next page shows the size applied.
      const size =
        first.perPage ??
        (first.next && first.count > 0 && first.count < options.perPage ? first.count : options.perPage);
      if (first.total !== undefined && summary.total === undefined) summary.total = first.total;
      const firstPage = listing.admit(first, 1, first.total);
      // A short page is not the end: GitLab pages before it filters what the caller may see, so a
      // page can hold fewer than asked and still have a next one. The next page's header says; an
      // empty page ends the list whatever it says (no endless walk through empty pages).
      const ended = listing.remaining <= 0 || first.count === 0 || !first.next;
      if (ended || first.nextPage === undefined) {
        firstPage.last = ended;
        yield* listing.hand(firstPage);
        if (!ended) yield* keysetPages(listing, first.next);
        return;
      }
      // Offset pagination: the following pages are fetched ahead, starting before the first page
      // is handed over (its writing overlaps their wait).
      const ahead = new PagesAhead(listing, first, size);
      yield* listing.hand(firstPage);
      const windowUsedUp = yield* ahead.pages(first.total);
      if (!windowUsedUp || listing.remaining <= 0) return;
      // The window is used up: start the next one after the last item handed over.
      const next = listing.guard.nextWindow(summary.items);
      if (!next) return;
      windowQuery = next;
    }
  } finally {
    listing.stopped = true;
  }
}

/** One page, as the service numbers them; of a list answered whole, the `cut` items it would hold. */
async function* onePage(listing: Listing, url: string, number: number, cut?: number): AsyncGenerator<Page> {
  const answer = await listing.fetch(url);
  const only = cut === undefined ? answer : pageOfWhole(answer, number, cut);
  listing.summary.total = only.total;
  const page = listing.admit(only, number, only.total);
  listing.summary.more =
    only.count > page.count || only.next !== undefined || (cut !== undefined && number * cut < answer.count);
  page.last = true;
  yield* listing.hand(page);
}

/** Page `number` of `size` items of a list the service answered whole: its items, and its length as the total. */
function pageOfWhole(answer: Fetched, number: number, size: number): Fetched {
  const start = Math.min((number - 1) * size, answer.count);
  const end = Math.min(start + size, answer.count);
  return {
    ...answer,
    bounds: answer.bounds.slice(2 * start, 2 * end),
    count: end - start,
    next: undefined,
    nextPage: undefined,
    total: answer.count,
    totalPages: Math.ceil(answer.count / size),
    perPage: size,
  };
}

/** Keyset pagination: each link carries the cursor for the next, so pages come one by one. */
async function* keysetPages(listing: Listing, first: string | undefined): AsyncGenerator<Page> {
  let next = first;
  while (next && listing.remaining > 0) {
    listing.guard.follow(next, listing.summary.items);
    const page = await listing.fetch(next);
    yield* listing.hand(listing.admit(page, undefined, undefined));
    if (page.count === 0) return;
    next = page.next;
  }
}

/**
 * Offset pages after the first, fetched ahead and handed over in order. Requests go out as soon
 * as one comes back, not when its page has been written: the writing of a page then overlaps the
 * wait for the next ones. Pages that came back and wait to be written count too, so slow output
 * stops the fetching: at most two more than are in flight (PagesInFlight), so that a page slow to
 * come back holds up no more than two others. Half as many again as `concurrency` (12 pages at 8) was
 * no faster and held 1 to 3 MB more at 100,000 projects; twice as many took more still
 * (bench/README.md "Page memory").
 */
class PagesAhead {
  private readonly inFlight: Array<{ number: number; promise: Promise<Fetched>; back: boolean }> = [];
  private active = 0;
  private nextToRequest: number;
  private readonly template: URL;
  private readonly lastPage: number;
  /** The last page of an id window (past it, the next window). */
  private readonly lastWindowPage: number;
  /** The window has ended (used up, or cut by the service): pages coming back start no others. */
  private done = false;

  constructor(
    private readonly listing: Listing,
    first: Fetched,
    /** The page size the service applies. */
    private readonly size: number,
  ) {
    // The following pages' URLs are built from the next link.
    this.template = new URL(first.next as string);
    this.nextToRequest = first.nextPage ?? 0;
    const { remaining, window } = listing;
    const pagesForLimit = Number.isFinite(remaining) ? 1 + Math.ceil(remaining / size) : Number.POSITIVE_INFINITY;
    this.lastWindowPage =
      listing.windowPages ?? (window ? Math.floor(window.maxRecords / size) : Number.POSITIVE_INFINITY);
    this.lastPage = Math.min(first.totalPages ?? Number.POSITIVE_INFINITY, pagesForLimit, this.lastWindowPage);
    this.launch();
  }

  private launch(): void {
    const { listing } = this;
    const limit = listing.pagesInFlight;
    while (
      !listing.stopped &&
      !this.done &&
      this.active < limit.current &&
      this.inFlight.length < limit.current + 2 &&
      this.nextToRequest <= this.lastPage
    ) {
      const number = this.nextToRequest++;
      const url = new URL(this.template);
      url.searchParams.set('page', String(number));
      const promise = listing.fetch(url.toString());
      const entry = { number, promise, back: false };
      this.active++;
      // A page fetched ahead may never be awaited if the list ends first; keep its failure quiet.
      promise.then(
        (page) => {
          this.active--;
          entry.back = true;
          if (page.count > 0 && page.next) this.launch();
        },
        () => {
          this.active--;
          entry.back = true;
        },
      );
      this.inFlight.push(entry);
    }
  }

  /** The pages in order; returns whether the id window was used up with items still to come (true) or the list ended. */
  async *pages(firstTotal: number | undefined): AsyncGenerator<Page, boolean> {
    try {
      return yield* this.inOrder(firstTotal);
    } finally {
      this.done = true;
    }
  }

  private async *inOrder(firstTotal: number | undefined): AsyncGenerator<Page, boolean> {
    const { listing } = this;
    while (this.inFlight.length > 0) {
      const head = this.inFlight.shift() as { number: number; promise: Promise<Fetched>; back: boolean };
      listing.pagesInFlight.waiting = !head.back;
      let page: Fetched;
      try {
        page = await head.promise;
      } catch (error) {
        if (!this.windowCut(error, head.number)) throw error;
        // Every page before this one was handed over: the next window starts after its last id.
        listing.windowPages = head.number - 1;
        return true;
      }
      listing.pagesInFlight.waiting = false;
      yield* listing.hand(listing.admit(page, head.number, page.total ?? firstTotal));
      const ended = listing.remaining <= 0 || page.count === 0 || !page.next;
      if (ended)
        return (
          listing.remaining > 0 &&
          page.count === this.size &&
          head.number >= this.lastWindowPage &&
          listing.window !== undefined
        );
      this.launch();
    }
    return true;
  }

  /**
   * The service refused an offset page of an id window as past its offset limit: 405 (GitLab's
   * "Offset pagination has a maximum allowed offset of …", doc/api/rest/_index.md "Offset-based
   * pagination"). A self-managed instance sets that limit lower than the default 50,000
   * (doc/administration/instance_limits.md, "Max offset allowed by the REST API for offset-based
   * pagination"). Page 1 of a window is never past it; a refusal there is the caller's to explain.
   */
  private windowCut(error: unknown, number: number): boolean {
    return this.listing.window !== undefined && number > 1 && isCollabError(error) && error.status === 405;
  }
}

/** Every item of a list, parsed: for commands that need the objects themselves (not for output). */
export async function* paginateItems<T = unknown>(client: RequestClient, options: PaginateOptions): AsyncGenerator<T> {
  for await (const page of paginate(client, options)) {
    for (const item of page.items) yield JSON.parse(item) as T;
  }
}
