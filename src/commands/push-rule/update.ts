import { describeOwner } from '../../api/owner.js';
import { updatePushRule } from '../../api/push-rules.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { FIELD_FLAGS, type PushRule, type PushRuleOptions, pushRuleOptions } from './rule-fields.js';
import { printPushRule } from './rule-output.js';
import { ownerVerb } from '../owner.js';

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change the push rule; fields not given stay as they are',
  flags: FIELD_FLAGS,
  mutating: true,
  examples: ['collab push-rule update --group acme --max-file-size 50 --no-member-check'],
});

export function parse(input: VerbInput<typeof UPDATE>): PushRuleOptions {
  return pushRuleOptions(input);
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
