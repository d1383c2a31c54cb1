import { getLabel, type Label } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { LABEL_COLUMNS, LABEL_DETAIL, labelHint } from './fields.js';
import type { VIEW } from './index.js';

type ViewLabelOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewLabelOptions): Promise<void> {
  const { data } = await ctx.session.request<Label>(getLabel(opts.owner, opts.name)).catch((error: unknown) => {
    throw labelHint(error, opts.owner, opts.name, false);
  });
  await ctx.presenter.resource(data, { columns: LABEL_COLUMNS, detail: LABEL_DETAIL });
}
