import { optional, strictObject } from 'zod/mini';
import {
  addMember,
  type MemberParams,
  type MemberRecord,
  membersPath,
  removeMember,
  updateMember,
} from '../../api/members.js';
import { CollabError } from '../../errors.js';
import { expiryPassed } from '../../params/members.js';
import { USER_RULE } from '../../params/users.js';
import { ACCESS_LEVELS } from '../../params/access.js';
import {
  accessLevel,
  accessLevelSchema,
  groupAccessLevelSchema,
  dateSchema,
  paramSchema,
  accessLevelWord,
  equal,
  isItem,
  listOf,
  listSchema,
  servicePath,
  unlisted,
  withSecret,
} from './common.js';
import { allInRecordOrder, gidNumber, isNode, isText } from './graphql-nodes.js';
import type { LiveTarget } from '../model.js';
import { type Item, type OnTarget, type Planned, plannedSetting, type Reader, type Section } from './section.js';
import { once } from '../../util/memo.js';
import { groupsAbove, parentPath } from '../../util/path-order.js';

/**
 * `members`: a project's or group's direct members by username (POST .../members takes one), with
 * the service's access_level and expires_at; one list a target. Under enforce the others are
 * removed, but never the caller nor a bot (a project or group access token's user) unless named.
 */

declare module '../model.js' {
  interface LiveTarget {
    /** Direct members. */
    members?: MemberRecord[];
    /** The caller's username, read when a members section enforces (the caller is never removed). */
    caller?: string;
    /**
     * The highest role each user holds directly in a group above (live, or as the file makes it),
     * and where: read only for a target whose file adds or changes a member.
     */
    rolesAbove?: Map<string, { level: number; group: string }>;
    /** The project's group, when its membership_lock keeps new members out once the apply is made. */
    membershipLockedBy?: string;
  }
}

type MemberSpec = OnTarget &
  (
    | { op: 'member-add'; member: string; body: MemberParams }
    | { op: 'member-update'; member: number; body: MemberParams }
    | { op: 'member-remove'; member: number }
  );

/** The users of project and group access tokens (GitLab names them project_<id>_bot…, group_<id>_bot…). */
function isBot(member: { username: string; bot?: unknown }): boolean {
  return member.bot === true || /^(project|group)_\d+_bot/.test(member.username);
}

/**
 * Whether the file's username names this member: in any case, as GitLab finds a user by it
 * (User.find_by_username, case-insensitive): `Dana` is the member dana, whom a POST meets with 409.
 */
const isUser = (member: { username: string }, username: unknown) =>
  member.username.toLowerCase() === String(username).toLowerCase();

const isMember = (item: Item): item is Item & MemberRecord =>
  typeof item.id === 'number' && typeof item.username === 'string' && typeof item.access_level === 'number';

/** The level, and the expiry only when the file gives one (on update, null removes it). */
const paramsOf = (member: Item): MemberParams => ({
  access_level: accessLevel(member.access_level),
  ...(member.expires_at !== undefined
    ? { expires_at: typeof member.expires_at === 'string' ? member.expires_at : null }
    : {}),
});

/**
 * The live membership in the fields `after` sets (the expiry only when it gives one): `after` it
 * equals is what the service has, the diff's rule and a saved plan's.
 */
const heldAs = (member: MemberRecord, after: { expires_at?: unknown }): MemberParams => ({
  access_level: member.access_level,
  ...(after.expires_at !== undefined ? { expires_at: member.expires_at ?? null } : {}),
});

/** What a change's body sends: the level, and the expiry when the change has one. */
const sent = (body: MemberParams, secret: (text: string) => string): MemberParams => ({
  access_level: body.access_level,
  ...(body.expires_at !== undefined
    ? { expires_at: typeof body.expires_at === 'string' ? withSecret(body.expires_at, secret) : body.expires_at }
    : {}),
});

/**
 * A project takes no new member while its own group has membership_lock on (EE's
 * Members::CreateService; the API answers 405: add_single_member, lib/api/helpers/members_helpers.rb
 * @bc7f4d7d). The lock does not cascade: only the project's own group counts
 * (doc/user/group/access_and_permissions.md, "Prevent members from being added to projects in a
 * group"). Existing groups apply before projects, so the lock is as the file sets it, else as the
 * group has it now: its view read once a group, only for projects whose file adds a member.
 */
