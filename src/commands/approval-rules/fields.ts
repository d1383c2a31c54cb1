import { type ApprovalRule, type ApprovalRuleBody, approvalRulesPath, getApprovalRule } from '../../api/approvals.js';
import { resolveGroupId, resolveProtectedBranchId, resolveUserId } from '../../api/resolve.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError } from '../../errors.js';
import { paginateItems } from '../../http/paginate.js';
import { type Column, type DetailField, PRIORITY } from '../../output/format.js';
import type { RuleRef } from './shared.js';

/** An approval rule's columns and view, finding one by name, and approvers' names as IDs. */

/** A rule's users, groups or branches by name (what the file and the flags name them by). */
const namesOf = (list: unknown, field: string): string[] =>
  Array.isArray(list) ? list.map((item: Record<string, unknown>) => String(item[field])) : [];

const rule = (item: unknown) => (item ?? {}) as ApprovalRule;

/**
 * Its branches, or what it applies to without any. A rule on every protected branch shows all of
 * the project's as its own (ApprovalProjectRule#protected_branches), as a rule scoped to those
 * very branches does: said, or the two look alike, and so would a rule before and after
 * `--all-protected-branches no`.
 */
function branchNames(item: unknown): string[] {
  const names = namesOf(rule(item).protected_branches, 'name');
  if (rule(item).applies_to_all_protected_branches)
    return [names.length > 0 ? `all protected (${names.join(', ')})` : 'all protected'];
  return names.length > 0 ? names : ['all'];
}

const joined = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : '(none)');

const USERS = { path: 'users', derive: (item: unknown) => namesOf(rule(item).users, 'username') };
const GROUPS = { path: 'groups', derive: (item: unknown) => namesOf(rule(item).groups, 'full_path') };
const BRANCHES = { path: 'protected_branches', derive: branchNames };

export const RULE_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'NAME', path: 'name', text: true, priority: PRIORITY.identifying },
  { header: 'TYPE', path: 'rule_type', choices: ['regular', 'any_approver', 'report_approver'] },
  { header: 'APPROVALS', path: 'approvals_required' },
  { header: 'USERS', ...USERS, text: true, none: '(none)' },
  { header: 'GROUPS', ...GROUPS, text: true, none: '(none)' },
  { header: 'BRANCHES', ...BRANCHES, text: true },
];

const RULE_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Name', path: 'name' },
  { label: 'Type', path: 'rule_type' },
  { label: 'Approvals', path: 'approvals_required' },
  { label: 'Users', ...USERS, format: joined },
  { label: 'Groups', ...GROUPS, format: joined },
  { label: 'Branches', ...BRANCHES, format: joined },
];

export const RULE_VIEW = { columns: RULE_COLUMNS, detail: RULE_DETAIL };

/** The project's first rule that passes `test`, or undefined (its list, 100 a page). */
export async function ruleWhere(
  ctx: VerbContext,
  project: string | number,
  test: (rule: ApprovalRule) => boolean,
): Promise<ApprovalRule | undefined> {
  const client = await ctx.session.client();
  for await (const rule of paginateItems<ApprovalRule>(client, {
    path: approvalRulesPath(project),
    perPage: 100,
    requires: ROLES.maintainers,
  }))
    if (test(rule)) return rule;
  return undefined;
}

/** The project's rule of that name, or undefined. */
function ruleNamed(ctx: VerbContext, project: string | number, name: string): Promise<ApprovalRule | undefined> {
  return ruleWhere(ctx, project, (rule) => rule.name === name);
}

/**
 * The rule the command line names (`RULE`), or undefined where the project has none such. The
 * service's endpoints take a rule's ID only (doc/api/merge_request_approvals.md @003efb27: GET,
 * PUT and DELETE /projects/:id/approval_rules/:approval_rule_id), so an ID is read by itself and
 * a name is looked up in the project's list. GitLab takes any name, digits alone too (`2024`,
 * made by create, collab.yaml or the web page), so a number that is no rule's ID is then looked
 * for as a name: else such a rule could be named by no verb, and delete would call it gone. A 404
 * of the project stays the error it is.
 */
export async function findRule(
  ctx: VerbContext,
  project: string | number,
  ref: RuleRef,
): Promise<ApprovalRule | undefined> {
  if (typeof ref === 'string') return ruleNamed(ctx, project, ref);
  const byId = await ctx.session.request<ApprovalRule>(getApprovalRule(project, ref)).then(
    (response) => response.data,
    (error: unknown) => {
      if (isCollabError(error) && error.status === 404 && !/Project Not Found/i.test(error.message)) return undefined;
      throw error;
    },
  );
  return byId ?? ruleNamed(ctx, project, String(ref));
}

/** The rule of that ID or name; none is exit 4 with where the rules are listed. */
export async function existingRule(ctx: VerbContext, project: string | number, ref: RuleRef): Promise<ApprovalRule> {
  const rule = await findRule(ctx, project, ref);
  if (!rule)
    throw new CollabError('not-found', `project ${project} has no approval rule ${ref}`, {
      hint: `\`collab approval-rules list --project ${project}\` lists them`,
    });
  return rule;
}

/** Approvers and branches by name, as the flags give them. */
export interface RuleNames {
  approvers?: readonly string[];
  approverGroups?: readonly string[];
  branches?: readonly string[];
}

/** The names as the IDs POST and PUT take: each looked up now, an unknown one exit 4 before anything is written. */
export async function idsOf(
  ctx: VerbContext,
  project: string | number,
  given: RuleNames,
): Promise<Pick<ApprovalRuleBody, 'user_ids' | 'group_ids' | 'protected_branch_ids'>> {
  const session = ctx.session;
  const out: Pick<ApprovalRuleBody, 'user_ids' | 'group_ids' | 'protected_branch_ids'> = {};
  if (given.approvers)
    out.user_ids = await Promise.all(
      given.approvers.map((name) => resolveUserId(session, name, 'given to --approver')),
    );
  if (given.approverGroups)
    out.group_ids = await Promise.all(
      given.approverGroups.map((path) => resolveGroupId(session, path, '--approver-group')),
    );
  if (given.branches)
    out.protected_branch_ids = await Promise.all(
      given.branches.map((name) => resolveProtectedBranchId(session, project, name)),
    );
  return out;
}
