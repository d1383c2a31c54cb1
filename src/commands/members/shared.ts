import type { Owner } from '../../api/owner.js';
import { findUsersByName, type UserRecord } from '../../api/users.js';
import { unknownUserHint } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { type Column, type DetailField, PRIORITY } from '../../output/format.js';
import { ACCESS_LEVELS, accessLevelName, accessLevelWords } from '../../params/access.js';
import { accessLevel, date, groupAccessLevel, ruled } from '../../params/parsers.js';
import { USER_RULE } from '../../params/users.js';
import { group, option } from '../flags.js';
import type { OwnerKind } from '../owner.js';
import { parentPath } from '../../util/path-order.js';

/** What the member verbs share: the owner from <project>/<group>, users by name or ID, columns, hints. */

export const MEMBER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'name', text: true },
  {
    header: 'ACCESS',
    path: 'access_level',
    format: accessLevelName,
    choices: ['minimal', ...Object.keys(ACCESS_LEVELS)],
  },
  { header: 'EXPIRES', path: 'expires_at', none: 'never' },
  { header: 'STATE', path: 'state', choices: ['active', 'blocked'] },
];

export const MEMBER_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Username', path: 'username' },
  { label: 'Name', path: 'name' },
  { label: 'Access', path: 'access_level', format: accessLevelName },
  { label: 'Expires', path: 'expires_at', none: 'never' },
  { label: 'Since', path: 'created_at' },
];

/** The users of --user, as given (checked for duplicates before anything is sent). */
export function userRefs(refs: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const ref of refs) {
    // `@dana` is dana, as resolveUser reads it.
    const key = ref.replace(/^@/, '').toLowerCase();
    if (seen.has(key)) throw new CollabError('usage', `--user ${ref} is given twice`, { hint: 'name each user once' });
    seen.add(key);
  }
  return [...refs];
}

interface ResolvedUser {
  id: number;
  /** As given, for messages. */
  ref: string;
}

/** A username or ID to a user ID: an ID as it is, a name through GET /users?username= (exit 4 when nobody has it). */
export async function resolveUser(ctx: VerbContext, ref: string): Promise<ResolvedUser> {
  if (/^\d+$/.test(ref)) return { id: Number(ref), ref };
  // `@dana` as a mention writes it, as the other lookups of a username take it.
  const found = (await ctx.session.request<UserRecord[]>(findUsersByName(ref.replace(/^@/, '')))).data[0];
  if (!found) throw new CollabError('not-found', `no user named ${ref}`, { hint: unknownUserHint(ref) });
  return { id: found.id, ref };
}

/**
 * Every user of --user before any membership changes: a name nobody has stops the run with
 * nothing changed, and a user given twice (by name and by ID) is refused, not sent twice.
 */
export async function resolveUsers(ctx: VerbContext, refs: readonly string[]): Promise<ResolvedUser[]> {
  const users: ResolvedUser[] = [];
  for (const ref of refs) {
    const user = await resolveUser(ctx, ref);
    const twice = users.find((other) => other.id === user.id);
    if (twice)
      throw new CollabError('usage', `--user ${twice.ref} and --user ${ref} are the same user (ID ${user.id})`, {
        hint: 'name each user once',
      });
    users.push(user);
  }
  return users;
}

/** Advice for the service's refusals of a membership change. */
export function memberHint(error: unknown, user: string, owner: Owner): unknown {
  if (!isCollabError(error)) return error;
  const { kind } = owner;
  if (error.status === 409)
    return withHint(
      error,
      `${user} is already a member of ${kind} ${owner.ref}; change the role with \`collab ${kind}s members update ${owner.ref} --user ${user} --access-level <level>\``,
    );
  if (error.status === 403) {
    const rule =
      kind === 'project'
        ? 'a project Maintainer manages members up to Maintainer, only an Owner grants or removes Owner'
        : `only Owners manage group members, and a group’s last owner can be neither removed nor demoted: add another owner first (\`collab groups members add ${owner.ref} --user <username> --access owner\`)`;
    return withHint(error, rule);
  }
  // Member#higher_access_level_than_group (app/models/member.rb): below a role held in a group above.
  const inherited =
    error.status === 400
      ? /greater than or equal to (\S+) inherited membership from group (.+?)(?: \(|$)/.exec(error.message)
      : null;
  if (inherited)
    return withHint(
      error,
      `${user} is ${inherited[1]} of ${inherited[2]}, a group above ${kind} ${owner.ref}: give --access ${String(inherited[1]).toLowerCase()} or more here, or leave them out (the group gives them that role)`,
    );
  // A new member of a project whose own group has membership_lock on: EE answers not_allowed!
  // (lib/api/helpers/members_helpers.rb @bc7f4d7d, add_single_member).
  if (error.status === 405 && kind === 'project') {
    const home = typeof owner.ref === 'string' && owner.ref.includes('/') ? parentPath(owner.ref) : '<group>';
    return withHint(
      error,
      `the project's group may have membership_lock on, which keeps new members out of its projects: add ${user} to the group instead, or turn the lock off (\`collab groups update ${home} --no-membership-lock\`)`,
    );
  }
  if (error.status === 404 && /User Not Found/i.test(error.message))
    return withHint(error, 'no such user: check the username or ID');
  // The service's bare `404 Not found` for a member: the user is no direct member there.
  if (error.status === 404 && /^404 Not found/i.test(error.message))
    return withHint(
      error,
      `${user} is not a direct member of ${kind} ${owner.ref}; see \`collab ${kind}s members list ${owner.ref}\``,
    );
  return error;
}

/** The flags the member verbs share, and their help's words for each kind of owner. */
/** --user, repeatable and required: the usernames or IDs as given. */
export const USERS = option('--user <user>', 'a username or user ID (repeat for several)', ruled(USER_RULE), {
  repeatable: true,
  required: true,
});
export const EXPIRES = option(
  '--expires-at <YYYY-MM-DD>',
  'the membership ends at the start of this day (a future date)',
  date,
  {
    aliases: ['--expires'],
  },
);

/** --access-level (also --access): a role by name or number; groups also take minimal access. */
export const ACCESS_FLAG = '--access-level <level>';
export const roles = (kind: OwnerKind) =>
  `the role: ${kind === 'group' ? `minimal, ${accessLevelWords()} or 5..50` : `${accessLevelWords()} or 10..50`}`;
export const roleParser = (kind: OwnerKind) => (kind === 'group' ? groupAccessLevel : accessLevel);
/** --no-expiry alone (there is no --expiry): commander sets `expiry` false when it is given. */
export const NO_EXPIRY = group(
  [{ flags: '--no-expiry', description: 'the membership no longer ends' }],
  (raw) => raw.expiry === false,
);

export const sample = (kind: OwnerKind) => (kind === 'project' ? 'acme/web/storefront' : 'acme/web');
export const command = (kind: OwnerKind) => `collab ${kind}s members`;
