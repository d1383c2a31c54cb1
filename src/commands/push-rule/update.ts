import { describeOwner } from '../../api/owner.js';
import { updatePushRule } from '../../api/push-rules.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import type { UPDATE } from './index.js';
import { type PushRule, type PushRuleOptions, pushRuleOptions } from './rule-fields.js';
import { printPushRule } from './rule-output.js';

export function parse(input: VerbInput<typeof UPDATE>): PushRuleOptions {
  return pushRuleOptions(input, 'update');
}

export async function run(ctx: VerbContext, opts: PushRuleOptions): Promise<void> {
  const response = await ctx.session
    .mutate<PushRule>(updatePushRule(opts.owner, opts.fields))
    .catch((error: unknown) => {
      if (isCollabError(error) && error.status === 404 && /push rule/i.test(error.message)) {
        throw withHint(error, 'there is no push rule yet: use `collab push-rule create` or `collab push-rule set`');
      }
      throw error;
    });
  if (!response) return;
  ctx.terminal.info(`updated the push rule of ${describeOwner(opts.owner)}`);
  await printPushRule(ctx, response.data);
}
