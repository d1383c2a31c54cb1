/**
 * How many offset pages a listing keeps in flight. A number the user gave (`--concurrency`, the
 * concurrency setting) is kept as given. Left to collab, it starts at the setting's default and
 * goes up to twice that while few pages queue at the service, back down (never below the start)
 * when many do: the Vegas limit of Netflix's concurrency-limits (VegasLimit, after TCP Vegas), with
 * its defaults for limits under 100. A page that took `ms` where the fastest took `fastest` says
 * that, of `n` in flight, about ceil(n x (1 - fastest / ms)) wait at the service rather than travel
 * or get served: none or one, and it adds BETA pages; under ALPHA, one; over BETA, it gives one
 * back. It adds only while the listing waits for its next page (as VegasLimit only while its limit
 * is in use), and not before a round of pages at the start came back: the first page, alone, says
 * how fast the service is unloaded, the round how it takes `start` at once. So a service that has
 * room (GitLab.com's fleet, Puma threads to spare, a long network path) gets more pages at once, and
 * one that queues them (its threads taken, its rate limit's waits, retries) no more than the start.
 */
export class PagesInFlight {
  /** Pages to keep in flight now. */
  current: number;
  /** The most it goes to. */
  readonly ceiling: number;
  /** The listing is waiting for its next page: the network, not the output, sets the pace. */
  waiting = false;
  private fastest = Number.POSITIVE_INFINITY;
  private pagesBack = 0;

  constructor(
    private readonly start: number,
    adaptive: boolean,
  ) {
    this.current = start;
    this.ceiling = adaptive ? pagesCeiling(start) : start;
  }

  /** A page came back `ms` after it was asked for. */
  took(ms: number): void {
    if (this.ceiling === this.start) return;
    this.pagesBack++;
    this.fastest = Math.min(this.fastest, ms);
    // By a clock that did not move (the tests', unless they move it; a page in under a
    // millisecond) nothing is known.
    if (!(this.fastest > 0)) return;
    const queued = Math.ceil(this.current * (1 - this.fastest / ms));
    if (queued > BETA) this.current = Math.max(this.start, this.current - 1);
    else if (this.waiting && this.pagesBack > this.start && queued < ALPHA)
      this.current = Math.min(this.ceiling, this.current + (queued <= THRESHOLD ? BETA : 1));
  }
}

/** The most pages in flight a listing left to collab goes to, from `start`. */
export function pagesCeiling(start: number): number {
  return 2 * start;
}

/**
 * VegasLimit's defaults below a limit of 100 (3, 6 and 1 times log10 of the limit, at least 1):
 * pages queued under which one more goes out, over which one comes back, and at most which
 * BETA more go out at once.
 */
const ALPHA = 3;
const BETA = 6;
const THRESHOLD = 1;
