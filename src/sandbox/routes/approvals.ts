import {
  APPROVAL_RULE_PARAMS,
  APPROVAL_SETTINGS,
  APPROVALS_REQUIRED_MAX,
  approvalSettingsFor,
  approvalsRequiredProblem,
  SHOWN_ONLY_SETTINGS,
} from '../../params/approvals.js';
import {
  ACCESS,
  canReadApprovalRules,
  canReadGroup,
  isProjectMember,
  OWNER_ADMIN_ROLE,
  ownerChain,
} from '../access.js';
import { apiError, forbidden, paramError, validationError } from '../errors.js';
import { findOwner, readableProject, requireUser } from '../guards.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { ApprovalRule, Group, OwnerKey, Project, User } from '../model.js';
import { paginateArray } from '../pagination.js';
import { int, readParams, requireGiven, requireInt, str } from '../params.js';
import { refsOf } from '../protected-refs.js';
import { ownerKey, type Store } from '../store.js';
import { branchJson } from './protected-refs.js';

/**
 * Merge request approval rules of a project and approval settings of a project or group
 * (doc/api/merge_request_approvals.md @003efb27, merge_request_approval_settings.md @017a6c12).
 * Rules: name and approvals_required are required on POST, optional on PUT (the docs' tables; go-gitlab
 * sends approvals_required alone, as the newer doc allows), a name is
 * unique among the project's rules of its type, at most one any_approver rule a project
 * (ee/app/models/approval_project_rule.rb's validations, answered 400 with the model's errors);
 * approvers and branches GitLab would not keep are left out (approversOf), and those named on an
 * any_approver rule are kept, as GitLab keeps them (anyApproverProblem says why collab refuses them). The docs
 * name no role for rules; GitLab's helpers let whoever may open merge requests read them and a
 * Maintainer change them (ee/lib/api/helpers/project_approval_rules_helpers.rb, ashierj/superdemo
 * a5c67111; access.ts's canReadApprovalRules says who that is). Settings: a project's need
 * the Maintainer role, a group's the Owner role; a group's strict value locks what is below it.
 */

const projectOf = (req: SandboxRequest) => findOwner(req, 'project', ACCESS.maintainer).project;

/** The project whose rules the caller reads: 403 for one who may not open merge requests in it. */
function readableRulesOf(req: SandboxRequest): Project {
  const user = requireUser(req);
  const project = readableProject(req);
  if (!canReadApprovalRules(req.store, user, project)) throw forbidden();
  return project;
}

function groupJson(store: Store, group: Group): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    path: group.path,
    full_name: store.groupFullName(group),
    full_path: store.groupFullPath(group),
    web_url: `${store.origin}/groups/${store.groupFullPath(group)}`,
  };
}

function userJson(store: Store, user: User): Record<string, unknown> {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    state: user.state,
    avatar_url: null,
    web_url: `${store.origin}/${user.username}`,
  };
}

function ruleJson(store: Store, rule: ApprovalRule): Record<string, unknown> {
  const users = rule.user_ids.flatMap((id) => {
    const user = store.users.get(id);
    return user ? [userJson(store, user)] : [];
  });
  const branches = refsOf(store, rule.owner.id);
  return {
    id: rule.id,
    name: rule.name,
    rule_type: rule.rule_type,
    // Report rules come from security policies, which the sandbox has none of (doc/api/merge_request_approvals.md).
    report_type: null,
    eligible_approvers: users,
    approvals_required: rule.approvals_required,
    users,
    groups: rule.group_ids.flatMap((id) => {
      const group = store.groups.get(id);
      return group ? [groupJson(store, group)] : [];
    }),
    contains_hidden_groups: false,
    // A rule on every protected branch shows all of the project's, whatever IDs it was given
    // (ApprovalProjectRule#protected_branches: ee/app/models/approval_project_rule.rb,
    // pavankalisetti009/gitlab 0a0ae8f1, a copy of gitlab-org/gitlab).
    protected_branches: [...branches.branches.values()]
      .filter((branch) => rule.applies_to_all_protected_branches || rule.protected_branch_ids.includes(branch.id))
      .map((branch) => branchJson(store, branch)),
    applies_to_all_protected_branches: rule.applies_to_all_protected_branches,
  };
}