async function readMembershipLocks(
  lives: readonly LiveTarget[],
  values: readonly unknown[],
  reader: Reader,
  planned: Planned,
): Promise<void> {
  const locked = once(async (group: string): Promise<boolean> => {
    const wanted = plannedSetting(planned, 'group', group, 'membership_lock');
    if (typeof wanted === 'boolean') return wanted;
    // A user's namespace, or a group this apply makes: no lock.
    return reader.group(group).then(
      (view) => view.membership_lock === true,
      (error: { kind?: string }) => (error.kind === 'not-found' ? false : Promise.reject(error)),
    );
  });
  await Promise.all(
    lives.map(async (live, i) => {
      if (live.kind !== 'project') return;
      const adds = listOf(values[i]).items.some(
        (item) => !live.members?.some((member) => isUser(member, item.username)),
      );
      if (!adds) return;
      const namespace = live.resource?.namespace;
      const group = live.resource
        ? isItem(namespace) && namespace.kind === 'group'
          ? String(namespace.full_path)
          : undefined
        : parentPath(servicePath(live)) || undefined;
      if (group !== undefined && (await locked(group))) live.membershipLockedBy = group;
    }),
  );
}

/**
 * The owners a top-level group's file removes or demotes, where it leaves the group none: GitLab
 * keeps a group's last owner, neither removed nor demoted (GroupMemberPolicy's last_owner; the
 * sandbox's member routes answer 403), counting the owners of the groups above too, which a
 * top-level group has none of (a subgroup's are not read, and left to the service). A bot is
 * no owner there; the caller, whom enforce never removes, stays as it is.
 */
function ownerLeft(
  kind: string,
  path: string,
  found: readonly MemberRecord[],
  wanted: { items: readonly Item[]; enforce: boolean },
  caller: string | undefined,
  today: string,
): string[] | undefined {
  if (kind !== 'group' || path.includes('/')) return undefined;
  const owner = ACCESS_LEVELS.owner;
  const said = (username: string) => {
    const item = wanted.items.find((each) => String(each.username).toLowerCase() === username.toLowerCase());
    return item && !expiryPassed(paramsOf(item).expires_at, today) ? item : undefined;
  };
  const owners = found.filter((member) => member.access_level >= owner && !isBot(member));
  const levelAfter = (member: MemberRecord) => {
    const item = said(member.username);
    if (item) return accessLevel(item.access_level);
    return wanted.enforce && member.username !== caller ? 0 : member.access_level;
  };
  const made = wanted.items.some(
    (item) =>
      said(String(item.username)) &&
      !found.some((member) => isUser(member, item.username)) &&
      accessLevel(item.access_level) >= owner,
  );
  if (owners.length === 0 || made || owners.some((member) => levelAfter(member) >= owner)) return undefined;
  return owners.map((member) => member.username);
}

