import { type ApprovalRule, type ApprovalRuleBody, updateApprovalRule } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { existingRule, idsOf, RULE_VIEW } from './fields.js';
import { nonEmpty } from '../../params/parsers.js';
import { choice, nothingToChange, option } from '../flags.js';
import { APPROVALS, APPROVER_FLAGS, RULE, RULE_FLAG_NAMES, warnLeftOut } from './shared.js';
import { anyApproverProblem, ruleBranchesProblem } from '../../params/approvals.js';
import { ownerVerb } from '../owner.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = {
  rename: option('--rename <name>', 'a new name', nonEmpty),
  approvals: option('--approvals <n>', 'how many approvals it needs', APPROVALS),
  ...APPROVER_FLAGS,
  allBranches: choice('--all-protected-branches <yes|no>', 'apply it to every protected branch, or not', ['yes', 'no']),
};

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change an approval rule; what is not given stays',
  description:
    '--approver, --approver-group and --branch each replace that whole list when given. A rule’s type does not change: delete it and create it again.',
  args: { rule: RULE },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: [
    'collab approval-rules update security --project acme/web/storefront --approvals 1',
    'collab approval-rules update 1 --project 42 --approver max --approver dana',
  ],
});

type UpdateRuleInput = VerbInput<typeof UPDATE>;

export function parse(input: UpdateRuleInput): UpdateRuleInput {
  const lists = input.approvers.length + input.approverGroups.length + input.branches.length;
  if (input.rename === undefined && input.approvals === undefined && input.allBranches === undefined && lists === 0)
    throw nothingToChange(CHANGE_FLAGS);
  const branches = ruleBranchesProblem(
    { protected_branches: input.branches, applies_to_all_protected_branches: input.allBranches === 'yes' },
    (field) => RULE_FLAG_NAMES[field],
  );
  if (branches) throw new CollabError('usage', branches);
  return input;
}

const ids = (items: unknown) =>
  Array.isArray(items) ? items.map((item: { id: number }) => item.id).filter((id) => typeof id === 'number') : [];

/**
 * Where the rule applies once updated. doc/api/merge_request_approvals.md @003efb27 (Update
 * project-level rule): applies_to_all_protected_branches true makes the service ignore
 * protected_branch_ids, and it defaults to false. So it is sent every time: false where --branch
 * names branches (else a rule on every protected branch keeps ignoring them), else as the rule has
 * it. A rule on every protected branch names none of its own: what it shows are the project's
 * (ApprovalProjectRule#protected_branches), so they are not sent back as its scope.
 */
function branchesOf(
  opts: UpdateRuleInput,
  rule: ApprovalRule,
  named: number[] | undefined,
): Pick<ApprovalRuleBody, 'protected_branch_ids' | 'applies_to_all_protected_branches'> {
  const all =
    opts.allBranches !== undefined
      ? opts.allBranches === 'yes'
      : named === undefined && rule.applies_to_all_protected_branches === true;
  const own = rule.applies_to_all_protected_branches === true ? [] : ids(rule.protected_branches);
  return { protected_branch_ids: named ?? own, applies_to_all_protected_branches: all };
}

/**
 * Reads the rule, then PUTs it whole: the docs' table wants its name and approvals every time,
 * and approvers not given are removed, so the lists not changed are sent as they are.
 */
export async function run(ctx: VerbContext, opts: UpdateRuleInput): Promise<void> {
  const project = opts.owner.ref;
  const rule = await existingRule(ctx, project, opts.rule);
  // Its type is the service's to say: checked once the rule is read, before any name is looked up.
  const approvers = anyApproverProblem(
    { rule_type: rule.rule_type, users: opts.approvers, groups: opts.approverGroups },
    (field) => RULE_FLAG_NAMES[field],
  );
  if (approvers) throw new CollabError('usage', `approval rule ${rule.name}: ${approvers}`);
  const given = (names: readonly string[]) => (names.length > 0 ? names : undefined);
  const changed = await idsOf(ctx, project, {
    approvers: given(opts.approvers),
    approverGroups: given(opts.approverGroups),
    branches: given(opts.branches),
  });
  const response = await ctx.session
    .mutate<ApprovalRule>(
      updateApprovalRule(project, rule.id, {
        name: opts.rename ?? rule.name,
        approvals_required: opts.approvals ?? rule.approvals_required,
        user_ids: changed.user_ids ?? ids(rule.users),
        group_ids: changed.group_ids ?? ids(rule.groups),
        ...branchesOf(opts, rule, changed.protected_branch_ids),
      }),
    )
    .catch((error: unknown) => {
      throw renameTaken(error, opts, project);
    });
  if (!response) return;
  ctx.terminal.info(`updated approval rule ${response.data.name} on project ${project}`);
  warnLeftOut(ctx, project, opts, response.data);
  await ctx.presenter.resource(response.data, RULE_VIEW);
}

/**
 * The service's 400 for a new name another rule of the project has ("name has already been
 * taken", as create's): a name names one rule, so the fix is another name.
 */
function renameTaken(error: unknown, opts: UpdateRuleInput, project: string | number): unknown {
  if (opts.rename === undefined || !isCollabError(error) || error.status !== 400) return error;
  if (!/\bname has already been taken\b/.test(error.message)) return error;
  return withHint(
    error,
    `project ${project} has a rule named ${opts.rename} already: give --rename another name (\`collab approval-rules list --project ${project}\` lists the names)`,
  );
}
