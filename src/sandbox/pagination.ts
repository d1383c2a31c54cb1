import { methodNotAllowed, paramError } from './errors.js';
import type { SandboxRequest, SandboxResponse } from './http.js';
import type { JsonPieces } from './views.js';

/**
 * Above this many records the service leaves out x-total, x-total-pages and rel="last", "for
 * performance reasons" (doc/api/rest/_index.md, "Pagination response headers").
 */
export const TOTAL_LIMIT = 10_000;

interface PageRequest {
  page: number;
  perPage: number;
}

/** page (default 1) and per_page (default 20, clamped to 100), as the service reads them. */
export function pageRequest(req: SandboxRequest): PageRequest {
  const page = Number(req.query.get('page') ?? '1');
  let perPage = Number(req.query.get('per_page') ?? '20');
  if (!Number.isInteger(page) || !Number.isInteger(perPage)) throw paramError('page is invalid');
  if (perPage < 1) perPage = 20;
  return { page: Math.max(1, page), perPage: Math.min(100, perPage) };
}

function linkTo(req: SandboxRequest, changes: Record<string, string | undefined>): string {
  const url = new URL(req.url);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * Offset pagination of an array with every header of the service: x-page, x-per-page,
 * x-next-page, x-prev-page, x-total and x-total-pages (only up to 10,000 records) and `link`.
 * `maxOffset` answers 405 past it, with the message of GitLab's spec/requests/api/groups_spec.rb
 * ("on making requests beyond the allowed offset pagination threshold"): the instance's
 * `offset_pagination_limit`, 50,000 by default and lower where a self-managed instance sets it
 * (doc/administration/instance_limits.md, "Max offset allowed by the REST API for offset-based
 * pagination"; doc/api/rest/_index.md, "Offset-based pagination"); 0 turns it off.
 */
export function paginateArray<T>(
  req: SandboxRequest,
  items: ListView<T>,
  serialize: (item: T) => string | JsonPieces,
  options: { maxOffset?: number; entity?: string } = {},
): SandboxResponse {
  const { page, perPage } = pageRequest(req);
  const offset = (page - 1) * perPage;
  if (options.maxOffset && offset >= options.maxOffset) {
    throw methodNotAllowed(
      `Offset pagination has a maximum allowed offset of ${options.maxOffset} for requests that return objects of type ${options.entity ?? 'Project'}. Remaining records can be retrieved using keyset pagination.`,
    );
  }
  const total = items.length;
  const slice = items.slice(offset, offset + perPage);
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const hasNext = offset + perPage < total;
  // A request built without a store (the helper's own tests) has GitLab's limit.
  const knowsTotal = total <= (req.store?.totalsLimit ?? TOTAL_LIMIT);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-page': String(page),
    'x-per-page': String(perPage),
    'x-next-page': hasNext ? String(page + 1) : '',
    'x-prev-page': page > 1 ? String(page - 1) : '',
  };
  if (knowsTotal) {
    headers['x-total'] = String(total);
    headers['x-total-pages'] = String(totalPages);
  }
  const links: string[] = [];
  if (page > 1)
    links.push(
      `<${linkTo(req, { page: String(Math.min(page - 1, totalPages)), per_page: String(perPage) })}>; rel="prev"`,
    );
  if (hasNext) links.push(`<${linkTo(req, { page: String(page + 1), per_page: String(perPage) })}>; rel="next"`);
  links.push(`<${linkTo(req, { page: '1', per_page: String(perPage) })}>; rel="first"`);
  if (knowsTotal) links.push(`<${linkTo(req, { page: String(totalPages), per_page: String(perPage) })}>; rel="last"`);
  headers.link = links.join(', ');
  return { status: 200, body: jsonArray(slice, serialize), headers };
}

/**
 * Keyset pagination: only `link: <...>; rel="next"` carrying the cursor, no x-total or x-page;
 * the end is an empty array with no link.
 */
export function keysetResponse<T>(
  req: SandboxRequest,
  slice: readonly T[],
  serialize: (item: T) => string | JsonPieces,
  next: Record<string, string> | undefined,
): SandboxResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-per-page': String(pageRequest(req).perPage),
  };
  if (next) headers.link = `<${linkTo(req, next)}>; rel="next"`;
  return { status: 200, body: jsonArray(slice, serialize), headers };
}