export const members: Section<MemberSpec> = {
  name: 'members',
  kinds: ['project', 'group'],
  noun: 'member',
  identity: 'username',
  // A username in any case is one user (isUser): Dana and dana listed together are one listed twice.
  identify: (item) => String(item.username).toLowerCase(),
  schema: (kind) =>
    listSchema(
      strictObject({
        username: paramSchema({ name: 'username', type: 'string', description: 'a user', rule: USER_RULE }),
        // A group's member may have minimal access (doc/api/members.md, Roles); a project's may not,
        // nor may defaults', which speak to projects too.
        access_level: kind === 'group' ? groupAccessLevelSchema : accessLevelSchema,
        expires_at: optional(dateSchema),
      }),
    ),
  read: {
    none: (live) => void (live.members = []),
    target: async (reader, live, resource) =>
      void (live.members = (await reader.list(membersPath({ kind: live.kind, ref: Number(resource.id) }))).filter(
        isMember,
      )),
    once: async (_ctx, lives, values, reader, planned) => {
      if (values.some((value) => listOf(value).enforce)) {
        const caller = (await reader.caller()).username;
        for (const live of lives) live.caller = caller;
      }
      await readMembershipLocks(lives, values, reader, planned);
      // GitLab refuses a membership below a role the user holds directly in a group above (400 on
      // access_level: Member#higher_access_level_than_group, app/models/member.rb @800235cc). The
      // groups' direct members are read once a group, only for targets whose file adds or changes
      // one; a path above that is no group (a user's namespace, a group this apply makes) has none.
      const membersOf = once(
        (group: string): Promise<MemberRecord[]> =>
          reader.list(membersPath({ kind: 'group', ref: group })).then(
            (items) => items.filter(isMember),
            (error: { kind?: string }) => (error.kind === 'not-found' ? [] : Promise.reject(error)),
          ),
      );
      const fileRoles = new Map(
        lives.flatMap((live, i) =>
          live.kind === 'group'
            ? [
                [
                  servicePath(live).toLowerCase(),
                  listOf(values[i]).items.map((item) => ({
                    username: String(item.username).toLowerCase(),
                    level: accessLevel(item.access_level),
                  })),
                ] as const,
              ]
            : [],
        ),
      );
      await Promise.all(
        lives.map(async (live, i) => {
          // Whether the file adds a member or changes one (a role, an expiry): each is validated.
          const changing = listOf(values[i]).items.some((item) => {
            const existing = live.members?.find((member) => isUser(member, item.username));
            return (
              existing?.access_level !== accessLevel(item.access_level) ||
              (item.expires_at !== undefined && item.expires_at !== (existing.expires_at ?? null))
            );
          });
          if (!changing) return;
          const roles = new Map<string, { level: number; group: string }>();
          const hold = (username: string, level: number, group: string) => {
            const user = username.toLowerCase();
            if (level > (roles.get(user)?.level ?? 0)) roles.set(user, { level, group });
          };
          for (const group of groupsAbove(servicePath(live))) {
            for (const member of await membersOf(group)) hold(member.username, member.access_level, group);
            for (const role of fileRoles.get(group.toLowerCase()) ?? []) hold(role.username, role.level, group);
          }
          live.rolesAbove = roles;
        }),
      );
    },
  },
  graphql: {
    kinds: ['project', 'group'],
    // The REST list leaves the users' `bot` out too: a bot is told by its username both ways.
    exports: ['project', 'group'],
    // Direct members, as GET .../members (not members/all) lists them.
    connection: (kind) => ({
      field: kind === 'project' ? 'projectMembers' : 'groupMembers',
      args: 'relations: [DIRECT]',
      node: 'id accessLevel { integerValue } expiresAt user { id username }',
    }),
    fill: (live, nodes) => {
      // In the REST list's order (joined first), not GraphQL's (joined last first): plan and export keep it.
      const found = allInRecordOrder(nodes, memberOf);
      if (found) live.members = found;
      return found !== undefined;
    },
  },
  diff: ({ value, live, target, today, warn, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.members ?? [];
    for (const member of wanted.items) {
      const username = String(member.username);
      // The username as written, for what is said (a template where it is a secret).
      const named = String(kept(member).username);
      const after = paramsOf(member);
      // A membership whose day has come is over (GitLab removes it, and refuses an expiry in the past).
      if (expiryPassed(after.expires_at, today)) {
        const existing = found.find((m) => isUser(m, username));
        if (!existing || !equal(existing.access_level, after.access_level) || existing.expires_at !== after.expires_at)
          warn(`members: ${named}'s membership ended on ${String(kept(member).expires_at)}; it is not made again`);
        continue;
      }
      const existing = found.find((m) => isUser(m, username));
      const before = existing && heldAs(existing, after);
      if (before && equal(before, after)) continue;
      // GitLab validates the role on every save of the membership, an expiry's change included.
      const above = live.rolesAbove?.get(username.toLowerCase());
      if (above && above.level > after.access_level)
        throw new CollabError(
          'usage',
          `members: ${named} on ${target.kind} ${target.path} would be ${accessLevelWord(after.access_level)}, below the ${accessLevelWord(above.level)} role they hold in group ${above.group} above it, which GitLab refuses (400)`,
          {
            hint: `give ${named} ${accessLevelWord(above.level)} or more here, leave them out (they have it from ${above.group}), or change their role in ${above.group}`,
          },
        );
      if (!existing && live.membershipLockedBy)
        throw new CollabError(
          'usage',
          `members: ${named} on project ${target.path}: group ${live.membershipLockedBy} has membership_lock on, which keeps new members out of its projects (GitLab answers 405)`,
          {
            hint: `add ${named} to group ${live.membershipLockedBy} instead, or turn membership_lock off in its settings`,
          },
        );
      // Shown and sent as the plan keeps them: an expiry (or a username) from a secret as its template.
      const written = kept(member);
      const shown: MemberParams =
        typeof written.expires_at === 'string' && after.expires_at != null
          ? { ...after, expires_at: written.expires_at }
          : after;
      if (!existing)
        emit(username, 'create', null, shown, { op: 'member-add', member: String(written.username), body: shown });
      else emit(username, 'update', before, shown, { op: 'member-update', member: existing.id, body: shown });
    }
    const lastOwner = ownerLeft(target.kind, servicePath(live), found, wanted, live.caller, today);
    if (lastOwner)
      throw new CollabError(
        'usage',
        `members: group ${target.path} would be left without an owner (${lastOwner.join(', ')} ${lastOwner.length === 1 ? 'is' : 'are'} its last), which GitLab refuses (403)`,
        { hint: `keep an owner in ${target.path}'s members: list one with access_level: owner` },
      );
    for (const existing of unlisted(wanted, found, (item, member) => isUser(member, item.username))) {
      if (existing.username === live.caller || isBot(existing)) continue;
      emit(
        existing.username,
        'delete',
        { access_level: existing.access_level },
        null,
        { op: 'member-remove', member: existing.id },
        true,
      );
    }
  },
  export: ({ live }) => {
    // A token's bot is made with its token, never added by username.
    const found = (live.members ?? []).filter((member) => !isBot(member));
    if (found.length === 0) return undefined;
    return found.map((member) => ({
      username: member.username,
      access_level: accessLevelWord(member.access_level),
      ...(typeof member.expires_at === 'string' ? { expires_at: member.expires_at } : {}),
    }));
  },
  liveFields: (key, live) => {
    const member = live.members?.find((m) => isUser(m, key));
    return {
      member: member
        ? { id: member.id, access_level: member.access_level, expires_at: member.expires_at ?? null }
        : null,
    };
  },
  reached: (username, after, live) => {
    const member = live.members?.find((m) => isUser(m, username));
    if (after === null) return member === undefined;
    return member !== undefined && isItem(after) && equal(heldAs(member, after), after);
  },
  updates: (_username, after) => (isItem(after) ? Object.keys(after) : undefined),
  ops: ['member-add', 'member-update', 'member-remove'],
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    switch (spec.op) {
      case 'member-add':
        return [
          addMember(
            owner,
            { username: withSecret(spec.member, resolver.secret) },
            sent(spec.body, resolver.secret),
            resolver.sentAt,
          ),
        ];
      case 'member-update':
        return [updateMember(owner, spec.member, sent(spec.body, resolver.secret))];
      case 'member-remove':
        return [removeMember(owner, spec.member)];
    }
  },
};

/**
 * A member node as the REST list shows the fields the diff compares. GitLab's Time gives the
 * expiry, a date column, as the date itself (`Date#iso8601`: app/graphql/types/time_type.rb); a
 * time at the day's start is taken as that day, any other time is not a date this can take.
 */
export function memberOf(node: Item): MemberRecord | undefined {
  const user = node.user;
  const level = isNode(node.accessLevel) ? node.accessLevel.integerValue : undefined;
  if (!isNode(user) || !isText(user.username) || typeof level !== 'number') return undefined;
  const id = gidNumber(user.id);
  const expiry =
    node.expiresAt === null
      ? null
      : /^(\d{4}-\d{2}-\d{2})(T00:00:00(\.0+)?(Z|[+-]\d{2}:\d{2}))?$/.exec(String(node.expiresAt))?.[1];
  if (id === undefined || expiry === undefined) return undefined;
  return { id, username: user.username, access_level: level, expires_at: expiry };
}