const rulesOf = (store: Store, projectId: number) =>
  [...store.approvalRules.values()].filter((rule) => rule.owner.id === projectId).sort((a, b) => a.id - b.id);

/**
 * A rule by its ID: `user_project.approval_rules.find(...)` on GET, PUT and DELETE
 * (ee/lib/api/project_approval_rules.rb and ee/lib/api/helpers/project_approval_rules_helpers.rb,
 * ashierj/superdemo a5c67111, a copy of gitlab-org/gitlab), so one not there is ActiveRecord's
 * RecordNotFound, `404 Not found` as lib/api/api.rb (gitlabhq/gitlabhq @00459703) answers it.
 */
function findRule(req: SandboxRequest, projectId: number): ApprovalRule {
  const rule = req.store.approvalRules.get(int(req.params, 'approval_rule_id') ?? 0);
  if (!rule || rule.owner.id !== projectId) throw apiError(404, '404 Not found');
  return rule;
}

/**
 * The approvers and branches given, as GitLab keeps them (ApprovalRules::Updater's
 * filter_eligible_users!, filter_eligible_groups!, filter_eligible_protected_branches!): users
 * who are members of the project (Project#members_among: through a group or a share too), groups
 * the caller can see, the project's protected branches. The others are left out, without an error.
 */
function approversOf(req: SandboxRequest, projectId: number) {
  const { store } = req;
  const project = store.projects.get(projectId);
  const params = readParams(req.input, APPROVAL_RULE_PARAMS);
  const usernames = (params.usernames ?? []).map((name) => store.userByName(name)?.id);
  const member = (id: number) => {
    const user = store.users.get(id);
    return user !== undefined && project !== undefined && isProjectMember(store, user, project);
  };
  const users =
    params.user_ids === undefined && params.usernames === undefined
      ? undefined
      : [...new Set([...(params.user_ids ?? []), ...usernames])].filter(
          (id): id is number => id !== undefined && member(id),
        );
  const groups = params.group_ids?.filter((id) => {
    const group = store.groups.get(id);
    return group !== undefined && canReadGroup(store, req.user, group);
  });
  const branchIds = new Set([...refsOf(req.store, projectId).branches.values()].map((branch) => branch.id));
  const branches = params.protected_branch_ids?.filter((id) => branchIds.has(id));
  return { params, users, groups, branches };
}

/** ApprovalRuleLike::NAME_LENGTH_LIMIT. */
const NAME_LENGTH_LIMIT = 1024;

/** The model's validations, each answered as its errors. */
function validate(store: Store, rule: ApprovalRule): void {
  // ApprovalRuleLike's, together (ee/app/models/concerns/approval_rule_like.rb, a copy of
  // gitlab-org/gitlab: `validates :name, presence: true`, a length of at most NAME_LENGTH_LIMIT,
  // 1024, and approvals_required's numericality); Grape's `requires :name` asks only that it be given.
  const errors: Record<string, string[]> = {};
  if (rule.name.trim() === '') errors.name = ["can't be blank"];
  else if ([...rule.name].length > NAME_LENGTH_LIMIT)
    errors.name = [`is too long (maximum is ${NAME_LENGTH_LIMIT} characters)`];
  if (approvalsRequiredProblem(rule.approvals_required))
    errors.approvals_required = [
      rule.approvals_required < 0
        ? 'must be greater than or equal to 0'
        : `must be less than or equal to ${APPROVALS_REQUIRED_MAX}`,
    ];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const others = rulesOf(store, rule.owner.id).filter((other) => other.id !== rule.id);
  if (rule.rule_type === 'any_approver' && others.some((other) => other.rule_type === 'any_approver'))
    throw validationError({ rule_type: ['any-approver for the project already exists'] });
  if (others.some((other) => other.rule_type === rule.rule_type && other.name === rule.name))
    throw validationError({ name: ['has already been taken'] });
}

function listRules(req: SandboxRequest): SandboxResponse {
  const project = readableRulesOf(req);
  return paginateArray(req, rulesOf(req.store, project.id), (rule) => JSON.stringify(ruleJson(req.store, rule)));
}

