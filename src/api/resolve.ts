import { CollabError, isCollabError } from '../errors.js';
import type { ApiRequest, HttpClient } from '../http/client.js';
import { getGroup } from './groups.js';
import { getNamespace } from './namespaces.js';
import { getProtectedRef } from './protected-refs.js';
import { findUsersByName } from './users.js';
import { shellWord } from '../util/words.js';

/**
 * Where the API wants an integer but people give paths: resolve a path to its ID with one GET.
 * Numeric references are returned as they are, without a request. A reference that is not found
 * is named with the flag it was given to. They take what sends a request (the HTTP client, or the
 * run's session, which sends through it): src/api/ sits below the services.
 */
type Requester = Pick<HttpClient, 'request'>;

/** What to do about a reference that names nothing: where to find the right one. */
const FIND = {
  group: (ref: string) =>
    `a group is named by its full path (acme/web) or ID; find it with \`collab groups list --search ${lastPart(ref)}\``,
  namespace: (ref: string) =>
    `a namespace is a group's full path or a username; find a group with \`collab groups list --search ${lastPart(ref)}\`, a user with \`collab users list --search ${lastPart(ref)}\``,
};

/** The last part of a path, for a search (a search matches a name, not a full path), as a shell takes it. */
function lastPart(ref: string): string {
  return shellWord(ref.split('/').filter(Boolean).at(-1) ?? ref);
}

async function resolveId(
  client: Requester,
  req: ApiRequest,
  what: keyof typeof FIND,
  ref: string,
  flag: string,
): Promise<number> {
  try {
    return (await client.request<{ id: number }>(req)).data.id;
  } catch (error) {
    if (isCollabError(error) && error.kind === 'not-found')
      throw new CollabError('not-found', `${what} ${ref} not found (given to ${flag})`, {
        status: 404,
        hint: FIND[what](ref),
      });
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

/** A user's ID from a username (GET /users?username=); `where` says what named it. */
export async function resolveUserId(client: Requester, username: string, where: string): Promise<number> {
  const found = (await client.request<{ id: number }[]>(findUsersByName(username.replace(/^@/, '')))).data[0];
  if (!found)
    throw new CollabError('not-found', `user ${username} not found (${where})`, { hint: unknownUserHint(username) });
  return found.id;
}

/** What to do about a username nobody has: the one hint of every command that looks one up. */
export function unknownUserHint(username: string): string {
  return `check the username (as in their profile URL), or find them with \`collab users list --search ${lastPart(username.replace(/^@/, ''))}\``;
}

/** A protected branch's ID from its name or wildcard (GET .../protected_branches/:name). */
export async function resolveProtectedBranchId(
  client: Requester,
  project: string | number,
  name: string,
): Promise<number> {
  try {
    return (await client.request<{ id: number }>(getProtectedRef(project, 'branch', name))).data.id;
  } catch (error) {
    if (isCollabError(error) && error.kind === 'not-found')
      throw new CollabError('not-found', `branch ${name} is not protected in project ${project}`, {
        status: 404,
        hint: `protect it first: collab protected-branches create ${name} --project ${project}, or protected_branches in collab.yaml`,
      });
    throw error;
  }
}
