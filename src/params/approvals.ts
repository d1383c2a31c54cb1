import { shellWord } from '../util/words.js';
import { flagName } from './derive.js';
import type { ParamSpec } from './types.js';

/**
 * Merge request approval rules of a project and the approval settings of a project or group
 * (doc/api/merge_request_approvals.md @003efb27, merge_request_approval_settings.md @017a6c12).
 * Rules from ee/app/models/approval_project_rule.rb: a name is unique among the project's rules
 * of its type, and a project has at most one `any_approver` rule.
 */

export const RULE_TYPES = ['regular', 'any_approver'] as const;

/** ApprovalRuleLike::APPROVALS_REQUIRED_MAX: approvals_required is 0 to 100. */
export const APPROVALS_REQUIRED_MAX = 100;

/** POST /projects/:id/approval_rules, beside `name` and `approvals_required` (required), and what identifies approvers. */
export const APPROVAL_RULE_PARAMS = [
  {
    name: 'approvals_required',
    type: 'integer',
    description: `how many approvals the rule needs (0 to ${APPROVALS_REQUIRED_MAX})`,
    rule: {
      what: 'approvals required',
      source: 'doc/api/merge_request_approvals.md (approvals_required); ApprovalRuleLike::APPROVALS_REQUIRED_MAX',
      integer: { min: 0, max: APPROVALS_REQUIRED_MAX },
    },
  },
  {
    name: 'rule_type',
    type: 'string',
    choices: RULE_TYPES,
    description: 'regular (named approvers), or any_approver (anyone eligible; one a project)',
  },
  {
    name: 'applies_to_all_protected_branches',
    type: 'boolean',
    description: 'the rule applies to every protected branch (protected_branch_ids are then ignored)',
  },
  { name: 'user_ids', type: 'integer-array', description: 'the IDs of users as approvers' },
  { name: 'usernames', type: 'string-array', description: 'the usernames of approvers' },
  { name: 'group_ids', type: 'integer-array', description: 'the IDs of groups as approvers' },
  { name: 'protected_branch_ids', type: 'integer-array', description: 'the protected branches the rule is scoped to' },
] as const satisfies readonly ParamSpec[];

/** approvals_required as the model takes it. */
export function approvalsRequiredProblem(value: number): string | undefined {
  return Number.isInteger(value) && value >= 0 && value <= APPROVALS_REQUIRED_MAX
    ? undefined
    : `approvals_required must be a whole number from 0 to ${APPROVALS_REQUIRED_MAX}`;
}

/**
 * A rule on every protected branch names none: GitLab then shows all of the project's as its
 * branches (ApprovalProjectRule#protected_branches: ee/app/models/approval_project_rule.rb,
 * pavankalisetti009/gitlab 0a0ae8f1, a copy of gitlab-org/gitlab), and the ones named are kept
 * but never shown. `named` says a field as the entry point does (a flag, a key of collab.yaml).
 */
export function ruleBranchesProblem(
  fields: { protected_branches?: readonly unknown[]; applies_to_all_protected_branches?: unknown },
  named: (field: 'protected_branches' | 'applies_to_all_protected_branches') => string = (field) => field,
): string | undefined {
  return (fields.protected_branches ?? []).length > 0 && fields.applies_to_all_protected_branches === true
    ? `${named('protected_branches')} cannot be used with ${named('applies_to_all_protected_branches')}: give one of them`
    : undefined;
}

/**
 * An any_approver rule lets anyone eligible approve, so approvers named on it change nothing, yet
 * GitLab keeps them without an error: ee/app/services/approval_rules/create_service.rb
 * (ashierj/superdemo b474ab94) and ee/app/models/approval_project_rule.rb (pavankalisetti009/gitlab
 * 0a0ae8f1) refuse none, and ee/app/models/approval_wrapped_any_approver_rule.rb (diffblue/gitlab
 * b09d7755) counts every approval; each a copy of gitlab-org/gitlab. The sandbox keeps them as
 * GitLab does; collab refuses them before sending, at every entry point (a flag of create, of
 * update on such a rule, a rule of collab.yaml), as the rule would read as if only they may
 * approve. `named` says a field as the entry point does.
 */
export function anyApproverProblem(
  fields: { rule_type?: unknown; users?: readonly unknown[]; groups?: readonly unknown[] },
  named: (field: 'users' | 'groups') => string = (field) => field,
): string | undefined {
  return fields.rule_type === 'any_approver' && ((fields.users ?? []).length > 0 || (fields.groups ?? []).length > 0)
    ? `an any_approver rule names no approvers: anyone eligible approves (leave out ${named('users')} and ${named('groups')}, or make it a regular rule)`
    : undefined;
}

