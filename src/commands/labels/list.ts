import { labelsPath } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { LABEL_COLUMNS } from './fields.js';
import type { LIST } from './index.js';

type ListLabelsOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListLabelsOptions): Promise<void> {
  const query = opts.own ? { include_ancestor_groups: false } : {};
  await ctx.presenter.list(await ctx.session.pages(labelsPath(opts.owner), query, opts.list), {
    columns: LABEL_COLUMNS,
  });
}