function viewRule(req: SandboxRequest): SandboxResponse {
  return json(ruleJson(req.store, findRule(req, readableRulesOf(req).id)));
}

function createRule(req: SandboxRequest): SandboxResponse {
  // Grape's parameters before the role: create_project_approval_rule's `authorize! :admin_project`
  // runs inside the endpoint, only `authenticate!` is a `before` (ee/lib/api/project_approval_rules.rb
  // and its helpers, ashierj/superdemo a5c67111): one missing is 400 whoever asks.
  requireUser(req);
  const name = requireGiven(req.input, 'name');
  const approvalsRequired = requireInt(req.input, 'approvals_required');
  const project = projectOf(req);
  const { params, users, groups, branches } = approversOf(req, project.id);
  const rule: ApprovalRule = {
    id: 0,
    owner: { kind: 'project', id: project.id },
    name,
    rule_type: params.rule_type === 'any_approver' ? 'any_approver' : 'regular',
    approvals_required: approvalsRequired,
    user_ids: users ?? [],
    group_ids: groups ?? [],
    protected_branch_ids: branches ?? [],
    applies_to_all_protected_branches: params.applies_to_all_protected_branches ?? false,
  };
  validate(req.store, rule);
  rule.id = req.store.nextId('approval_rule');
  req.store.approvalRules.set(rule.id, rule);
  return json(ruleJson(req.store, rule), 201);
}

function updateRule(req: SandboxRequest): SandboxResponse {
  const project = projectOf(req);
  const rule = findRule(req, project.id);
  const { params, users, groups, branches } = approversOf(req, project.id);
  const changed: ApprovalRule = {
    ...rule,
    name: str(req.input, 'name') ?? rule.name,
    approvals_required: int(req.input, 'approvals_required') ?? rule.approvals_required,
    ...(users ? { user_ids: users } : {}),
    ...(groups ? { group_ids: groups } : {}),
    ...(branches ? { protected_branch_ids: branches } : {}),
    // Not kept when left out: the PUT's table gives it a default of false
    // (doc/api/merge_request_approvals.md @003efb27, Update project-level rule), as Grape's
    // `optional :applies_to_all_protected_branches, default: false` of the update's params does
    // (ee/lib/api/helpers/project_approval_rules_helpers.rb, ashierj/superdemo a5c67111, a copy
    // of gitlab-org/gitlab): a PUT of the approvals alone takes a rule off every protected branch.
    applies_to_all_protected_branches: params.applies_to_all_protected_branches ?? false,
  };
  validate(req.store, changed);
  Object.assign(rule, changed);
  return json(ruleJson(req.store, rule));
}

function deleteRule(req: SandboxRequest): SandboxResponse {
  const rule = findRule(req, projectOf(req).id);
  req.store.approvalRules.delete(rule.id);
  return noContent();
}

/**
 * The settings that lock an owner's: a project's top-level group's alone, as GitLab resolves a
 * project's with `user_project.root_ancestor` (a subgroup between them counts for nothing), and
 * none for a group, resolved from itself and the instance (`Resolver.new(user_group)`;
 * ee/lib/api/merge_request_approval_settings.rb). The instance's are INSTANCE_LOCKS's.
 */
function lockingSettings(store: Store, owner: OwnerKey): Record<string, boolean>[] {
  if (owner.kind === 'group') return [];
  const top = ownerChain(store, owner).slice(1).at(-1);
  return top ? [store.approvalSettings.get(ownerKey(top)) ?? {}] : [];
}

/**
 * The instance's setting that locks each key at its strict value when on, as GitLab's resolver reads
 * it (`instance_value = !instance_settings.prevent_merge_requests_author_approval`, ...;
 * ComplianceManagement::MergeRequestApprovalSettings::Resolver of gitlab-org/gitlab): a group's keys too.
 */
const INSTANCE_LOCKS: Readonly<Record<string, string>> = {
  allow_author_approval: 'prevent_merge_requests_author_approval',
  allow_committer_approval: 'prevent_merge_requests_committers_approval',
  allow_overrides_to_approver_list_per_merge_request: 'disable_overriding_approvers_per_merge_request',
};

