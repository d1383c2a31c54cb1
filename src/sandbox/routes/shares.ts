import { ACCESS_LEVELS } from '../../params/access.js';
import { EXPIRY_PASSED, expiryPassed } from '../../params/members.js';
import { apiError, conflict, HttpError, notFound, paramError, validationError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, ShareLink } from '../model.js';
import { int, readParams, requireInt } from '../params.js';
import { ACCESS, canManageMembers, canReadGroup, groupOfNamespace } from '../access.js';
import { groupObject } from '../views.js';
import { findOwner, readableGroup, requireUser } from '../guards.js';

/**
 * Sharing a project (Maintainer role) or a group (Owner role) with a group, as GitLab's API v4:
 * POST /projects/:id/share answers 201 with the link, POST /groups/:id/share 201 with the group;
 * DELETE answers 204, or 404 when there is no such share.
 */

interface ShareParams {
  groupId: number;
  access: number;
  expiresAt: string | null;
}

/**
 * The share's parameters, which Grape checks before the endpoint's body and so before the role
 * is asked: `requires :group_id`, `requires :group_access, values: Gitlab::Access.all_values`,
 * `optional :expires_at, type: Date` (pavankalisetti009/gitlab, a copy of gitlab-org/gitlab:
 * lib/api/projects.rb @00d599a4, lib/api/groups.rb @2189ef3a).
 */
function readShareParams(req: SandboxRequest): ShareParams {
  requireUser(req);
  const groupId = requireInt(req.input, 'group_id');
  const access = requireInt(req.input, 'group_access');
  if (!(Object.values(ACCESS_LEVELS) as number[]).includes(access))
    throw paramError('group_access does not have a valid value');
  const expiresAt =
    (readParams(req.input, [{ name: 'expires_at', type: 'date', description: '' }]).expires_at as string | undefined) ??
    null;
  return { groupId, access, expiresAt };
}

/** Not in the API reference; GitLab refuses a membership-like expiry in the past the same way. */
function refusePassedExpiry(req: SandboxRequest, expiresAt: string | null): void {
  if (expiryPassed(expiresAt, req.store.today())) throw validationError({ expires_at: [EXPIRY_PASSED] });
}

/**
 * GroupLinkable#execute (app/services/concerns/group_linkable.rb @36a59d08): a link the caller
 * may not make, to a group not there or not theirs to see, or outside a hierarchy that keeps its
 * groups from sharing outside, is `error('Not Found', 404)`, which the endpoints render as
 * {"message": "Not Found"}.
 */
const serviceNotFound = () => apiError(404, 'Not Found');

/** GroupLinkable#sharing_allowed?: the root's prevent_sharing_groups_outside_hierarchy, unless within it. */
function sharingAllowed(req: SandboxRequest, home: Group | undefined, group: Group): boolean {
  if (!home) return true;
  const root = [home, ...req.store.ancestors(home)].find((g) => g.parent_id === null) ?? home;
  return (
    root.attrs.prevent_sharing_groups_outside_hierarchy !== true ||
    [root, ...req.store.descendants(root)].some((g) => g.id === group.id)
  );
}

function shareIndex(shares: readonly ShareLink[], req: SandboxRequest): number {
  const groupId = int(req.params, 'group_id');
  return groupId === undefined ? -1 : shares.findIndex((share) => share.group_id === groupId);
}

/**
 * POST /projects/:id/share as lib/api/projects.rb (pavankalisetti009/gitlab @00d599a4) runs it:
 * the parameters, `authorize! :admin_project` (403), the project's share lock (400), then
 * Projects::GroupLinks::CreateService, whose refusals are GroupLinkable's 404 Not Found (a group
 * looked up with `Group.find_by_id`, so not the 404 Group Not Found of find_group!) and whose
 * link validations are 409.
 */
function shareProject(req: SandboxRequest): SandboxResponse {
  const { groupId, access, expiresAt } = readShareParams(req);
  const { project } = findOwner(req, 'project', ACCESS.maintainer);
  const home = groupOfNamespace(req.store, project.namespace_id);
  // Project#allowed_to_share_with_group?: its group's own share_with_group_lock, which a lock above
  // turns on too (group-changes.ts, syncShareLock).
  if (home?.attrs.share_with_group_lock === true) {
    throw new HttpError(400, { message: 'The project sharing with group is disabled' });
  }
  const group = req.store.findGroup(groupId);
  if (!group || !canReadGroup(req.store, req.user, group) || !sharingAllowed(req, home, group)) throw serviceNotFound();
  refusePassedExpiry(req, expiresAt);
  if (home && [home, ...req.store.ancestors(home)].some((g) => g.id === group.id))
    throw conflict('Project cannot be shared with the group it is in or one of its ancestors.');
  if (project.shares.some((share) => share.group_id === group.id))
    throw conflict('Group already shared with this group');
  project.shares.push({ group_id: group.id, group_access_level: access, expires_at: expiresAt });
  return json(
    {
      id: req.store.nextId('project_group_link'),
      project_id: project.id,
      group_id: group.id,
      group_access: access,
      expires_at: expiresAt,
    },
    201,
  );
}

function unshareProject(req: SandboxRequest): SandboxResponse {
  const { project } = findOwner(req, 'project', ACCESS.maintainer);
  const at = shareIndex(project.shares, req);
  if (at < 0) throw notFound('Group Link');
  project.shares.splice(at, 1);
  return noContent();
}

/**
 * POST /groups/:id/share as lib/api/groups.rb (pavankalisetti009/gitlab @2189ef3a) runs it: the
 * parameters, the group to share (`user_group`) and the group to share with (`find_group!`, 404
 * Group Not Found), then Groups::GroupLinks::CreateService with no `authorize!` before it: its
 * valid_to_create? (`admin_group_member`, an Owner's; the group shared with readable; sharing
 * allowed) failing is GroupLinkable's 404 Not Found, so a Maintainer is answered 404, not 403.
 */
function shareGroup(req: SandboxRequest): SandboxResponse {
  const { groupId, access, expiresAt } = readShareParams(req);
  const shared = readableGroup(req);
  const group = req.store.findGroup(groupId);
  if (!group || !canReadGroup(req.store, req.user, group)) throw notFound('Group');
  if (
    !canManageMembers(req.store, req.user, { kind: 'group', group: shared }, []) ||
    !sharingAllowed(req, shared, group)
  )
    throw serviceNotFound();
  refusePassedExpiry(req, expiresAt);
  // The messages are GitLab's GroupGroupLink validation errors (full messages, 409).
  if (group.id === shared.id) throw conflict('Shared with group cannot be the group itself');
  if (shared.shares.some((share) => share.group_id === group.id))
    throw conflict('Shared group The group has already been shared with this group');
  shared.shares.push({ group_id: group.id, group_access_level: access, expires_at: expiresAt });
  return json(groupObject(req.store, shared, req.user, { details: true }), 201);
}

/** A share not there is `not_found!('Group Link')` (lib/api/groups.rb @2189ef3a), as a project's is. */
function unshareGroup(req: SandboxRequest): SandboxResponse {
  const { group } = findOwner(req, 'group', ACCESS.owner);
  const at = shareIndex(group.shares, req);
  if (at < 0) throw notFound('Group Link');
  group.shares.splice(at, 1);
  return noContent();
}

export const shareRoutes: readonly Route[] = [
  ['POST', '/projects/:id/share', shareProject],
  ['DELETE', '/projects/:id/share/:group_id', unshareProject],
  ['POST', '/groups/:id/share', shareGroup],
  ['DELETE', '/groups/:id/share/:group_id', unshareGroup],
];
