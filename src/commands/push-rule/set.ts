import { describeOwner } from '../../api/owner.js';
import { createPushRule, updatePushRule } from '../../api/push-rules.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import type { SET } from './index.js';
import { type PushRule, type PushRuleOptions, pushRuleOptions, readPushRule } from './rule-fields.js';
import { printPushRule } from './rule-output.js';

export function parse(input: VerbInput<typeof SET>): PushRuleOptions {
  return pushRuleOptions(input, 'set');
}

/** GET first: no rule -> POST with the given fields; a rule -> PUT of the given fields only. */
export async function run(ctx: VerbContext, opts: PushRuleOptions): Promise<void> {
  const existing = await readPushRule(ctx, opts.owner);
  const request = existing ? updatePushRule(opts.owner, opts.fields) : createPushRule(opts.owner, opts.fields);
  const response = await ctx.session.mutate<PushRule>(request);
  if (!response) return;
  ctx.terminal.info(`${existing ? 'updated' : 'created'} the push rule of ${describeOwner(opts.owner)}`);
  await printPushRule(ctx, response.data);
}
