import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { existingRule, RULE_VIEW } from './fields.js';
import type { VIEW } from './index.js';

type ViewRuleOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewRuleOptions): Promise<void> {
  await ctx.presenter.resource(await existingRule(ctx, opts.owner.ref, opts.name), RULE_VIEW);
}
