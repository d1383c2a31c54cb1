import { MEMBER_FILTERS, MEMBERSHIP_TYPES } from '../../params/members.js';
import { readableGroup, readableProject, requireAdmin } from '../guards.js';
import { apiError, notFound } from '../errors.js';
import { json, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { MemberSource } from '../model.js';
import { allMembers, directMember, directMembers, type MemberEntry, memberJson, membershipsOf } from '../members.js';
import { paginateArray } from '../pagination.js';
import { choice, int, readParams } from '../params.js';
import { contains } from './project-actions.js';

/**
 * Reading members (GitLab's API v4 members): whoever may read the project or group reads its
 * members. GET .../members are the direct ones; .../members/all adds those inherited from the
 * groups above and those of the groups it is shared with, each user once at the highest level.
 */

/** The project or group of `:id` that the caller may read (404 otherwise, 301 for a moved project). */
export function memberSource(req: SandboxRequest, kind: MemberSource['kind']): MemberSource {
  return kind === 'project' ? { kind, project: readableProject(req) } : { kind, group: readableGroup(req) };
}

/**
 * `find_by!(user_id:)` in GitLab: a member that is not there is an ActiveRecord::RecordNotFound,
 * which the API answers with its generic `404 Not found` (not "404 Member Not Found").
 */
export const memberNotFound = () => apiError(404, '404 Not found');

/** `:user_id`, an integer as Grape reads it (400 `user_id is invalid` otherwise). */
export function memberUserId(req: SandboxRequest): number {
  return int(req.params, 'user_id') as number;
}

function filtered(req: SandboxRequest, entries: MemberEntry[]): MemberEntry[] {
  const { query, user_ids: ids } = readParams(req.input, MEMBER_FILTERS);
  return entries.filter(
    ({ user }) =>
      (!query ||
        contains(user.username, query) ||
        contains(user.name, query) ||
        user.email.toLowerCase() === query.toLowerCase()) &&
      (!ids || ids.length === 0 || ids.includes(user.id)),
  );
}

export function memberLists(kind: MemberSource['kind']) {
  const page = (req: SandboxRequest, source: MemberSource, entries: MemberEntry[]): SandboxResponse =>
    paginateArray(req, filtered(req, entries), (entry) =>
      JSON.stringify(memberJson(req.store, source, entry, req.user)),
    );
  return {
    list: (req: SandboxRequest): SandboxResponse => {
      const source = memberSource(req, kind);
      return page(req, source, directMembers(req.store, source));
    },
    listAll: (req: SandboxRequest): SandboxResponse => {
      const source = memberSource(req, kind);
      return page(req, source, allMembers(req.store, source));
    },
    view: (req: SandboxRequest): SandboxResponse => {
      const source = memberSource(req, kind);
      const entry = directMember(req.store, source, memberUserId(req));
      if (!entry) throw memberNotFound();
      return json(memberJson(req.store, source, entry, req.user));
    },
    viewAll: (req: SandboxRequest): SandboxResponse => {
      const source = memberSource(req, kind);
      const userId = memberUserId(req);
      const entry = allMembers(req.store, source).find((e) => e.user.id === userId);
      if (!entry) throw memberNotFound();
      return json(memberJson(req.store, source, entry, req.user));
    },
  };
}

/** GET /users/:user_id/memberships (administrators): direct memberships, `type` Project or Namespace. */
export function listMemberships(req: SandboxRequest): SandboxResponse {
  requireAdmin(req);
  const user = req.store.users.get(memberUserId(req));
  if (!user) throw notFound('User');
  const type = choice(req.input, 'type', MEMBERSHIP_TYPES);
  const memberships = membershipsOf(req.store, user).filter((m) => !type || m.source_type === type);
  return paginateArray(req, memberships, (m) => JSON.stringify(m));
}
