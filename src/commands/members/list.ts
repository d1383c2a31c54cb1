import { memberFilters, membersPath } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { Context, ListFlags } from '../../context.js';
import { listFlags } from '../common-options.js';
import { MEMBER_COLUMNS, ownerArg, perKind } from './shared.js';

export interface ListMembersOptions {
  owner: Owner;
  inherited: boolean;
  query: string | undefined;
  list: ListFlags;
}

export const { project, group } = perKind<ListMembersOptions>((kind) => ({
  options: ({ args, options: o }) => ({ owner: ownerArg(kind, args), inherited: o.inherited === true, query: o.query as string | undefined, list: listFlags(o) }),
  run: async (ctx: Context, opts: ListMembersOptions) => {
    await ctx.printList(await ctx.pages(membersPath(opts.owner, opts.inherited), memberFilters({ query: opts.query }), opts.list), MEMBER_COLUMNS);
  },
}));
