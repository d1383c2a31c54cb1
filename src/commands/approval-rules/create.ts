import { type ApprovalRule, createApprovalRule } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { idsOf, RULE_VIEW } from './fields.js';
import type { CREATE } from './index.js';

type CreateRuleInput = VerbInput<typeof CREATE>;

/** GitLab's rule: an any_approver rule names no approvers (anyone eligible approves). */
export function parse(input: CreateRuleInput): CreateRuleInput {
  if (input.type === 'any_approver' && (input.approvers.length > 0 || input.approverGroups.length > 0))
    throw new CollabError('usage', 'an any_approver rule names no approvers', {
      hint: 'leave out --approver and --approver-group, or make it a regular rule',
    });
  return input;
}

const given = (names: readonly string[]) => (names.length > 0 ? names : undefined);

export async function run(ctx: VerbContext, opts: CreateRuleInput): Promise<void> {
  const project = opts.owner.ref;
  const ids = await idsOf(ctx, project, {
    approvers: given(opts.approvers),
    approverGroups: given(opts.approverGroups),
    branches: given(opts.branches),
  });
  const response = await ctx.session.mutate<ApprovalRule>(
    createApprovalRule(project, {
      name: opts.name,
      approvals_required: opts.approvals,
      rule_type: opts.type ?? 'regular',
      ...ids,
      ...(opts.allBranches ? { applies_to_all_protected_branches: true } : {}),
    }),
  );
  if (!response) return;
  ctx.terminal.info(`created approval rule ${response.data.name} on project ${project}`);
  await ctx.presenter.resource(response.data, RULE_VIEW);
}
