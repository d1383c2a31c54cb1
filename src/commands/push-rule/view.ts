import { describeOwner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { readPushRule } from './rule-fields.js';
import { printPushRule } from './rule-output.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show the push rule ("no push rule" when there is none; null with --json)',
  examples: ['collab push-rule view --project acme/web/storefront', 'collab push-rule view --group acme --json'],
});

/** The declared input is the options: no parse. */
type ViewPushRuleOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewPushRuleOptions): Promise<void> {
  const rule = await readPushRule(ctx, opts.owner);
  if (rule) {
    await printPushRule(ctx, rule);
    return;
  }
  // No rule is an answer, not an error: JSON readers get null, people a line on stderr.
  await ctx.presenter.value({ none: true });
  ctx.terminal.info(`no push rule on ${describeOwner(opts.owner)}`);
}
