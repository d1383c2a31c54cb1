import { memberFilters, membersPath } from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbInput } from '../verb.js';
import { command, MEMBER_COLUMNS, sample } from './shared.js';
import { asText, bool, option } from '../flags.js';
import { type OwnerKind, ownerVerb } from '../owner.js';

export const listVerb = (kind: OwnerKind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'list',
    summary: `List the ${kind}’s members`,
    description: `Direct members by default. --inherited adds those who are members through the groups above it and the groups it is shared with, each once at their highest role (the service's members/all; not --all, which means every page in every list).`,
    flags: {
      inherited: bool(
        '--inherited',
        'also the members through the groups above and shared groups, at their highest role',
      ),
      query: option(
        '--query <text>',
        'members whose username or name contains this text (or whose email is this text)',
        asText,
      ),
    },
    list: true,
    examples: [
      `${command(kind)} list ${sample(kind)}`,
      `${command(kind)} list ${sample(kind)} --inherited --query dana --json`,
    ],
  });

interface ListMembersOptions {
  owner: Owner;
  inherited: boolean;
  query: string | undefined;
  list: ListFlags;
}

export function parse(input: VerbInput<ReturnType<typeof listVerb>>): ListMembersOptions {
  return {
    owner: input.owner,
    inherited: input.inherited,
    query: input.query,
    list: input.list,
  };
}

export async function run(ctx: VerbContext, opts: ListMembersOptions): Promise<void> {
  const shown = await ctx.presenter.list(
    await ctx.session.pages(membersPath(opts.owner, opts.inherited), memberFilters({ query: opts.query }), opts.list),
    { columns: MEMBER_COLUMNS },
  );
  if (shown === 0 && !opts.inherited && opts.list.page === undefined) await pointToInherited(ctx, opts);
}

/**
 * An empty list of direct members is not "nobody has access" when people reach the project or
 * group through the groups above it or a share: one read of members/all says whether they do.
 */
async function pointToInherited(ctx: VerbContext, opts: ListMembersOptions): Promise<void> {
  const all = await ctx.session.request<unknown[]>({
    method: 'GET',
    path: membersPath(opts.owner, true),
    query: { ...memberFilters({ query: opts.query }), per_page: 1 },
    expect: 'array',
  });
  if (all.data.length === 0) return;
  ctx.terminal.info(
    `no direct members${opts.query === undefined ? '' : ' matching'}, but members inherited from groups above or through a share have access: \`collab ${opts.owner.kind}s members list ${opts.owner.ref} --inherited\` lists them`,
  );
}
