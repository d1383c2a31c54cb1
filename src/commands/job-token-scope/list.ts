import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { ENTRY_COLUMNS } from './entry.js';
import type { LIST } from './index.js';
import { readAllowlists } from './read.js';

type ListAllowlistOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListAllowlistOptions): Promise<void> {
  await ctx.presenter.list(await readAllowlists(ctx, opts.owner.ref), { columns: ENTRY_COLUMNS });
}
