import { describeOwner } from '../../api/owner.js';
import { createPushRule } from '../../api/push-rules.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { FIELD_FLAGS, type PushRule, type PushRuleOptions, pushRuleOptions } from './rule-fields.js';
import { printPushRule } from './rule-output.js';
import { ownerVerb } from '../owner.js';

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add the push rule (refused by the service when there is one: see set)',
  flags: FIELD_FLAGS,
  mutating: true,
  examples: [
    "collab push-rule create --project acme/web/storefront --commit-message-regex '^(feat|fix|docs): ' --prevent-secrets",
  ],
});

export function parse(input: VerbInput<typeof CREATE>): PushRuleOptions {
  return pushRuleOptions(input);
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
