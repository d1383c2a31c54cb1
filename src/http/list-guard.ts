import { CollabError } from '../errors.js';

/**
 * GET /projects serves offset pages only up to the instance's offset limit (50,000 records by
 * default; the paginator also learns a lower one from the 405 past it). When the list is ordered
 * by id, the paginator re-anchors past that point: the next window starts after the last id
 * written (`id_after` ascending, `id_before` descending), again with pages fetched in parallel.
 */
export interface OffsetWindow {
  maxRecords: number;
  key: string;
  param: 'id_after' | 'id_before';
}

type Key = number | string;

/** A page as the guard sees it: the body and where each item lies in it. */
interface PageBytes {
  body: Buffer;
  bounds: readonly number[];
  count: number;
}

/**
 * Keeps a listing from looping or writing an item twice, whatever the service answers. A page
 * whose first item was the first item of any page before (a service that ignores `page` or a
 * cursor, or whose pages cycle), a link to a page already followed, or an offset page linking back
 * stops the listing. A list ordered by id (with an offset window) is checked against the ids
 * already handed over: leading items that are not past the last one were written already (the
 * list shifted under an insertion, or the service ignored the window) and are dropped; a page with
 * none past it, or a window that does not start past the last, stops the listing. Stopping is a
 * failure after the items written: the exit code says the list is incomplete.
 * Cost: a copy of each page's first item and each link followed, kept for the listing (a thousand
 * of each for 100,000 items); with a window, two items parsed a page.
 */
export class ListGuard {
  /** Every page's first item so far: a page that starts with one of them repeats that page. */
  private readonly firsts = new Map<string, string>();
  /** Every page address followed from a link (keyset pages): a link back to one of them is a cycle. */
  private readonly followed = new Set<string>();
  /** The key of the last item handed over (lists ordered by id). */
  private lastKey: Key | undefined;
  /** The key the current window starts after. */
  private anchor: Key | undefined;

  constructor(private readonly window: OffsetWindow | undefined) {}

  /**
   * How many leading items of the page to leave out, as written already. Throws when the page
   * brings nothing new. `where` names the request for the message; `written`: items handed over.
   */
  admit(page: PageBytes, where: string, written: number): number {
    if (page.count === 0) return 0;
    // A string: a copy, as the consumer may give the body's buffer back for another page.
    const first = page.body.toString('latin1', page.bounds[0], page.bounds[1]);
    const earlier = this.firsts.get(first);
    if (earlier !== undefined)
      throw stopped(
        written,
        `${where} answered the same items as ${earlier} (the service ignores the page asked for, or its pages cycle)`,
      );
    this.firsts.set(first, where);
    if (!this.window) return 0;
    let skip = 0;
    let firstKept = this.keyOf(page, 0);
    if (this.lastKey !== undefined) {
      while (!this.beyond(firstKept, this.lastKey)) {
        if (++skip === page.count) {
          const why =
            this.anchor !== undefined
              ? `${this.window.param}=${this.anchor} was ignored`
              : `the list is not ordered by ${this.window.key}`;
          throw stopped(written, `${where} answered ids the listing had passed (${why})`);
        }
        firstKept = this.keyOf(page, skip);
      }
    }
    const last = skip === page.count - 1 ? firstKept : this.keyOf(page, page.count - 1);
    if (firstKept !== undefined && last !== undefined && last !== firstKept && !this.beyond(last, firstKept))
      throw stopped(written, `${where} is not ordered by ${this.window.key}`);
    this.lastKey = last;
    return skip;
  }

  /** A page address about to be followed from a link (keyset pages). Throws when it was followed before: links that cycle. */
  follow(url: string, written: number): void {
    if (this.followed.has(url)) throw stopped(written, `a link leads back to a page already followed (${url})`);
    this.followed.add(url);
  }

  /** An offset page's next page number. Throws when it is not past the page's own: links that cycle. */
  offsetNext(page: number, next: number, written: number): void {
    if (next <= page) throw stopped(written, `page ${page} links back to page ${next}`);
  }

  /** The query of the next window: past the last item handed over. Throws when that is where the last window began. */
  nextWindow(written: number): Record<string, Key> | undefined {
    const window = this.window;
    if (!window || this.lastKey === undefined) return undefined;
    if (this.anchor !== undefined && !this.beyond(this.lastKey, this.anchor))
      throw stopped(written, `the window after ${window.param}=${this.anchor} ended where it began`);
    this.anchor = this.lastKey;
    // The next window numbers its pages from 1 again; across windows the ids say what was written.
    this.firsts.clear();
    return { [window.param]: this.lastKey };
  }

  /** a comes after b in the list's order. */
  private beyond(a: Key | undefined, b: Key): boolean {
    if (a === undefined) return false;
    return this.window?.param === 'id_before' ? a < b : a > b;
  }

  private keyOf(page: PageBytes, index: number): Key | undefined {
    const { key } = this.window as OffsetWindow;
    const start = page.bounds[2 * index] as number;
    const end = page.bounds[2 * index + 1] as number;
    return leadingInteger(page.body, start, end, key) ?? parsedKey(page.body, start, end, key);
  }
}

/**
 * The key when it is the item's first member and a plain integer, as in every GitLab list entity
 * (`{"id":123,...`: Grape exposes `id` first): read from the bytes, without parsing the item. A
 * listing reads two items a page this way; parsing them took 3% of a listing's CPU. Anything else
 * (another first member, a string, a sign, a fraction, an exponent, a number past 2^53 that
 * JSON.parse would round) is left to parsedKey. The member names of a JSON object are unique
 * (RFC 8259, section 4; GitLab's entities expose each once), so the first `id` is the one.
 */
function leadingInteger(body: Buffer, start: number, end: number, key: string): number | undefined {
  // `{"` + key + `":` then at least one digit and the byte that ends the number.
  let i = start + key.length + 4;
  if (i + 1 >= end || body[start] !== 0x7b || body[start + 1] !== 0x22) return undefined;
  for (let k = 0; k < key.length; k++) if (body[start + 2 + k] !== key.charCodeAt(k)) return undefined;
  if (body[i - 2] !== 0x22 || body[i - 1] !== 0x3a) return undefined;
  let value = 0;
  const from = i;
  for (; i < end; i++) {
    const c = body[i] as number;
    if (c < 0x30 || c > 0x39) break;
    value = value * 10 + (c - 0x30);
  }
  const digits = i - from;
  // A leading zero is not JSON; 15 digits are always below 2^53.
  if (digits === 0 || digits > 15 || (digits > 1 && body[from] === 0x30)) return undefined;
  const next = body[i];
  return next === 0x2c || next === 0x7d ? value : undefined;
}

function parsedKey(body: Buffer, start: number, end: number, key: string): Key | undefined {
  try {
    const value = (JSON.parse(body.toString('utf8', start, end)) as Record<string, unknown>)[key];
    return typeof value === 'number' || typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function stopped(written: number, why: string): CollabError {
  return new CollabError(
    'malformed',
    `the listing stopped after ${written} item${written === 1 ? '' : 's'}, each written once: ${why}`,
    {
      hint: 'the list is incomplete; narrow it with filters to reach the rest',
    },
  );
}
