import { type RemoveMemberParams, removeMember } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { command, memberHint, resolveUsers, sample, userRefs, USERS } from './shared.js';
import { MEMBER_REMOVE_PARAMS } from '../../params/members.js';
import { bool, params } from '../flags.js';
import { type OwnerKind, ownerVerb } from '../owner.js';

export const removeVerb = (kind: OwnerKind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'remove',
    destructive: true,
    summary: `Remove users from the ${kind} (not a member is not an error)`,
    flags: {
      users: USERS,
      params: params(
        kind === 'group'
          ? MEMBER_REMOVE_PARAMS
          : MEMBER_REMOVE_PARAMS.filter((param) => param.name !== 'skip_subresources'),
      ),
      strict: bool('--strict', 'fail with exit 4 when a user is not a member'),
    },
    mutating: true,
    examples: [
      `${command(kind)} remove ${sample(kind)} --user dana`,
      kind === 'group'
        ? `${command(kind)} remove ${sample(kind)} --user dana --skip-subresources`
        : `collab projects list --group acme --json | ${command(kind)} remove - --user dana --yes`,
    ],
  });

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
  for (const user of await resolveUsers(ctx, opts.users)) {
    const { ref } = user;
    const response = await ctx.session
      .mutate(removeMember(opts.owner, user.id, opts.params))
      .catch((error: unknown) => {
        throw memberHint(error, ref, opts.owner);
      });
    if (!response) continue;
    if (response.status === 404) {
      if (opts.strict)
        throw new CollabError('not-found', `${ref} is not a member of ${kind} ${opts.owner.ref}`, { status: 404 });
      await ctx.presenter.action({ unchanged: `${ref} is not a member of ${kind} ${opts.owner.ref}; nothing to do` });
      continue;
    }
    ctx.terminal.info(`removed ${ref} from ${kind} ${opts.owner.ref}`);
  }
}
