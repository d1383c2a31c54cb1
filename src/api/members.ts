import type { ApiRequest, HttpClient } from '../http/client.js';
import { paginateItems } from '../http/paginate.js';
import { readsCurrent } from '../http/api-request.js';
import { apiPath } from '../http/path.js';
import type { QueryParams } from '../http/query.js';
import type { MemberParams, RemoveMemberParams } from '../params/members.js';
import { type Owner, ownerPath } from './owner.js';
import { clockOffset, createdSince, findResponse } from './recover.js';
import type { ProjectRef } from './projects.js';
import { findUserByName } from './users.js';

/**
 * Requests of the members endpoints (GitLab's API v4 members) of projects and groups, and a
 * user's memberships. Descriptors only: the commands (and `collab apply`) send them.
 */

/** A member as the service answers one (the fields collab reads; the rest passes through). */
export interface MemberRecord {
  id: number;
  username: string;
  name?: string;
  access_level: number;
  created_at?: string;
  expires_at?: string | null;
}

/** One of a user's direct memberships (GET /users/:id/memberships). */
export interface MembershipRecord {
  source_id: number;
  source_name: string;
  /** `Namespace` is a group. */
  source_type: 'Project' | 'Namespace';
  access_level: number;
}

/** Direct members, or with `inherited` also those of the groups above and of groups it is shared with (members/all). */
export function membersPath(owner: Owner, inherited = false): string {
  return `${ownerPath(owner)}/members${inherited ? '/all' : ''}`;
}

/** The list's filters: `query` (username, name or email), `user_ids`. */
export function memberFilters(filters: { query?: string; userIds?: readonly number[] }): QueryParams {
  return {
    ...(filters.query !== undefined ? { query: filters.query } : {}),
    ...(filters.userIds?.length ? { user_ids: filters.userIds.join(',') } : {}),
  };
}

/** GET .../members/:user_id (direct) or .../members/all/:user_id. */
export function getMember(owner: Owner, userId: number, inherited = false): ApiRequest {
  return { method: 'GET', path: membersPath(owner, inherited) + apiPath`/${userId}`, expect: 'object' };
}

/** The parameters' table is src/params/members.ts; commands and plans import the type from here, with the requests. */
export type { MemberParams } from '../params/members.js';

/** Who to add: a user ID or a username (the service takes either). */
type MemberUser = { id: number } | { username: string };

/**
 * POST .../members: 201 with the member; 409 when already a member. Not safe to send blindly
 * twice (the second is refused), so after a lost answer `recover` reads the membership and takes
 * it as the answer when it was made since the request was sent; a membership older than that
 * is not this request's doing, and sending again gets the service's own 409.
 */
export function addMember(owner: Owner, user: MemberUser, params: MemberParams, sentAt = Date.now()): ApiRequest {
  const who = 'id' in user ? { user_id: user.id } : { username: user.username };
  return {
    method: 'POST',
    path: membersPath(owner),
    json: { ...who, ...params },
    recover: async (client, since = sentAt) => {
      const id = 'id' in user ? user.id : (await findUserByName(client, user.username))?.id;
      if (id === undefined) return undefined;
      const found = await findResponse<MemberRecord>(client, getMember(owner, id));
      return found && createdSince(found.data.created_at, since, clockOffset(found)) ? found.data : undefined;
    },
  };
}

/** PUT .../members/:user_id (a PUT: safe to send again). */
export function updateMember(owner: Owner, userId: number, params: MemberParams): ApiRequest {
  // The service reads an empty expires_at as none.
  const json = params.expires_at === null ? { ...params, expires_at: '' } : params;
  return readsCurrent({ method: 'PUT', path: membersPath(owner) + apiPath`/${userId}`, json, expect: 'object' });
}

export type { RemoveMemberParams } from '../params/members.js';

/**
 * DELETE .../members/:user_id: 204. A 404 is an answer too (not a member: already removed, for
 * instance by a first send whose answer was lost); the command says "nothing changed".
 */
export function removeMember(owner: Owner, userId: number, params: RemoveMemberParams = {}): ApiRequest {
  return {
    method: 'DELETE',
    path: membersPath(owner) + apiPath`/${userId}`,
    query: { ...params },
    okStatuses: [404],
    responseType: 'text',
  };
}

/** GET /users/:id/memberships (administrators): direct memberships; `type` Project or Namespace. */
export const membershipsPath = (userId: number): string => apiPath`/users/${userId}/memberships`;

/** The owner a membership is of. */
export function membershipOwner(membership: MembershipRecord): Owner {
  return { kind: membership.source_type === 'Project' ? 'project' : 'group', ref: membership.source_id };
}

/** Reads every page of a user's memberships (for plans that need them all before acting). */
export async function allMemberships(client: HttpClient, userId: number): Promise<MembershipRecord[]> {
  const out: MembershipRecord[] = [];
  for await (const item of paginateItems<MembershipRecord>(client, { path: membershipsPath(userId), perPage: 100 }))
    out.push(item);
  return out;
}

/**
 * POST /projects/:id/import_project_members/:project_id. Safe to repeat: members already in the
 * target are skipped, so a second run adds nothing twice.
 */
export function importProjectMembers(target: ProjectRef, source: ProjectRef): ApiRequest {
  return { method: 'POST', path: apiPath`/projects/${target}/import_project_members/${source}`, idempotent: true };
}

/** The 200 answer of a member import: success, or per-user failures (GitLab API v4 behaviour). */
export interface MemberImportResult {
  status: 'success' | 'error';
  message?: string | Record<string, string>;
  total_members_count?: number;
}
