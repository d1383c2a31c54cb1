import { describeOwner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import type { VIEW } from './index.js';
import { readPushRule } from './rule-fields.js';
import { printPushRule } from './rule-output.js';

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
