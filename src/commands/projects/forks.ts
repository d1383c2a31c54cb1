import { forksPath } from '../../api/forks.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { PROJECT_COLUMNS } from './columns.js';
import type { FORKS } from './verbs-extra.js';

export async function run(ctx: VerbContext, opts: VerbInput<typeof FORKS>): Promise<void> {
  await ctx.presenter.list(await ctx.session.pages(forksPath(opts.project), opts.query, opts.list), {
    columns: PROJECT_COLUMNS,
  });
}
