import type { ApiRequest } from '../http/client.js';
import { paginateItems } from '../http/paginate.js';
import { apiPath } from '../http/path.js';
import { type Owner, ownerPath } from './owner.js';
import { ownerAdminRole, ROLES } from './roles.js';

/**
 * A project's merge request approval rules and a project's or group's approval settings
 * (doc/api/merge_request_approvals.md @003efb27, merge_request_approval_settings.md @017a6c12;
 * paid tiers, src/params/tiers.ts). Rules and settings of a project need its Maintainer role, a
 * group's settings its Owner role.
 */

export interface ApprovalRule {
  id: number;
  name: string;
  rule_type: string;
  approvals_required: number;
  users?: { id: number; username: string }[];
  groups?: { id: number; full_path: string }[];
  protected_branches?: { id: number; name: string }[];
  applies_to_all_protected_branches?: boolean;
  [field: string]: unknown;
}

/** One key of the settings: its value, whether a group above locks it, and where the lock comes from. */
interface ApprovalSetting {
  value: boolean;
  locked: boolean;
  inherited_from: string | null;
}

export type ApprovalSettings = Record<string, ApprovalSetting>;

/** What POST and PUT send: the docs' tables want name and approvals_required on both. */
export interface ApprovalRuleBody {
  name: string;
  approvals_required: number;
  rule_type?: string;
  user_ids?: number[];
  group_ids?: number[];
  protected_branch_ids?: number[];
  applies_to_all_protected_branches?: boolean;
}

export const approvalRulesPath = (project: string | number) => apiPath`/projects/${project}/approval_rules`;

/** POST: the rule. After a lost answer, a rule of that name and type made is the effect (names are unique a type). */
export function createApprovalRule(project: string | number, body: ApprovalRuleBody): ApiRequest {
  return {
    method: 'POST',
    path: approvalRulesPath(project),
    json: body,
    expect: 'object',
    requires: ROLES.maintainers,
    recover: async (client) => {
      for await (const rule of paginateItems<ApprovalRule>(client, { path: approvalRulesPath(project), perPage: 100 }))
        if (rule.name === body.name && rule.rule_type === (body.rule_type ?? 'regular')) return rule;
      return undefined;
    },
  };
}

/**
 * One rule by its ID: GET /projects/:id/approval_rules/:approval_rule_id (doc/api/merge_request_approvals.md
 * @003efb27, Get a single project-level rule). Read by whoever may open merge requests in the
 * project (GitLab's create_merge_request_in): a role refuses it only in a private project, or
 * where merge requests are for members only, below Reporter (src/sandbox/access.ts,
 * canReadApprovalRules; src/api/features.ts names the feature in the hint).
 */
export function getApprovalRule(project: string | number, ruleId: number): ApiRequest {
  return {
    method: 'GET',
    path: approvalRulesPath(project) + apiPath`/${ruleId}`,
    expect: 'object',
    requires: ROLES.reporters,
  };
}

/** PUT: the approvers given replace the rule's (the docs: those left out are removed). */
export function updateApprovalRule(project: string | number, ruleId: number, body: ApprovalRuleBody): ApiRequest {
  return {
    method: 'PUT',
    path: approvalRulesPath(project) + apiPath`/${ruleId}`,
    json: body,
    expect: 'object',
    requires: ROLES.maintainers,
  };
}

/** 204, or 404 for a rule already gone (the command decides whether that is an error). */
export function deleteApprovalRule(project: string | number, ruleId: number): ApiRequest {
  return {
    method: 'DELETE',
    path: approvalRulesPath(project) + apiPath`/${ruleId}`,
    okStatuses: [404],
    requires: ROLES.maintainers,
  };
}

const approvalSettingsPath = (owner: Owner) => `${ownerPath(owner)}/merge_request_approval_setting`;

export function getApprovalSettings(owner: Owner): ApiRequest {
  return { method: 'GET', path: approvalSettingsPath(owner), expect: 'object', requires: ownerAdminRole(owner) };
}

/** PUT: only the keys given change; sending the same again changes nothing. */
export function updateApprovalSettings(owner: Owner, body: Record<string, boolean>): ApiRequest {
  return {
    method: 'PUT',
    path: approvalSettingsPath(owner),
    json: body,
    expect: 'object',
    requires: ownerAdminRole(owner),
  };
}
