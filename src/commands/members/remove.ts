import { type RemoveMemberParams, removeMember } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { memberHint, ownerArg, perKind, resolveUser, userRefs } from './shared.js';

export interface RemoveMembersOptions {
  owner: Owner;
  users: string[];
  params: RemoveMemberParams;
  strict: boolean;
}

/** DELETE per user; one who is not a member is "nothing changed" (exit 4 with --strict). */
export const { project, group } = perKind<RemoveMembersOptions>((kind) => ({
  options: ({ args, options: o }) => ({
    owner: ownerArg(kind, args),
    users: userRefs({ args, options: o }),
    params: {
      ...(typeof o.skipSubresources === 'boolean' ? { skip_subresources: o.skipSubresources } : {}),
      ...(typeof o.unassignIssuables === 'boolean' ? { unassign_issuables: o.unassignIssuables } : {}),
    },
    strict: o.strict === true,
  }),
  run: async (ctx: Context, opts: RemoveMembersOptions) => {
    for (const ref of opts.users) {
      const user = await resolveUser(ctx, ref);
      const response = await ctx.mutate(removeMember(opts.owner, user.id, opts.params)).catch((error: unknown) => {
        throw memberHint(error, kind, ref, opts.owner);
      });
      if (!response) continue;
      if (response.status === 404) {
        if (opts.strict) throw new CollabError('not-found', `${ref} is not a member of ${kind} ${opts.owner.ref}`, { status: 404 });
        ctx.unchanged(`${ref} is not a member of ${kind} ${opts.owner.ref}`);
        continue;
      }
      ctx.info(`removed ${ref} from ${kind} ${opts.owner.ref}`);
    }
  },
}));
