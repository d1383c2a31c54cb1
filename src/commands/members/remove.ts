import { type RemoveMemberParams, removeMember } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { memberHint, resolveUser, userRefs } from './shared.js';
import type { removeVerb } from './verbs.js';

interface RemoveMembersOptions {
  owner: Owner;
  users: string[];
  params: RemoveMemberParams;
  strict: boolean;
}

/** DELETE per user; one who is not a member is "nothing changed" (exit 4 with --strict). */
export function parse(input: VerbInput<ReturnType<typeof removeVerb>>): RemoveMembersOptions {
  return {
    owner: input.owner,
    users: userRefs(input.users),
    params: input.params,
    strict: input.strict,
  };
}

export async function run(ctx: VerbContext, opts: RemoveMembersOptions): Promise<void> {
  const { kind } = opts.owner;
  for (const ref of opts.users) {
    const user = await resolveUser(ctx, ref);
    const response = await ctx.session
      .mutate(removeMember(opts.owner, user.id, opts.params))
      .catch((error: unknown) => {
        throw memberHint(error, ref, opts.owner);
      });
    if (!response) continue;
    if (response.status === 404) {
      if (opts.strict)
        throw new CollabError('not-found', `${ref} is not a member of ${kind} ${opts.owner.ref}`, { status: 404 });
      await ctx.presenter.action({ unchanged: `${ref} is not a member of ${kind} ${opts.owner.ref}` });
      continue;
    }
    ctx.terminal.info(`removed ${ref} from ${kind} ${opts.owner.ref}`);
  }
}
