import type { ApiRequest, ApiResponse, RequestClient } from '../http/client.js';

/**
 * What the `recover` functions of the requests that create or change things use to find out
 * whether a request whose answer was lost took effect: a read that answers "not there" instead
 * of failing, and one rule for "was this made by our request?".
 */

/** A GET that answers undefined on 404 ("is it there?"). */
export async function findResponse<T>(client: RequestClient, req: ApiRequest): Promise<ApiResponse<T> | undefined> {
  const response = await client.request<T>({ ...req, okStatuses: [...(req.okStatuses ?? []), 404] });
  return response.status === 404 ? undefined : response;
}

export async function findResource<T>(client: RequestClient, req: ApiRequest): Promise<T | undefined> {
  return (await findResponse<T>(client, req))?.data;
}

/**
 * The service's clock minus ours, read from the Date header of a response as it arrives; 0 when
 * there is none. Read it at once: it compares the header with the time of reading.
 */
export function clockOffset(response: Pick<ApiResponse, 'headers'>): number {
  const served = Date.parse(response.headers.date ?? '');
  return Number.isNaN(served) ? 0 : served - Date.now();
}

/**
 * Room for the Date header's whole seconds, a created_at kept in whole seconds, and the time
 * between the header's writing and its reading.
 */
const CLOCK_SLACK_MS = 2_000;

/**
 * Whether something the service says it created at `createdAt` (its clock) can have been made by
 * a request sent at `sentAt` (our clock), given the service's clock offset (`clockOffset`). The
 * one rule of every recovery: whatever the two clocks say, a thing made before the request was
 * sent is not the request's doing; a thing made since is taken as its answer.
 */
export function createdSince(createdAt: unknown, sentAt: number, offsetMs: number): boolean {
  const created = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(created) && created >= sentAt + offsetMs - CLOCK_SLACK_MS;
}
