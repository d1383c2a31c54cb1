import { type ApprovalRule, createApprovalRule } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { idsOf, RULE_VIEW, ruleWhere } from './fields.js';
import { anyApproverProblem, APPROVALS_REQUIRED_MAX, RULE_TYPES, ruleBranchesProblem } from '../../params/approvals.js';
import { APPROVALS, APPROVER_FLAGS, NAME, RULE_FLAG_NAMES, warnLeftOut } from './shared.js';
import { bool, choice, option } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add an approval rule',
  description:
    'A regular rule names its approvers (--approver, --approver-group); an any_approver rule lets anyone eligible approve, and a project has at most one. Without --branch or --all-protected-branches the rule applies to every branch.',
  args: { name: NAME },
  flags: {
    approvals: option('--approvals <n>', `how many approvals it needs (0 to ${APPROVALS_REQUIRED_MAX})`, APPROVALS, {
      required: true,
    }),
    type: choice('--type <type>', 'regular (the default) or any_approver', RULE_TYPES),
    ...APPROVER_FLAGS,
    allBranches: bool('--all-protected-branches', 'apply it to every protected branch'),
  },
  mutating: true,
  examples: [
    'collab approval-rules create security --project acme/web/storefront --approvals 2 --approver max --approver-group acme/security --branch main',
    'collab approval-rules create anyone --project 42 --type any_approver --approvals 1',
  ],
});

type CreateRuleInput = VerbInput<typeof CREATE>;

/** Approvers on an any_approver rule, and branches beside every protected branch: refused before any request. */
export function parse(input: CreateRuleInput): CreateRuleInput {
  const approvers = anyApproverProblem(
    { rule_type: input.type, users: input.approvers, groups: input.approverGroups },
    (field) => RULE_FLAG_NAMES[field],
  );
  if (approvers) throw new CollabError('usage', approvers);
  const branches = ruleBranchesProblem(
    { protected_branches: input.branches, applies_to_all_protected_branches: input.allBranches },
    (field) => RULE_FLAG_NAMES[field],
  );
  if (branches) throw new CollabError('usage', branches);
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
  const response = await ctx.session
    .mutate<ApprovalRule>(
      createApprovalRule(project, {
        name: opts.name,
        approvals_required: opts.approvals,
        rule_type: opts.type ?? 'regular',
        ...ids,
        ...(opts.allBranches ? { applies_to_all_protected_branches: true } : {}),
      }),
    )
    .catch(async (error: unknown) => {
      throw await takenHint(ctx, error, opts);
    });
  if (!response) return;
  ctx.terminal.info(`created approval rule ${response.data.name} on project ${project}`);
  warnLeftOut(ctx, project, opts, response.data);
  await ctx.presenter.resource(response.data, RULE_VIEW);
}

/**
 * The service's 400 for a rule that is there already: a name is taken ("name has already been
 * taken"), or the project's one any_approver rule exists ("rule_type any-approver for the project
 * already exists"). Either way the fix is to change the rule there, found by its type for the second.
 */
async function takenHint(ctx: VerbContext, error: unknown, opts: CreateRuleInput): Promise<unknown> {
  if (!isCollabError(error) || error.status !== 400) return error;
  const project = opts.owner.ref;
  const update = (name: string) =>
    `\`collab approval-rules update ${name} --project ${project} --approvals ${opts.approvals}\``;
  if (/\bname has already been taken\b/.test(error.message))
    return withHint(error, `project ${project} has a rule named ${opts.name}: change it with ${update(opts.name)}`);
  if (/\bany-approver .*already exists\b/.test(error.message)) {
    const existing = await ruleWhere(ctx, project, (rule) => rule.rule_type === 'any_approver').catch(() => undefined);
    return withHint(
      error,
      existing
        ? `project ${project} has its one any_approver rule already, ${existing.name}: change it with ${update(existing.name)}`
        : `a project has one any_approver rule: \`collab approval-rules list --project ${project}\` shows it, to change with collab approval-rules update`,
    );
  }
  return error;
}
