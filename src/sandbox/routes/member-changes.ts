import {
  EXPIRY_PASSED,
  expiryPassed,
  MEMBER_PARAMS,
  MEMBER_REMOVE_PARAMS,
  memberLevels,
} from '../../params/members.js';
import {
  canManageMembers,
  grantsOwnerUnallowed,
  canRemoveMember,
  isLastOwner,
  personalNamespaceHolder,
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
 * (404 `User Not Found`, 409 `Member already exists`), PUT 200, DELETE 204; 403 for a caller who
 * may not manage members, or who would grant or take away a role above their own; the last owner
 * of a group can be neither removed nor demoted (a plain 403, as GitLab's policy refuses it).
 * Each check comes where GitLab's makes it: Grape's parameters first, then the user and the
 * membership, the rights, and last the member's validations (lib/api/members.rb,
 * lib/api/helpers/members_helpers.rb, app/services/members/create_service.rb of gitlab-org/gitlab,
 * read through gitlabhq/gitlabhq's mirror; doc/api/members.md @ec05f6eb names neither order nor these answers).
 */

/**
 * The role and the expiry (MEMBER_PARAMS) as Grape reads them: the role required, any integer,
 * the expiry a date; an empty expiry is none (null, which removes one on update).
 */
function readMemberParams(req: SandboxRequest): { level: number; expiresAt: string | null | undefined } {
  const emptyExpiry = req.input.expires_at === '';
  const params = readParams(emptyExpiry ? { ...req.input, expires_at: undefined } : req.input, MEMBER_PARAMS);
  const level = params.access_level;
  if (level === undefined) throw paramError('access_level is missing');
  return { level, expiresAt: emptyExpiry ? null : params.expires_at };
}

/**
 * The member's validations, each attribute's messages as the model has them (none: valid): a
 * role of the source's kind (`inclusion` in Gitlab::Access.all_values, a group's with Minimal
 * access), no expiry in the past, no role below one held in a group above.
 */
function memberErrors(
  req: SandboxRequest,
  source: MemberSource,
  userId: number,
  level: number,
  expiresAt: string | null | undefined,
): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  const add = (attribute: string, message: string) => {
    errors[attribute] = [...(errors[attribute] ?? []), message];
  };
  if (!memberLevels(source.kind).includes(level)) add('access_level', 'is not included in the list');
  else {
    const refused = inheritedAbove(req.store, source, userId, level);
    if (refused) add('access_level', refused.says);
  }
  if (expiryPassed(expiresAt, req.store.today())) add('expires_at', EXPIRY_PASSED);
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** `render_validation_error!`: 400 with the attributes' messages. */
function refuseInvalid(errors: Record<string, string[]> | undefined): void {
  if (errors) throw validationError(errors);
}

/** Rails' `errors.full_messages`: each message after its attribute's name ("Access level is not included in the list"). */
function fullMessages(errors: Record<string, string[]>): string[] {
  return Object.entries(errors).flatMap(([attribute, messages]) => {
    const name = attribute.replace(/_/g, ' ');
    return messages.map((message) => `${name.charAt(0).toUpperCase()}${name.slice(1)} ${message}`);
  });
}

/** Rails' `Array#to_sentence`: "a", "a and b", "a, b, and c". */
function toSentence(words: readonly string[]): string {
  if (words.length <= 2) return words.join(' and ');
  return `${words.slice(0, -1).join(', ')}, and ${words.at(-1)}`;
}

/** EE's Project#membership_locked?: the project's own group has membership_lock on. "The setting does not cascade" (doc/user/group/access_and_permissions.md). */
function membershipLocked(req: SandboxRequest, source: MemberSource): boolean {
  return (
    source.kind === 'project' &&
    groupOfNamespace(req.store, source.project.namespace_id)?.attrs.membership_lock === true
  );
}

/** Members::CreateService's own refusals, in a 201 body: `error(e.message, pass_back: { reason: ... })`. */
function serviceError(message: string, reason: string): SandboxResponse {
  return json({ message, status: 'error', reason }, 201);
}

/** Members::CreateService::DEFAULT_INVITE_LIMIT: more users than this at once are refused. */
const INVITE_LIMIT = 100;

/**
 * `user_id` or `username` (Grape's `mutually_exclusive`, `at_least_one_of`), each one user or
 * several separated by commas. Several (a comma in either, `add_multiple_members?`) go to
 * Members::CreateService whole; one goes through add_single_member.
 */
function readUserRefs(req: SandboxRequest): { refs: string[]; byName: boolean; several: boolean } {
  const id = str(req.input, 'user_id');
  const name = str(req.input, 'username');
  if (id !== undefined && name !== undefined) throw paramError('user_id, username are mutually exclusive');
  const text = id ?? name;
  if (text === undefined || text === '')
    throw paramError('user_id, username are missing, exactly one parameter must be provided');
  const several = text.includes(',');
  // Ruby's `split(',').uniq`, nothing trimmed: " 7" is no ID (CreatorService takes /\A\d+\Z/) and no username.
  return {
    refs: several ? [...new Set(text.split(',').filter(Boolean))] : [text.trim()],
    byName: id === undefined,
    several,
  };
}

function findUser(req: SandboxRequest, ref: string, byName: boolean): User | undefined {
  return byName
    ? req.store.userByName(ref.replace(/^@/, ''))
    : /^\d+$/.test(ref)
      ? req.store.users.get(Number(ref))
      : undefined;
}

export function memberChanges(kind: MemberSource['kind']) {
  /**
   * One user (add_single_member): 404 for no such user, 409 for a member already there, 403 for
   * Owner granted by one who may not, 405 in a locked project (`not_allowed!`, set by EE's
   * check_membership_lock!), 403 for a caller who may not add this member, 400 for the member's
   * validations, else 201 with the member.
   */
  const createOne = (
    req: SandboxRequest,
    source: MemberSource,
    caller: User,
    user: User | undefined,
  ): SandboxResponse => {
    const { level, expiresAt = null } = readMemberParams(req);
    if (!user) throw notFound('User');
    if (directMember(req.store, source, user.id)) throw conflict('Member already exists');
    if (source.kind === 'project' && grantsOwnerUnallowed(req.store, caller, source, level)) throw forbidden();
    if (membershipLocked(req, source)) throw apiError(405, '405 Method Not Allowed');
    if (!canManageMembers(req.store, caller, source, [level])) throw forbidden();
    refuseInvalid(memberErrors(req, source, user.id, level, expiresAt));
    putMember(source, user.id, level, { created_at: req.store.nowIso(), created_by: caller.id, expires_at: expiresAt });
    return json(memberJson(req.store, source, directMember(req.store, source, user.id) as never, caller), 201);
  };

  /**
   * Several users at once (Members::CreateService, whose result is the 201 body): unknown IDs are
   * left out (CreatorService's `User.id_in`), unknown usernames too (`User.by_username`); none
   * left is `No users specified.`, a locked project is `MembershipLockedError`'s bare message.
   * Each user is then added, or changed when already a member (the expiry given, or none); one
   * who cannot be is named in the message, "alice: <the member's errors>", joined as a sentence,
   * and `http_status: unauthorized` when some were not the caller's to add. Owner granted by
   * one who may not is a 403 in a project and adds nobody in a group.
   */
  const createMany = (req: SandboxRequest, source: MemberSource, caller: User, refs: string[], byName: boolean) => {
    const { level, expiresAt = null } = readMemberParams(req);
    if (source.kind === 'project' && grantsOwnerUnallowed(req.store, caller, source, level)) throw forbidden();
    const invites = byName
      ? refs.map((ref) => findUser(req, ref, true)).filter((user): user is User => user !== undefined)
      : refs;
    if (invites.length === 0) return serviceError('No users specified.', 'blank_invites_error');
    if (invites.length > INVITE_LIMIT)
      return serviceError(`Too many users specified (limit is ${INVITE_LIMIT})`, 'too_many_invites_error');
    if (membershipLocked(req, source))
      return serviceError('Members::CreateService::MembershipLockedError', 'membership_locked_error');
    if (grantsOwnerUnallowed(req.store, caller, source, level)) return json({ status: 'success' }, 201);
    const users = byName
      ? (invites as User[])
      : refs.map((ref) => findUser(req, ref, false)).filter((user): user is User => user !== undefined);
    const errors: string[] = [];
    let unauthorized = false;
    const record = sourceRecord(source);
    for (const user of users) {
      const old = directMember(req.store, source, user.id);
      if (!canManageMembers(req.store, caller, source, old ? [level, old.level] : [level])) {
        unauthorized = true;
        errors.push(`${user.username}: not authorized to ${old ? 'update' : 'create'} member`);
        continue;
      }
      const invalid = memberErrors(req, source, user.id, level, expiresAt);
      if (invalid) {
        errors.push(`${user.username}: ${toSentence(fullMessages(invalid))}`);
        continue;
      }
      const details = record.memberDetails.get(user.id);
      putMember(source, user.id, level, {
        created_at: details?.created_at ?? req.store.nowIso(),
        created_by: details?.created_by ?? caller.id,
        expires_at: expiresAt,
      });
    }
    if (errors.length === 0) return json({ status: 'success' }, 201);
    return json(
      { message: toSentence(errors), status: 'error', ...(unauthorized ? { http_status: 'unauthorized' } : {}) },
      201,
    );
  };

  // No right is asked before the user is looked up: lib/api/members.rb's POST authorizes nothing
  // itself, Members::CreateService does.
  const create = (req: SandboxRequest): SandboxResponse => {
    const source = memberSource(req, kind);
    const caller = requireUser(req);
    readMemberParams(req);
    const { refs, byName, several } = readUserRefs(req);
    return several
      ? createMany(req, source, caller, refs, byName)
      : createOne(req, source, caller, findUser(req, refs[0] as string, byName));
  };

  // The member is looked up before any right is asked (PUT's find_by!, then
  // authorize_update_source_member!), and the member's validations come last.
  const update = (req: SandboxRequest): SandboxResponse => {
    const source = memberSource(req, kind);
    const caller = requireUser(req);
    const { level, expiresAt } = readMemberParams(req);
    const member = directMember(req.store, source, memberUserId(req));
    if (!member) throw memberNotFound();
    if (!canManageMembers(req.store, caller, source, [level, member.level])) throw forbidden();
    if (demotesLastOwner(req.store, source, member.user.id, level)) throw forbidden();
    if (source.kind === 'project' && personalNamespaceHolder(req.store, source.project) === member.user.id)
      throw forbidden();
    refuseInvalid(memberErrors(req, source, member.user.id, level, expiresAt));
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
