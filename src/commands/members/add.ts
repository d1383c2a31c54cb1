import { addMember, type MemberRecord } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { MEMBER_COLUMNS, MEMBER_DETAIL, memberHint, resolveUser, roleName, userRefs } from './shared.js';
import type { addVerb } from './verbs.js';

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
  const { kind } = opts.owner;
  const added: unknown[] = [];
  for (const ref of opts.users) {
    const user = await resolveUser(ctx, ref);
    const params = { access_level: opts.access, ...(opts.expires !== undefined ? { expires_at: opts.expires } : {}) };
    const response = await ctx.session
      .mutate<MemberRecord>(addMember(opts.owner, { id: user.id }, params))
      .catch((error: unknown) => {
        throw memberHint(error, ref, opts.owner);
      });
    if (!response) continue;
    ctx.terminal.info(
      `added ${response.data.username ?? ref} to ${kind} ${opts.owner.ref} as ${roleName(opts.access)}`,
    );
    added.push(response.data);
  }
  if (added.length === 1) await ctx.presenter.resource(added[0], { columns: MEMBER_COLUMNS, detail: MEMBER_DETAIL });
  else if (added.length > 1) await ctx.presenter.list(added, { columns: MEMBER_COLUMNS });
}
