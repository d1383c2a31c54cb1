import { describeOwner, type Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import type { Context } from '../../context.js';
import type { CommandInput } from '../spec.js';
import { readPushRule } from './rule-fields.js';
import { printPushRule } from './rule-output.js';

export interface ViewPushRuleOptions {
  owner: Owner;
}

export function options({ options: o }: CommandInput): ViewPushRuleOptions {
  return { owner: ownerFromOptions(o) };
}

export async function run(ctx: Context, opts: ViewPushRuleOptions): Promise<void> {
  const rule = await readPushRule(ctx, opts.owner);
  if (rule) {
    await printPushRule(ctx, rule);
    return;
  }
  // No rule is an answer, not an error: JSON readers get null, people a line on stderr.
  await ctx.presenter.none();
  ctx.info(`no push rule on ${describeOwner(opts.owner)}`);
}