/**
 * The JSON array of the items, as bytes: each text is encoded once, and each cached view copied,
 * straight into the page. (Joined into one string, a page of 100 projects was a rope of 200 pieces,
 * flattened and encoded when sent: most of the sandbox's time per page.)
 */
function jsonArray<T>(items: readonly T[], serialize: (item: T) => string | JsonPieces): Buffer {
  const texts = items.map(serialize);
  let length = texts.length === 0 ? 2 : texts.length + 1;
  for (const text of texts)
    length += typeof text === 'string' ? Buffer.byteLength(text) : text.head.length - 1 + Buffer.byteLength(text.tail);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  bytes[at++] = 0x5b; // [
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) bytes[at++] = 0x2c; // ,
    const text = texts[i] as string | JsonPieces;
    if (typeof text === 'string') {
      at += bytes.write(text, at);
    } else {
      // TypedArray#set is a memcpy; Buffer#copy goes through a slower path in Node 20.
      bytes.set(text.head.subarray(0, text.head.length - 1), at);
      at += text.head.length - 1;
      at += bytes.write(text.tail, at);
    }
  }
  bytes[at++] = 0x5d; // ]
  return bytes;
}

/** What a page is cut from: an array, or a view of part of one (viewOf). */
export interface ListView<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/** items[from, to) as a list, without copying it. */
export function viewOf<T>(items: readonly T[], from: number, to: number): ListView<T> {
  const length = Math.max(0, to - from);
  return { length, slice: (start, end) => items.slice(from + Math.min(start, length), from + Math.min(end, length)) };
}

/** Sorts a copy by a key of each item, ascending or descending, ties broken by id. */
export function sortBy<T extends { id: number }>(
  items: readonly T[],
  key: (item: T) => string | number,
  sort: 'asc' | 'desc',
): T[] {
  const direction = sort === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -direction;
    if (ka > kb) return direction;
    return (a.id - b.id) * direction;
  });
}

/** How well texts match a search, for order_by=similarity: 3 for an exact match, 2 a prefix, 1 anywhere, case aside. */
export function similarity(texts: readonly string[], search: string): number {
  const term = search.toLowerCase();
  let score = 0;
  for (const raw of texts) {
    const text = raw.toLowerCase();
    score = Math.max(score, text === term ? 3 : text.startsWith(term) ? 2 : text.includes(term) ? 1 : 0);
  }
  return score;
}

/** Names and paths in the order people (and the service's database collation) expect: case does not split them. */
export function compareText(a: string, b: string): number {
  return a.localeCompare(b);
}

const orderings = new WeakMap<readonly object[], Map<string, readonly object[]>>();

/**
 * `order()` of `items`, computed once per array and order name and kept while that array lives.
 * Only for an array that is itself kept until its contents change (Store.allProjects) and for
 * orders by keys that never change (id, created_at): lists of 100,000 projects then cost per page
 * what a page costs, not a sort.
 */
export function orderedOnce<T extends object>(
  items: readonly T[],
  name: string,
  order: () => readonly T[],
): readonly T[] {
  let byName = orderings.get(items);
  if (!byName) orderings.set(items, (byName = new Map()));
  let ordered = byName.get(name) as readonly T[] | undefined;
  if (!ordered) byName.set(name, (ordered = order()));
  return ordered;
}

/** The index of the first item whose id is above `id`, in items sorted by ascending id (binary search). */
export function firstIdAbove(items: readonly { id: number }[], id: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((items[mid] as { id: number }).id > id) high = mid;
    else low = mid + 1;
  }
  return low;
}
