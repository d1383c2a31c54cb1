import { protectedRefsPath } from '../../api/protected-refs.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { COLUMNS_OF, command, type RefKind } from './shared.js';
import { ownerVerb } from '../owner.js';

export const listVerb = (kind: RefKind) =>
  ownerVerb({
    kinds: ['project'],
    fixed: { kind },
    name: 'list',
    summary:
      kind === 'branch'
        ? 'List the project’s protected branches and who may push and merge'
        : 'List the project’s protected tags and who may create them',
    list: true,
    examples: [
      `${command(kind)} list --project acme/web/storefront`,
      `${command(kind)} list --project acme/web/storefront --json`,
    ],
  });

/** The declared input is the options: no parse. */
type ListRefsOptions = VerbInput<ReturnType<typeof listVerb>>;

export async function run(ctx: VerbContext, opts: ListRefsOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(protectedRefsPath(opts.owner.ref, opts.kind), {}, opts.list, {
      requires: ROLES.maintainers,
    }),
    { columns: COLUMNS_OF[opts.kind].columns },
  );
}
