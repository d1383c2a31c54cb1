import type { Route } from '../http.js';
import type { MemberSource } from '../model.js';
import { memberChanges } from './member-changes.js';
import { listMemberships, memberLists } from './member-lists.js';

/** The members of projects and groups (GitLab's API v4 members), and a user's memberships. */
function memberRoutes(kind: MemberSource['kind']): Route[] {
  const base = kind === 'project' ? '/projects/:id/members' : '/groups/:id/members';
  const lists = memberLists(kind);
  const changes = memberChanges(kind);
  return [
    ['GET', base, lists.list],
    // Before :user_id, which "all" would otherwise match.
    ['GET', `${base}/all`, lists.listAll],
    ['GET', `${base}/all/:user_id`, lists.viewAll],
    ['GET', `${base}/:user_id`, lists.view],
    ['POST', base, changes.create],
    ['PUT', `${base}/:user_id`, changes.update],
    ['DELETE', `${base}/:user_id`, changes.remove],
  ];
}

export const memberRoutesTable: readonly Route[] = [
  ...memberRoutes('project'),
  ...memberRoutes('group'),
  ['GET', '/users/:user_id/memberships', listMemberships],
];
