import type { RequestInfo } from '../errors.js';
import type { RequestClient } from './api-request.js';
import { numberHeader, parseLinkHeader } from './headers.js';
import { urlScope } from './url.js';
import type { BufferPool } from './page-memory.js';
import { listBody, malformed, preview } from './response-body.js';

/**
 * One page of a list fetched: its body read into the pool's buffer, where each item lies in it,
 * and what the headers say of the pages after it (the next link, x-next-page, totals).
 */

export interface Fetched {
  body: Buffer;
  /** Start and end offsets of each item in the body, in pairs. */
  bounds: number[];
  /** How many items the body holds. */
  count: number;
  /** The next page's URL (the Link header's, or built from x-next-page). */
  next: string | undefined;
  /** The next page's number: offset pagination only (undefined for keyset links). */
  nextPage: number | undefined;
  totalPages: number | undefined;
  total: number | undefined;
  perPage: number | undefined;
}

/** GETs one page of a list into a buffer of `pool`. */
export async function fetchPage(
  client: RequestClient,
  pool: BufferPool,
  url: string,
  requires?: string,
): Promise<Fetched> {
  const response = await client.request<undefined>({
    method: 'GET',
    path: url,
    responseType: 'json-bytes',
    bytesInto: (length) => pool.take(length),
    ...(requires ? { requires } : {}),
  });
  const { body, bounds } = listBody(
    response.bytes ?? Buffer.alloc(0),
    response.headers['content-type'],
    response.request,
    response.url,
  );
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
  const isOffset =
    nextPage !== undefined ||
    (next !== undefined && /[?&]page=\d+/.test(next) && !/[?&](cursor|id_after|id_before)=/.test(next));
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
  const scope = urlScope(url, client.baseUrl);
  if (scope === 'foreign')
    throw malformed(
      request,
      `the Link header's next page leads to another origin (${url.origin}); collab follows page links on ${client.origin} only`,
      from,
    );
  // The API root itself is no list's page either.
  if (scope === 'outside' || `${url.origin}${url.pathname}` === client.baseUrl)
    throw malformed(request, `the Link header's next page leads out of the API root (${url.pathname})`, from);
  return url.toString();
}

function pageOf(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const value = new URL(url).searchParams.get('page');
  return value ? Number(value) : undefined;
}
