import { describeOwner } from '../../api/owner.js';
import { createPushRule, updatePushRule } from '../../api/push-rules.js';
import type { Context } from '../../context.js';
import type { CommandInput } from '../spec.js';
import { type PushRule, type PushRuleOptions, pushRuleOptions, readPushRule } from './rule-fields.js';
import { printPushRule } from './rule-output.js';

export function options(input: CommandInput): PushRuleOptions {
  return pushRuleOptions(input, 'set');
}

/** GET first: no rule -> POST with the given fields; a rule -> PUT of the given fields only. */
export async function run(ctx: Context, opts: PushRuleOptions): Promise<void> {
  const existing = await readPushRule(ctx, opts.owner);
  const request = existing ? updatePushRule(opts.owner, opts.fields) : createPushRule(opts.owner, opts.fields);
  const response = await ctx.mutate<PushRule>(request);
  if (!response) return;
  ctx.info(`${existing ? 'updated' : 'created'} the push rule of ${describeOwner(opts.owner)}`);
  await printPushRule(ctx, response.data);
}