/**
 * The keys of merge_request_approval_setting, each answered as `{value, locked, inherited_from}`.
 * `strict` is the value a group's setting imposes on what is below it (locked there): a group that
 * forbids authors' approval forbids it in its projects. `defaultValue` is the docs' example answer
 * for a group with nothing set. `kinds`: where PUT takes it, and so which rows a view shows
 * (approvalSettingsShown): the group's table lacks selective_code_owner_removals; neither takes
 * require_password_to_approve, which is only shown.
 */
export interface ApprovalSettingSpec extends ParamSpec {
  strict: boolean;
  defaultValue: boolean;
  kinds: readonly ('project' | 'group')[];
}

const BOTH = ['project', 'group'] as const;

export const APPROVAL_SETTINGS: readonly ApprovalSettingSpec[] = [
  {
    name: 'allow_author_approval',
    type: 'boolean',
    description: 'authors may approve their own merge requests',
    strict: false,
    defaultValue: true,
    kinds: BOTH,
  },
  {
    name: 'allow_committer_approval',
    type: 'boolean',
    description: 'committers may approve merge requests they committed to',
    strict: false,
    defaultValue: true,
    kinds: BOTH,
  },
  {
    name: 'allow_overrides_to_approver_list_per_merge_request',
    type: 'boolean',
    description: 'a merge request may change its approvers',
    strict: false,
    defaultValue: true,
    kinds: BOTH,
  },
  {
    name: 'retain_approvals_on_push',
    type: 'boolean',
    description: 'approvals stay when new commits are pushed',
    strict: false,
    defaultValue: false,
    kinds: BOTH,
  },
  {
    name: 'selective_code_owner_removals',
    type: 'boolean',
    description:
      'a push removes only the approvals of Code Owners whose files changed (needs retain_approvals_on_push on)',
    strict: true,
    defaultValue: false,
    kinds: ['project'],
  },
  {
    name: 'require_reauthentication_to_approve',
    type: 'boolean',
    description: 'approvers sign in again to approve',
    strict: true,
    defaultValue: false,
    kinds: BOTH,
  },
];

/**
 * selective_code_owner_removals needs retain_approvals_on_push on: with approvals kept on a push,
 * only the Code Owners' of the files it changes go. GitLab refuses it otherwise, 400 "selective_code_owner_removals
 * can only be enabled when retain_approvals_on_push is enabled" (MergeRequest::ApprovalRemovalSettings'
 * mutually_exclusive_settings with reset_approvals_on_push, ee/app/services/merge_request_approval_settings/
 * update_service.rb and ee/spec/requests/api/merge_request_approval_settings_spec.rb, pavankalisetti009/gitlab
 * 118b438a and 38fea666, a copy of gitlab-org/gitlab), though doc/api/merge_request_approval_settings.md
 * @017a6c12 says to disable retain_approvals_on_push. Of the settings given (both given, the
 * other off: refused before sending) or of what the owner will have. `named` says a setting as
 * the entry point does (a flag, a key of collab.yaml).
 */
export function approvalSettingsProblem(
  settings: Readonly<Record<string, unknown>>,
  named: (setting: 'selective_code_owner_removals' | 'retain_approvals_on_push') => string = (setting) => setting,
): string | undefined {
  return settings.selective_code_owner_removals === true && settings.retain_approvals_on_push === false
    ? `${named('selective_code_owner_removals')} cannot be used with ${named('retain_approvals_on_push')} off: selective removals need approvals retained on push`
    : undefined;
}

/**
 * The group whose settings lock a key of a project or group at `path`: a project's top-level
 * group, the one GitLab resolves a project's settings with (`user_project.root_ancestor`, a
 * subgroup between them counting for nothing); none for a group, whose locks come from the
 * instance alone (`Resolver.new(user_group)`; ee/lib/api/merge_request_approval_settings.rb).
 */
export function lockingGroupPath(kind: 'project' | 'group', path: string): string | undefined {
  const at = path.indexOf('/');
  return kind === 'project' && at > 0 ? path.slice(0, at) : undefined;
}

/**
 * A key a group above locks (answered `locked: true`, `inherited_from`) set to another value: the
 * service keeps the group's value whatever is sent, so the command and the plan refuse it before
 * any write (exit 2), with what this says (`allow_author_approval is locked at false by its group`).
 */
