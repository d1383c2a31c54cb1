import { describeOwner } from '../../api/owner.js';
import { createPushRule, updatePushRule } from '../../api/push-rules.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { FIELD_FLAGS, type PushRule, type PushRuleOptions, pushRuleOptions, readPushRule } from './rule-fields.js';
import { printPushRule } from './rule-output.js';
import { ownerVerb } from '../owner.js';

export const SET = ownerVerb({
  kinds: ['project', 'group'],
  name: 'set',
  summary: 'Create the push rule, or update it when there is one',
  description: 'Reads the rule first: with none, creates it with the given fields; else changes only the given fields.',
  flags: FIELD_FLAGS,
  mutating: true,
  examples: [
    "collab push-rule set --project 42 --branch-name-regex '^(main|release/.+|feature/.+)$' --deny-delete-tag",
  ],
});

export function parse(input: VerbInput<typeof SET>): PushRuleOptions {
  return pushRuleOptions(input);
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
