import { describeOwner } from '../../api/owner.js';
import { createPushRule } from '../../api/push-rules.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import type { CREATE } from './index.js';
import { type PushRule, type PushRuleOptions, pushRuleOptions } from './rule-fields.js';
import { printPushRule } from './rule-output.js';

export function parse(input: VerbInput<typeof CREATE>): PushRuleOptions {
  return pushRuleOptions(input, 'create');
}

export async function run(ctx: VerbContext, opts: PushRuleOptions): Promise<void> {
  const response = await ctx.session
    .mutate<PushRule>(createPushRule(opts.owner, opts.fields))
    .catch((error: unknown) => {
      if (isCollabError(error) && error.status === 422 && /push rule exists/i.test(error.message)) {
        throw withHint(error, 'change it with `collab push-rule update`, or use `collab push-rule set`');
      }
      throw error;
    });
  if (!response) return;
  ctx.terminal.info(`created the push rule of ${describeOwner(opts.owner)}`);
  await printPushRule(ctx, response.data);
}
