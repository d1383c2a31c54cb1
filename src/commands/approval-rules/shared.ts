import type { ApprovalRule } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import { nonEmpty } from '../../params/parsers.js';
import { checkValue } from '../../params/rules.js';
import { arg, option } from '../flags.js';
import type { ValueParser } from '../../params/option.js';
import { APPROVAL_RULE_PARAMS } from '../../params/approvals.js';

/** What the declarations of the approval-rules verbs share. */

export const NAME = arg({ name: 'name', description: 'the rule’s name' }, nonEmpty);

/** A rule as the command line names it: a number is its ID, anything else its name. */
export type RuleRef = number | string;

const ruleRef: ValueParser<RuleRef> = (value, label) =>
  /^\d+$/.test(value.trim()) ? Number(value) : nonEmpty(value, label);

/**
 * An existing rule, by its ID or its name: `collab approval-rules list` shows the ID first, and
 * the service's endpoints take only the ID, while collab.yaml and people name rules.
 */
export const RULE = arg(
  {
    name: 'rule',
    description: 'the rule: its ID or its name, as `collab approval-rules list` shows them (a number is an ID)',
  },
  ruleRef,
);

/** --approvals: approvals_required, held to its parameter's rule, as collab.yaml's is. */
export const APPROVALS: ValueParser<number> = (value, flag) => {
  checkValue(APPROVAL_RULE_PARAMS[0], value, flag);
  return Number(value.trim());
};

/** Who approves and where: names, looked up before anything is sent. */
export const APPROVER_FLAGS = {
  approvers: option('--approver <username>', 'a user who may approve (repeatable)', nonEmpty, { repeatable: true }),
  approverGroups: option('--approver-group <path>', 'a group whose members may approve (repeatable)', nonEmpty, {
    repeatable: true,
  }),
  branches: option('--branch <name>', 'a protected branch the rule is scoped to (repeatable)', nonEmpty, {
    repeatable: true,
  }),
};

/** The flags that say a rule's fields, for a rule's problem said in flags. */
export const RULE_FLAG_NAMES = {
  users: '--approver',
  groups: '--approver-group',
  protected_branches: '--branch',
  applies_to_all_protected_branches: '--all-protected-branches',
} as const;

/**
 * Says which of the approvers asked for the service left out of the rule it answered: GitLab keeps
 * only the project's members and the groups the caller can see (ApprovalRules::Updater's
 * filter_eligible_users! and filter_eligible_groups!), and drops the rest without an error.
 */
export function warnLeftOut(
  ctx: VerbContext,
  project: string | number,
  asked: { approvers: readonly string[]; approverGroups: readonly string[] },
  rule: ApprovalRule,
): void {
  const kept = (items: unknown, field: string) =>
    new Set(
      (Array.isArray(items) ? items : []).map((item) => String((item as Record<string, unknown>)[field]).toLowerCase()),
    );
  const users = kept(rule.users, 'username');
  const groups = kept(rule.groups, 'full_path');
  for (const name of asked.approvers)
    if (!users.has(name.replace(/^@/, '').toLowerCase()))
      ctx.terminal.warn(
        `${name} was left out of the rule's approvers: GitLab keeps only members of the project (collab projects members add ${project} --user ${name} --access-level developer, then update the rule)`,
      );
  for (const path of asked.approverGroups)
    if (!groups.has(path.toLowerCase()))
      ctx.terminal.warn(`group ${path} was left out of the rule's approvers: GitLab keeps only groups you can see`);
}
