import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { COLUMNS_OF, readProtection } from './shared.js';
import type { viewVerb } from './verbs.js';

/** The declared input is the options: no parse. */
type ViewRefOptions = VerbInput<ReturnType<typeof viewVerb>>;

export async function run(ctx: VerbContext, opts: ViewRefOptions): Promise<void> {
  const data = await readProtection(ctx, opts.kind, opts.owner.ref, opts.name);
  await ctx.presenter.resource(data, COLUMNS_OF[opts.kind]);
}