/** Each key as `{value, locked, inherited_from}`: locked where the instance or the top-level group holds its strict value. */
function settingsJson(store: Store, owner: OwnerKey): Record<string, unknown> {
  const own = store.approvalSettings.get(ownerKey(owner)) ?? {};
  const above = lockingSettings(store, owner);
  const view: Record<string, unknown> = {};
  for (const setting of APPROVAL_SETTINGS) {
    const instance = store.instanceApprovalSettings[INSTANCE_LOCKS[setting.name] ?? ''] === true;
    const locked = instance || above.some((settings) => settings[setting.name] === setting.strict);
    view[setting.name] = {
      value: locked ? setting.strict : (own[setting.name] ?? setting.defaultValue),
      locked,
      inherited_from: instance ? 'instance' : locked ? 'group' : null,
    };
  }
  for (const [name, value] of Object.entries(SHOWN_ONLY_SETTINGS))
    view[name] = { value, locked: false, inherited_from: null };
  return view;
}

/** The keys merge_request_approval_setting's PUT declares, in its order, for a project and a group alike. */
const PUT_KEYS = [
  'allow_author_approval',
  'allow_committer_approval',
  'allow_overrides_to_approver_list_per_merge_request',
  'retain_approvals_on_push',
  'selective_code_owner_removals',
  'require_password_to_approve',
  'require_reauthentication_to_approve',
];

const APPROVAL_DEFAULTS = Object.fromEntries(APPROVAL_SETTINGS.map((setting) => [setting.name, setting.defaultValue]));

function settingsRoutes(kind: 'project' | 'group'): Route[] {
  const path = `/${kind === 'project' ? 'projects' : 'groups'}/:id/merge_request_approval_setting`;
  const ownerOf = (req: SandboxRequest): OwnerKey => {
    const found = findOwner(req, kind, OWNER_ADMIN_ROLE[kind]);
    return { kind, id: found.id };
  };
  const view = (req: SandboxRequest) => json(settingsJson(req.store, ownerOf(req)));
  const update = (req: SandboxRequest) => {
    const owner = ownerOf(req);
    // Grape's at_least_one_of of every key the PUT declares, a group's too (ee/lib/api/
    // merge_request_approval_settings.rb, pavankalisetti009/gitlab 20ba00bc), after the role's 403.
    if (PUT_KEYS.every((name) => req.input[name] === undefined))
      throw paramError(`${PUT_KEYS.join(', ')} are missing, at least one parameter must be provided`);
    const given = readParams(req.input, approvalSettingsFor(kind));
    const key = ownerKey(owner);
    const next = { ...req.store.approvalSettings.get(key) };
    for (const [name, value] of Object.entries(given)) if (typeof value === 'boolean') next[name] = value;
    // A project's selective_code_owner_removals needs retain_approvals_on_push on, as it will be
    // (src/params/approvals.ts, approvalSettingsProblem, says where GitLab holds it; the doc says
    // the reverse): the update service's error, render_api_error! 400. A group's PUT drops it.
    const retain = next.retain_approvals_on_push ?? APPROVAL_DEFAULTS.retain_approvals_on_push;
    if (kind === 'project' && next.selective_code_owner_removals === true && retain === false)
      throw apiError(400, 'selective_code_owner_removals can only be enabled when retain_approvals_on_push is enabled');
    req.store.approvalSettings.set(key, next);
    return json(settingsJson(req.store, owner));
  };
  return [
    ['GET', path, view],
    ['PUT', path, update],
  ];
}

export const approvalRoutes: readonly Route[] = [
  ['GET', '/projects/:id/approval_rules', listRules],
  ['GET', '/projects/:id/approval_rules/:approval_rule_id', viewRule],
  ['POST', '/projects/:id/approval_rules', createRule],
  ['PUT', '/projects/:id/approval_rules/:approval_rule_id', updateRule],
  ['DELETE', '/projects/:id/approval_rules/:approval_rule_id', deleteRule],
  ...settingsRoutes('project'),
  ...settingsRoutes('group'),
];
