import { ACCESS_LEVELS } from '../../params/access.js';
import { EXPIRY_PASSED, expiryPassed } from '../../params/members.js';
import { apiError, conflict, HttpError, notFound, paramError, validationError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, ShareLink } from '../model.js';
import { int, readParams, requireInt } from '../params.js';
import { ACCESS, canReadGroup, groupOfNamespace } from '../access.js';
import { groupObject } from '../views.js';
import { findOwner } from '../guards.js';

/**
 * Sharing a project (Maintainer role) or a group (Owner role) with a group, as GitLab's API v4:
 * POST /projects/:id/share answers 201 with the link, POST /groups/:id/share 201 with the group;
 * DELETE answers 204, or 404 when there is no such share.
 */

interface ShareInput {
  group: Group;
  access: number;
  expiresAt: string | null;
}

function readShareInput(req: SandboxRequest): ShareInput {
  const groupId = requireInt(req.input, 'group_id');
  const access = requireInt(req.input, 'group_access');
  if (!(Object.values(ACCESS_LEVELS) as number[]).includes(access))
    throw paramError('group_access does not have a valid value');
  const expiresAt =
    (readParams(req.input, [{ name: 'expires_at', type: 'date', description: '' }]).expires_at as string | undefined) ??
    null;
  // Not in the API reference; GitLab refuses a membership-like expiry in the past the same way.
  if (expiryPassed(expiresAt, req.store.today())) throw validationError({ expires_at: [EXPIRY_PASSED] });
  const group = req.store.findGroup(groupId);
  // A group the caller cannot see is answered as missing.
  if (!group || !canReadGroup(req.store, req.user, group)) throw notFound('Group');
  return { group, access, expiresAt };
}

function shareIndex(shares: readonly ShareLink[], req: SandboxRequest): number {
  const groupId = int(req.params, 'group_id');
  return groupId === undefined ? -1 : shares.findIndex((share) => share.group_id === groupId);
}

function shareProject(req: SandboxRequest): SandboxResponse {
  const { project } = findOwner(req, 'project', ACCESS.maintainer);
  const { group, access, expiresAt } = readShareInput(req);
  const home = groupOfNamespace(req.store, project.namespace_id);
  // Project#allowed_to_share_with_group?: its group's own share_with_group_lock, which a lock above
  // turns on too (group-changes.ts, syncShareLock).
  if (home?.attrs.share_with_group_lock === true) {
    throw new HttpError(400, { message: 'The project sharing with group is disabled' });
  }
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

function shareGroup(req: SandboxRequest): SandboxResponse {
  const { group: shared } = findOwner(req, 'group', ACCESS.owner);
  const { group, access, expiresAt } = readShareInput(req);
  // A root group that keeps its groups from sharing outside its hierarchy: Groups::GroupLinks::
  // CreateService answers 404 Not Found (GroupLinkable#sharing_allowed?, app/services/concerns/
  // group_linkable.rb @36a59d08; lib/api/groups.rb renders its message).
  const root = [shared, ...req.store.ancestors(shared)].find((g) => g.parent_id === null) ?? shared;
  if (
    root.attrs.prevent_sharing_groups_outside_hierarchy === true &&
    ![root, ...req.store.descendants(root)].some((g) => g.id === group.id)
  )
    throw apiError(404, 'Not Found');
  // The messages are GitLab's GroupGroupLink validation errors (full messages, 409).
  if (group.id === shared.id) throw conflict('Shared with group cannot be the group itself');
  if (shared.shares.some((share) => share.group_id === group.id))
    throw conflict('Shared group The group has already been shared with this group');
  shared.shares.push({ group_id: group.id, group_access_level: access, expires_at: expiresAt });
  return json(groupObject(req.store, shared, req.user, { details: true }), 201);
}

function unshareGroup(req: SandboxRequest): SandboxResponse {
  const { group } = findOwner(req, 'group', ACCESS.owner);
  const at = shareIndex(group.shares, req);
  if (at < 0) throw notFound();
  group.shares.splice(at, 1);
  return noContent();
}

export const shareRoutes: readonly Route[] = [
  ['POST', '/projects/:id/share', shareProject],
  ['DELETE', '/projects/:id/share/:group_id', unshareProject],
  ['POST', '/groups/:id/share', shareGroup],
  ['DELETE', '/groups/:id/share/:group_id', unshareGroup],
];
