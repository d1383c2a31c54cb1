import {
  EXPIRY_PASSED,
  expiryPassed,
  MEMBER_PARAMS,
  MEMBER_REMOVE_PARAMS,
  MINIMAL_ACCESS_LEVEL,
} from '../../params/members.js';
import {
  canManageMembers,
  canRemoveMember,
  isLastOwner,
  personalNamespaceHolder,
  directLevel,
  demotesLastOwner,
  groupOfNamespace,
  inheritedAbove,
} from '../access.js';
import { requireUser } from '../guards.js';
import { apiError, conflict, forbidden, notFound, paramError, validationError } from '../errors.js';
import { json, noContent, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { MemberDetails, MemberSource, User } from '../model.js';
import { directMember, memberJson, putMember, removeMember, sourceRecord } from '../members.js';
import { readParams, str } from '../params.js';
import { memberNotFound, memberSource, memberUserId } from './member-lists.js';

/**
 * Adding, changing and removing members, as GitLab's API v4 answers: POST 201 with the member
 * (409 `Member already exists`, 404 `User Not Found`), PUT 200, DELETE 204; 403 for a caller who
 * may not manage members, or who would grant or take away a role above their own; the last owner
 * of a group can be neither removed nor demoted (a plain 403, as GitLab's policy refuses it).
 */

/**
 * The role and the expiry (MEMBER_PARAMS), checked as the service checks them: the role is
 * required and one of GitLab's values, the expiry a date; an empty expiry is none (null, which
 * removes one on update); then the member's validations, minimal access for groups only and no
 * expiry in the past (422).
 */
function readMemberParams(
  req: SandboxRequest,
  source: MemberSource,
): { level: number; expiresAt: string | null | undefined } {
  const emptyExpiry = req.input.expires_at === '';
  const params = readParams(emptyExpiry ? { ...req.input, expires_at: undefined } : req.input, MEMBER_PARAMS);
  const level = params.access_level;
  if (level === undefined) throw paramError('access_level is missing');
  // A project member's validation (ProjectMember's inclusion in Gitlab::Access.all_values).
  if (source.kind === 'project' && level === MINIMAL_ACCESS_LEVEL)
    throw validationError({ access_level: ['is not included in the list'] });
  const expiresAt = emptyExpiry ? null : params.expires_at;
  if (expiryPassed(expiresAt, req.store.today())) throw validationError({ expires_at: [EXPIRY_PASSED] });
  return { level, expiresAt };
}

/** A role below one the user holds in a group above: the member's validation, 400 on access_level. */
function refuseBelowInherited(req: SandboxRequest, source: MemberSource, userId: number, level: number): void {
  const refused = inheritedAbove(req.store, source, userId, level);
  if (refused) throw validationError({ access_level: [refused.says] });
}

/**
 * A project whose own group has membership_lock on takes no new member: EE's Members::CreateService
 * sets `membership_locked`, and the API answers `not_allowed!` (405; add_single_member,
 * lib/api/helpers/members_helpers.rb @bc7f4d7d). Only the project's own group counts: "The setting
 * does not cascade" (doc/user/group/access_and_permissions.md). Changing a member's role is allowed.
 */
function refuseMembershipLock(req: SandboxRequest, source: MemberSource): void {
  if (source.kind !== 'project') return;
  if (groupOfNamespace(req.store, source.project.namespace_id)?.attrs.membership_lock === true)
    throw apiError(405, '405 Method Not Allowed');
}

/** 403 unless the caller manages members there at all (before anything else is looked at, as GitLab's authorize_admin_source!). */
function requireManager(req: SandboxRequest, source: MemberSource): User {
  const user = requireUser(req);
  if (!canManageMembers(req.store, user, source, [])) throw forbidden();
  return user;
}

/** Grape's `exactly_one_of :user_id, :username`. */
function readUserRefs(req: SandboxRequest): { refs: string[]; byName: boolean } {
  const id = str(req.input, 'user_id');
  const name = str(req.input, 'username');
  if (id !== undefined && name !== undefined) throw paramError('user_id, username are mutually exclusive');
  const text = id ?? name;
  if (text === undefined || text === '')
    throw paramError('user_id, username are missing, exactly one parameter must be provided');
  if (id !== undefined && !/^\d+(,\s*\d+)*$/.test(id.trim())) throw paramError('user_id is invalid');
  return {
    refs: text
      .split(',')
      .map((ref) => ref.trim())
      .filter(Boolean),
    byName: id === undefined,
  };
}

function findUser(req: SandboxRequest, ref: string, byName: boolean): User | undefined {
  return byName ? req.store.userByName(ref.replace(/^@/, '')) : req.store.users.get(Number(ref));
}

export function memberChanges(kind: MemberSource['kind']) {
  const create = (req: SandboxRequest): SandboxResponse => {
    const source = memberSource(req, kind);
    const caller = requireManager(req, source);
    const { level, expiresAt = null } = readMemberParams(req, source);
    const { refs, byName } = readUserRefs(req);
    const record = sourceRecord(source);
    const now = req.store.nowIso();
    if (refs.length > 1) {
      // Several at once (GitLab's Members::CreateService): those already members are updated,
      // unknown users skipped; the answer is a status object, 201 either way.
      const users = refs.map((ref) => findUser(req, ref, byName)).filter((user): user is User => user !== undefined);
      if (users.length === 0) return json({ status: 'error', message: 'Invites cannot be blank' }, 201);
      const levels = users.map((user) => directLevel(record, user.id));
      if (!canManageMembers(req.store, caller, source, [level, ...levels])) throw forbidden();
      for (const user of users) {
        const old = record.memberDetails.get(user.id);
        putMember(source, user.id, level, {
          created_at: old?.created_at ?? now,
          created_by: old?.created_by ?? caller.id,
          expires_at: expiresAt,
        });
      }
      return json({ status: 'success' }, 201);
    }
    // GitLab looks the user up first (404), then refuses a member already there (409).
    const user = findUser(req, refs[0] as string, byName);
    if (!user) throw notFound('User');
    if (directMember(req.store, source, user.id)) throw conflict('Member already exists');
    if (!canManageMembers(req.store, caller, source, [level])) throw forbidden();
    refuseMembershipLock(req, source);
    refuseBelowInherited(req, source, user.id, level);
    putMember(source, user.id, level, { created_at: now, created_by: caller.id, expires_at: expiresAt });
    return json(memberJson(req.store, source, directMember(req.store, source, user.id) as never, caller), 201);
  };

  const update = (req: SandboxRequest): SandboxResponse => {
    const source = memberSource(req, kind);
    const caller = requireManager(req, source);
    const member = directMember(req.store, source, memberUserId(req));
    if (!member) throw memberNotFound();
    const { level, expiresAt } = readMemberParams(req, source);
    if (!canManageMembers(req.store, caller, source, [level, member.level])) throw forbidden();
    if (demotesLastOwner(req.store, source, member.user.id, level)) throw forbidden();
    if (source.kind === 'project' && personalNamespaceHolder(req.store, source.project) === member.user.id)
      throw forbidden();
    refuseBelowInherited(req, source, member.user.id, level);
    const details: MemberDetails = { ...member.details, ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}) };
    putMember(source, member.user.id, level, details);
    return json(memberJson(req.store, source, { ...member, level, details }, caller));
  };

  const remove = (req: SandboxRequest): SandboxResponse => {
    const source = memberSource(req, kind);
    const caller = requireUser(req);
    const member = directMember(req.store, source, memberUserId(req));
    if (!member) throw memberNotFound();
    // unassign_issuables is read and checked; the sandbox's issues and merge requests have no assignees.
    const { skip_subresources: skip } = readParams(req.input, MEMBER_REMOVE_PARAMS);
    if (!canRemoveMember(req.store, caller, source, member.user.id, member.level)) throw forbidden();
    if (source.kind === 'group' && isLastOwner(req.store, source.group, member.user.id)) throw forbidden();
    if (source.kind === 'project' && personalNamespaceHolder(req.store, source.project) === member.user.id)
      throw forbidden();
    removeMember(req.store, source, member.user.id, skip === true);
    return noContent();
  };

  return { create, update, remove };
}
