import { accessLevelName } from '../../params/access.js';
import { checkExpiry } from '../../params/members.js';
import { addMember, type MemberRecord } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import {
  ACCESS_FLAG,
  command,
  EXPIRES,
  MEMBER_COLUMNS,
  MEMBER_DETAIL,
  memberHint,
  resolveUsers,
  roleParser,
  roles,
  sample,
  userRefs,
  USERS,
} from './shared.js';
import { option } from '../flags.js';
import { type OwnerKind, ownerVerb } from '../owner.js';

export const addVerb = (kind: OwnerKind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'add',
    summary: `Add users to the ${kind} with a role`,
    flags: {
      users: USERS,
      access: option(ACCESS_FLAG, roles(kind), roleParser(kind), { required: true, aliases: ['--access'] }),
      expires: EXPIRES,
    },
    mutating: true,
    examples: [
      `${command(kind)} add ${sample(kind)} --user dana --access-level developer`,
      `${command(kind)} add ${sample(kind)} --user 7 --user rui --access-level reporter --expires-at 2030-01-31`,
    ],
  });

interface AddMembersOptions {
  owner: Owner;
  users: string[];
  access: number;
  expires: string | undefined;
}

/** One POST per user, in the order given: each answer is that user's member (a refusal stops the rest, naming the user). */
export function parse(input: VerbInput<ReturnType<typeof addVerb>>): AddMembersOptions {
  return {
    owner: input.owner,
    users: userRefs(input.users),
    access: input.access,
    expires: input.expires,
  };
}

export async function run(ctx: VerbContext, opts: AddMembersOptions): Promise<void> {
  checkExpiry(opts.expires, '--expires-at', ctx.session.clock.now());
  const { kind } = opts.owner;
  const added: unknown[] = [];
  for (const user of await resolveUsers(ctx, opts.users)) {
    const { ref } = user;
    const params = { access_level: opts.access, ...(opts.expires !== undefined ? { expires_at: opts.expires } : {}) };
    const response = await ctx.session
      .mutate<MemberRecord>(addMember(opts.owner, { id: user.id }, params))
      .catch((error: unknown) => {
        throw memberHint(error, ref, opts.owner);
      });
    if (!response) continue;
    ctx.terminal.info(
      `added ${response.data.username ?? ref} to ${kind} ${opts.owner.ref} as ${accessLevelName(opts.access)}`,
    );
    added.push(response.data);
  }
  if (added.length === 1) await ctx.presenter.resource(added[0], { columns: MEMBER_COLUMNS, detail: MEMBER_DETAIL });
  else if (added.length > 1) await ctx.presenter.list(added, { columns: MEMBER_COLUMNS });
}
