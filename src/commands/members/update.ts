import { accessLevelName } from '../../params/access.js';
import { checkExpiry } from '../../params/members.js';
import { getMember, type MemberParams, type MemberRecord, updateMember } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import {
  ACCESS_FLAG,
  command,
  EXPIRES,
  MEMBER_COLUMNS,
  MEMBER_DETAIL,
  memberHint,
  NO_EXPIRY,
  resolveUsers,
  roleParser,
  roles,
  sample,
  userRefs,
  USERS,
} from './shared.js';
import { flagNames, nothingToChange, option } from '../flags.js';
import { type OwnerKind, ownerVerb } from '../owner.js';

/** What update changes (--user says whose membership): a call with none of them is refused. */
const changeFlags = (kind: OwnerKind) => ({
  access: option(ACCESS_FLAG, roles(kind), roleParser(kind), { aliases: ['--access'] }),
  expires: EXPIRES,
  noExpiry: NO_EXPIRY,
});

export const updateVerb = (kind: OwnerKind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'update',
    summary: `Change the role or expiry of members of the ${kind}`,
    description: `At least one of ${flagNames(changeFlags(kind))}; what is not given stays as it is.`,
    flags: { users: USERS, ...changeFlags(kind) },
    mutating: true,
    examples: [
      `${command(kind)} update ${sample(kind)} --user dana --access-level maintainer`,
      `${command(kind)} update ${sample(kind)} --user dana --expires-at 2030-06-30`,
    ],
  });

interface UpdateMembersOptions {
  owner: Owner;
  users: string[];
  access: number | undefined;
  /** A date, null to end no more, undefined to leave as it is. */
  expires: string | null | undefined;
}

/**
 * PUT per user. The service wants the role in every update: it is read from the membership
 * first, so changing only the expiry keeps the role, and a membership already as asked is left
 * alone.
 */
export function parse(input: VerbInput<ReturnType<typeof updateVerb>>): UpdateMembersOptions {
  if (input.noExpiry && input.expires !== undefined)
    throw new CollabError('usage', '--expires and --no-expiry cannot be used together', { hint: 'give one of them' });
  if (input.access === undefined && input.expires === undefined && !input.noExpiry)
    throw nothingToChange(changeFlags(input.owner.kind));
  return {
    owner: input.owner,
    users: userRefs(input.users),
    access: input.access,
    expires: input.noExpiry ? null : input.expires,
  };
}

export async function run(ctx: VerbContext, opts: UpdateMembersOptions): Promise<void> {
  checkExpiry(opts.expires, '--expires-at', ctx.session.clock.now());
  const { kind } = opts.owner;
  const updated: unknown[] = [];
  for (const user of await resolveUsers(ctx, opts.users)) {
    const { ref } = user;
    // The membership as it is: the role a PUT must carry when --access is not given, and whether
    // anything would change (nothing sent then, as every other verb's nothing-to-do).
    const current = (
      await ctx.session.request<MemberRecord>(getMember(opts.owner, user.id)).catch((error: unknown) => {
        throw memberHint(error, ref, opts.owner);
      })
    ).data;
    const access = opts.access ?? current.access_level;
    const until = (date: string | null | undefined) => (date ? ` until ${date}` : '');
    if (
      access === current.access_level &&
      (opts.expires === undefined || opts.expires === (current.expires_at ?? null))
    ) {
      ctx.terminal.info(
        `${current.username ?? ref} is already ${accessLevelName(access)} of ${kind} ${opts.owner.ref}${until(current.expires_at)}; nothing to do`,
      );
      updated.push(current);
      continue;
    }
    const params: MemberParams = {
      access_level: access,
      ...(opts.expires !== undefined ? { expires_at: opts.expires } : {}),
    };
    const response = await ctx.session
      .mutate<MemberRecord>(updateMember(opts.owner, user.id, params))
      .catch((error: unknown) => {
        throw memberHint(error, ref, opts.owner);
      });
    if (!response) continue;
    ctx.terminal.info(
      `${response.data.username ?? ref} is ${accessLevelName(response.data.access_level)} of ${kind} ${opts.owner.ref}${until(response.data.expires_at)}`,
    );
    updated.push(response.data);
  }
  if (updated.length === 1)
    await ctx.presenter.resource(updated[0], { columns: MEMBER_COLUMNS, detail: MEMBER_DETAIL });
  else if (updated.length > 1) await ctx.presenter.list(updated, { columns: MEMBER_COLUMNS });
}
