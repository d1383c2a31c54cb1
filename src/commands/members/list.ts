import { memberFilters, membersPath } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { Context } from '../../context.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbInput } from '../verb.js';
import { MEMBER_COLUMNS, perKind } from './shared.js';
import type { listVerb } from './verbs.js';

export interface ListMembersOptions {
  owner: Owner;
  inherited: boolean;
  query: string | undefined;
  list: ListFlags;
}

export const { project, group } = perKind(
  (kind, input: VerbInput<ReturnType<typeof listVerb>>): ListMembersOptions => ({ owner: { kind, ref: input.target }, inherited: input.inherited, query: input.query, list: input.list }),
  async (_kind, ctx: Context, opts: ListMembersOptions) => {
    await ctx.printList(await ctx.pages(membersPath(opts.owner, opts.inherited), memberFilters({ query: opts.query }), opts.list), MEMBER_COLUMNS);
  },
);
