import { CollabError, isCollabError } from '../errors.js';
import type { ApiRequest, HttpClient } from '../http/client.js';
import { getGroup } from './groups.js';
import { getNamespace } from './namespaces.js';

/**
 * Where the API wants an integer but people give paths: resolve a path to its ID with one GET.
 * Numeric references are returned as they are, without a request. A reference that is not found
 * is named with the flag it was given to. They take what sends a request (the HTTP client, or the
 * run's session, which sends through it): src/api/ sits below the services.
 */
type Requester = Pick<HttpClient, 'request'>;

async function resolveId(client: Requester, req: ApiRequest, what: string, ref: string, flag: string): Promise<number> {
  try {
    return (await client.request<{ id: number }>(req)).data.id;
  } catch (error) {
    if (isCollabError(error) && error.kind === 'not-found')
      throw new CollabError('not-found', `${what} ${ref} not found (given to ${flag})`, { status: 404 });
    throw error;
  }
}

export async function resolveGroupId(client: Requester, ref: string | number, flag = '--group'): Promise<number> {
  return typeof ref === 'number' ? ref : resolveId(client, getGroup(ref), 'group', ref, flag);
}

/** A group or user namespace by ID or full path (GET /namespaces/:id). */
export async function resolveNamespaceId(
  client: Requester,
  ref: string | number,
  flag = '--namespace',
): Promise<number> {
  return typeof ref === 'number' ? ref : resolveId(client, getNamespace(ref), 'namespace', ref, flag);
}
