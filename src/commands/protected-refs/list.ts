import { protectedRefsPath } from '../../api/protected-refs.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { COLUMNS_OF } from './shared.js';
import type { listVerb } from './verbs.js';

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
