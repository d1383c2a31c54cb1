import { getLabel, type Label } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { LABEL_COLUMNS, LABEL_DETAIL, labelHint } from './fields.js';
import { ownerVerb } from '../owner.js';
import { NAME } from './shared.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one label',
  args: { name: NAME },
  examples: ['collab labels view bug --project acme/web/storefront'],
});

type ViewLabelOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewLabelOptions): Promise<void> {
  const { data } = await ctx.session.request<Label>(getLabel(opts.owner, opts.name)).catch((error: unknown) => {
    throw labelHint(error, opts.owner, opts.name, false);
  });
  await ctx.presenter.resource(data, { columns: LABEL_COLUMNS, detail: LABEL_DETAIL });
}
