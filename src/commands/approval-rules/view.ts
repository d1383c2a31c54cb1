import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { existingRule, RULE_VIEW } from './fields.js';
import { RULE } from './shared.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one approval rule with its approvers and branches',
  args: { rule: RULE },
  examples: [
    'collab approval-rules view security --project acme/web/storefront',
    'collab approval-rules view 1 --project acme/web/storefront',
  ],
});

type ViewRuleOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewRuleOptions): Promise<void> {
  await ctx.presenter.resource(await existingRule(ctx, opts.owner.ref, opts.rule), RULE_VIEW);
}