export function lockedSettingProblem(
  current: Readonly<Record<string, { value: boolean; locked: boolean; inherited_from: string | null } | undefined>>,
  wanted: Readonly<Record<string, unknown>>,
): { key: string; says: string; wanted: boolean; from: string | null } | undefined {
  for (const [key, value] of Object.entries(wanted)) {
    const setting = current[key];
    if (typeof value === 'boolean' && setting?.locked && setting.value !== value)
      return {
        key,
        says: `is locked at ${setting.value} by its ${setting.inherited_from ?? 'group'}`,
        wanted: value,
        from: setting.inherited_from,
      };
  }
  return undefined;
}

/**
 * Where an instance's lock is lifted: its administrator's Admin area, Push rules, Merge request
 * approvals (doc/administration/merge_requests_approvals.md, "To enable merge request approval
 * settings for an instance"); no group's or project's setting can.
 */
const INSTANCE_UNLOCK =
  'an administrator changes it for the whole instance: Admin area, Push rules, Merge request approvals';

/**
 * What to do about a locked key (lockedSettingProblem) of a project or group at `path`: where the
 * lock is a group's (`inherited_from: group`) and the path says which (lockingGroupPath: a
 * project's top-level group), change it there, with the command that does (the key given the
 * value wanted: the group's no longer locks it). An instance's lock is lifted by its administrator
 * (INSTANCE_UNLOCK); a group's lock of a project named by its ID alone is told in words.
 */
export function unlockHint(
  kind: 'project' | 'group',
  path: string | undefined,
  locked: { key: string; wanted: boolean; from: string | null },
): string {
  if (locked.from === 'instance') return INSTANCE_UNLOCK;
  const group = locked.from === 'group' && path !== undefined ? lockingGroupPath(kind, path) : undefined;
  if (group === undefined) return 'change it on the group that locks it';
  const flag = `--${locked.wanted ? '' : 'no-'}${flagName({ name: locked.key })}`;
  return `change it on group ${group}, for every project under it: \`collab approval-settings update --group ${shellWord(group)} ${flag}\``;
}

/**
 * A key a group above sets to its strict value in the same file: once that group's PUT is made
 * the key is locked below at it (what lockedSettingProblem finds from then on), so another value
 * set here is refused before the group's write, not by every plan after it. `above`: the groups
 * over the target, each with what the file sets.
 */
export function strictAboveProblem(
  above: readonly { path: string; settings: Readonly<Record<string, unknown>> }[],
  wanted: Readonly<Record<string, unknown>>,
): { key: string; says: string; hint: string } | undefined {
  for (const [key, value] of Object.entries(wanted)) {
    const setting = APPROVAL_SETTINGS.find((each) => each.name === key);
    if (!setting || typeof value !== 'boolean' || value === setting.strict) continue;
    const group = above.find((each) => each.settings[key] === setting.strict);
    // The group's value is the file's: a command would be undone by the next apply.
    if (group)
      return {
        key,
        says: `would be locked at ${setting.strict} by group ${group.path}, which the file sets so`,
        hint: `set ${key}: ${value} in group ${group.path}'s approval_settings in the file`,
      };
  }
  return undefined;
}

/** What PUT .../merge_request_approval_setting takes for this kind of owner. */
export const approvalSettingsFor = (kind: 'project' | 'group'): readonly ApprovalSettingSpec[] =>
  APPROVAL_SETTINGS.filter((setting) => setting.kinds.includes(kind));

/** Shown in every answer, set by no PUT (deprecated by require_reauthentication_to_approve). */
export const SHOWN_ONLY_SETTINGS = { require_password_to_approve: false } as const;

/**
 * The keys a view of this kind of owner shows: those its PUT takes, and those every answer shows
 * and no PUT sets. A group's answer carries selective_code_owner_removals too, but it is a
 * project's alone: always false and unlocked for a group (the Resolver reads it from a project),
 * and dropped from a group's PUT (`params.except(:selective_code_owner_removals)` in
 * ee/app/services/merge_request_approval_settings/update_service.rb, pavankalisetti009/gitlab
 * 118b438a, a copy of gitlab-org/gitlab). A row of it would say a group has a setting it cannot.
 */
export const approvalSettingsShown = (kind: 'project' | 'group'): readonly string[] => [
  ...approvalSettingsFor(kind).map((setting) => setting.name),
  ...Object.keys(SHOWN_ONLY_SETTINGS),
];
