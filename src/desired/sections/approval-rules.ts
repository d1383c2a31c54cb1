import { array, boolean, enum as oneOf, minLength, optional, string, strictObject } from 'zod/mini';
import { projectRole, refusedHint, ROLES } from '../../api/roles.js';
import { ACCESS_LEVELS } from '../../params/access.js';
import {
  type ApprovalRule,
  type ApprovalRuleBody,
  approvalRulesPath,
  createApprovalRule,
  deleteApprovalRule,
  updateApprovalRule,
} from '../../api/approvals.js';
import { getGroup } from '../../api/groups.js';
import { memberFilters, membersPath } from '../../api/members.js';
import { protectedRefsPath } from '../../api/protected-refs.js';
import { resolveUserId } from '../../api/resolve.js';
import { CollabError, isCollabError } from '../../errors.js';
import { anyApproverProblem, APPROVAL_RULE_PARAMS, RULE_TYPES, ruleBranchesProblem } from '../../params/approvals.js';
import { expiryPassed } from '../../params/members.js';
import { dayOf } from '../../util/day.js';
import { equal, isItem, listOf, listReached, listSchema, paramSchema, unlisted, withSecret } from './common.js';
import type { Item, OnTarget, Planned, Section } from './section.js';

/**
 * `approval_rules`: a project's merge request approval rules by name (Premium), one GET a
 * project. Approvers are named as people write them: users by username, groups by full path,
 * branches by name; IDs are looked up when a change is sent (a branch may be protected by the same
 * apply). The service takes only protected branches (`protected_branch_ids`,
 * doc/api/merge_request_approvals.md), so a branch neither protected now nor in the target's
 * protected_branches stops the plan, as an unknown approver does. A list the file leaves out is not compared. Only one any_approver rule a project, as
 * GitLab's model holds (ee/app/models/approval_project_rule.rb): the file may not list two.
 */

declare module '../model.js' {
  interface LiveTarget {
    approvalRules?: ApprovalRule[];
    /** The project's protected branches by name, read only when a rule of the file names one. */
    approvalBranches?: string[];
    /** The new approvers the file names (lower case) who are not members of the project. */
    approversNotMembers?: ReadonlySet<string>;
    /** The caller's role where it is below Maintainer: they read the rules, but may change none. */
    approvalRulesReadOnly?: number;
  }
}

/** A rule as the file says it (names, not IDs): what a change carries in a saved plan. */
interface RuleWant {
  name: string;
  approvals_required: number;
  rule_type: string;
  users?: string[];
  groups?: string[];
  protected_branches?: string[];
  applies_to_all_protected_branches?: boolean;
}

type ApprovalRuleSpec = OnTarget &
  (
    | { op: 'approval-rule-create'; rule: RuleWant }
    | { op: 'approval-rule-update'; ruleId: number; rule: RuleWant; known: Record<string, number> }
    | { op: 'approval-rule-delete'; ruleId: number }
    | { op: 'approval-rule-replace'; ruleId: number; rule: RuleWant }
  );

const LISTS = { users: 'username', groups: 'full_path', protected_branches: 'name' } as const;
/** A rule's fields as a change's `after` gives them (RuleWant's keys). */
const LIVE_FIELDS: Readonly<Record<string, true>> = {
  name: true,
  approvals_required: true,
  rule_type: true,
  users: true,
  groups: true,
  protected_branches: true,
  applies_to_all_protected_branches: true,
};
type ListKey = keyof typeof LISTS;

/** A live rule's approvers and branches by name, sorted (the order says nothing). */
function liveNames(rule: ApprovalRule, key: ListKey): string[] {
  const items: unknown = rule[key];
  const field = LISTS[key];
  return (Array.isArray(items) ? items : [])
    .map((item) => (isItem(item) ? String(item[field]) : ''))
    .filter((name) => name !== '')
    .sort();
}

const sorted = (value: unknown): string[] => (Array.isArray(value) ? value.map(String).sort() : []);

function wantOf(item: Item): RuleWant {
  const want: RuleWant = {
    name: String(item.name),
    approvals_required: Number(item.approvals_required),
    rule_type: typeof item.rule_type === 'string' ? item.rule_type : 'regular',
  };
  for (const key of Object.keys(LISTS) as ListKey[]) if (item[key] !== undefined) want[key] = sorted(item[key]);
  if (typeof item.applies_to_all_protected_branches === 'boolean')
    want.applies_to_all_protected_branches = item.applies_to_all_protected_branches;
  // Branches named scope the rule to them: not to every protected branch.
  else if ((want.protected_branches ?? []).length > 0) want.applies_to_all_protected_branches = false;
  return want;
}

/**
 * The live rule as the file would say it, every field. A rule on every protected branch shows all
 * of the project's as its own (ApprovalProjectRule#protected_branches:
 * ee/app/models/approval_project_rule.rb, pavankalisetti009/gitlab 0a0ae8f1, a copy of
 * gitlab-org/gitlab): they are the project's, not the rule's, and it names none.
 */
function liveWant(rule: ApprovalRule): RuleWant {
  const all = rule.applies_to_all_protected_branches === true;
  return {
    name: rule.name,
    approvals_required: rule.approvals_required,
    rule_type: rule.rule_type,
    users: liveNames(rule, 'users'),
    groups: liveNames(rule, 'groups'),
    protected_branches: all ? [] : liveNames(rule, 'protected_branches'),
    applies_to_all_protected_branches: all,
  };
}

/** The IDs a live rule already shows for its names (`users:alice`), so that an update looks up only new ones. */
function knownIds(rule: ApprovalRule): Record<string, number> {
  const known: Record<string, number> = {};
  for (const key of Object.keys(LISTS) as ListKey[]) {
    const items: unknown = rule[key];
    for (const item of Array.isArray(items) ? items : [])
      if (isItem(item) && typeof item.id === 'number') known[`${key}:${String(item[LISTS[key]])}`] = item.id;
  }
  return known;
}

/**
 * A field as the diff compares it: usernames and group paths in lower case, as GitLab finds them
 * (app/models/user.rb's by_username is iwhere, gitlabhq 00124398; Routable matches
 * LOWER(routes.path)): `Max` is max. Branch names keep their case, as git does.
 */
const comparable = (key: keyof RuleWant, value: unknown): unknown =>
  (key === 'users' || key === 'groups') && Array.isArray(value)
    ? value.map((name) => String(name).toLowerCase()).sort()
    : value;

/**
 * Which live rule a rule of the file is: the one of its name, but for an any_approver rule, which
 * is the project's one such rule whatever its name (GitLab refuses a second, `any-approver for the
 * project already exists`: ee/app/models/approval_project_rule.rb), so another name renames it.
 * Names are unique among the rules of one type: a regular rule of the name of that any_approver
 * rule, which the file's any_approver rule takes, is another rule.
 */
function ruleMatcher(
  items: readonly Item[],
  found: readonly ApprovalRule[],
): (item: Item, rule: ApprovalRule) => boolean {
  const anyLive = found.find((rule) => rule.rule_type === 'any_approver');
  const anyWanted = anyLive !== undefined && items.some((item) => item.rule_type === 'any_approver');
  return (item, rule) =>
    anyWanted && item.rule_type === 'any_approver'
      ? rule === anyLive
      : rule.name === String(item.name) && !(anyWanted && rule === anyLive);
}

/**
 * A change's key: the rule's name, and for the any_approver rule its type too. GitLab keeps names
 * unique among the rules of one type (ee/app/models/approval_project_rule.rb), so a regular rule
 * may take the any_approver rule's name, its old one when a plan renames it: two changes of one
 * plan, told apart by their IDs in the plan and the journal.
 */
const ANY_APPROVER_KEY = ' (any_approver)';
const keyOf = (rule: { name: string; rule_type: string }) =>
  rule.rule_type === 'any_approver' ? `${rule.name}${ANY_APPROVER_KEY}` : rule.name;

/** What a change's key names: a rule's name, and whether it is the any_approver rule. */
function named(key: string): { name: string; any: boolean } {
  const any = key.endsWith(ANY_APPROVER_KEY);
  return { name: any ? key.slice(0, -ANY_APPROVER_KEY.length) : key, any };
}

const ruleNamed = (found: readonly ApprovalRule[] | undefined, name: string, any: boolean) =>
  found?.find((rule) => rule.name === name && (rule.rule_type === 'any_approver') === any);

/**
 * The rule a change with this key and `after` makes: of the name and type `after` gives it (a
 * rename's new name, a replaced rule's new type), else the key's.
 */
function madeRule(key: string, after: unknown, found: readonly ApprovalRule[] | undefined): ApprovalRule | undefined {
  const at = named(key);
  const name = isItem(after) && typeof after.name === 'string' ? after.name : at.name;
  const any = isItem(after) && typeof after.rule_type === 'string' ? after.rule_type === 'any_approver' : at.any;
  return ruleNamed(found, name, any);
}

const isRule = (item: Item): item is ApprovalRule =>
  typeof item.id === 'number' && typeof item.name === 'string' && typeof item.rule_type === 'string';

export const approvalRules: Section<ApprovalRuleSpec> = {
  name: 'approval_rules',
  kinds: ['project'],
  noun: 'approval rule',
  paid: 'merge request approval rules',
  // GitLab keeps only the project's members as approvers, and takes only protected branches.
  after: ['members', 'protected_branches'],
  // Two any_approver rules are refused as one listed twice: a project has at most one.
  identify: (item) => (item.rule_type === 'any_approver' ? 'any_approver' : String(item.name)),
  itemProblem: (item) => {
    const list = (value: unknown) => (Array.isArray(value) ? value : undefined);
    return (
      anyApproverProblem({ rule_type: item.rule_type, users: list(item.users), groups: list(item.groups) }) ??
      ruleBranchesProblem({
        protected_branches: list(item.protected_branches),
        applies_to_all_protected_branches: item.applies_to_all_protected_branches,
      })
    );
  },
  schema: () =>
    listSchema(
      strictObject({
        name: string().check(minLength(1)),
        approvals_required: paramSchema(APPROVAL_RULE_PARAMS[0]),
        rule_type: optional(oneOf(RULE_TYPES)),
        users: optional(array(string().check(minLength(1)))),
        groups: optional(array(string().check(minLength(1)))),
        protected_branches: optional(array(string().check(minLength(1)))),
        applies_to_all_protected_branches: optional(boolean()),
      }),
    ),
  read: {
    none: (live) => void (live.approvalRules = []),
    target: async (reader, live, resource, value) => {
      live.approvalRules = (await reader.list(approvalRulesPath(Number(resource.id)), {}, ROLES.reporters)).filter(
        isRule,
      );
      // Whoever may open merge requests reads the rules (authorize_read_project_approval_rule!:
      // admin_project or create_merge_request_in, ee/lib/api/helpers/project_approval_rules_helpers.rb),
      // a Maintainer alone changes them (admin_project): a change is refused in the plan, as apply
      // would be. The role is the project's `permissions` (unknown through a share: then apply says it).
      const yours = projectRole(resource);
      if (yours !== undefined && yours < ACCESS_LEVELS.maintainer) live.approvalRulesReadOnly = yours;
      // The protected branches (a Maintainer's read) only check a change's branches, which a caller
      // below Maintainer makes none of: their plan of rules as the file says them stays exit 0.
      if (
        live.approvalRulesReadOnly === undefined &&
        listOf(value).items.some((item) => sorted(item.protected_branches).length > 0)
      )
        live.approvalBranches = (
          await reader.list(protectedRefsPath(Number(resource.id), 'branch'), {}, ROLES.maintainers)
        )
          .map((branch) => branch.name)
          .filter((name): name is string => typeof name === 'string');
    },
    // A user or group the file names that no rule has yet must exist: said now, before anything is sent.
    once: async (ctx, lives, values, reader, planned) => {
      const known = { users: new Set<string>(), groups: new Set<string>() };
      const userIds = new Map<string, number>();
      for (const live of lives)
        for (const rule of live.approvalRules ?? []) {
          for (const name of liveNames(rule, 'users')) known.users.add(name);
          for (const name of liveNames(rule, 'groups')) known.groups.add(name);
          for (const [key, id] of Object.entries(knownIds(rule)))
            if (key.startsWith('users:')) userIds.set(key.slice('users:'.length).toLowerCase(), id);
        }
      const named = (key: 'users' | 'groups') =>
        new Set(values.flatMap((value) => listOf(value).items.flatMap((item) => sorted(item[key]))));
      for (const username of named('users'))
        if (!known.users.has(username))
          userIds.set(
            username.toLowerCase(),
            await resolveUserId(ctx.session, username, 'an approver in approval_rules'),
          );
      // GitLab keeps as a rule's approvers only the project's members, through a group or a share
      // too, and leaves the others out without a word (ApprovalRules::Updater#filter_eligible_users!:
      // Project#members_among). The new approvers of each project are looked for in its members/all,
      // one request a project that adds any. One the file makes a member of a group above the
      // project is one by then (groups are applied before their projects), and is not looked for;
      // one whose membership's day has passed is not made (members skips it), so it is looked for.
      const today = dayOf(ctx.session.clock.now());
      await Promise.all(
        lives.map(async (live, i) => {
          if (!live.resource) return;
          const joining = membersAbove(planned, live.path, today);
          const adding = new Set<string>();
          for (const item of listOf(values[i]).items) {
            const rule = live.approvalRules?.find((r) => r.name === String(item.name));
            const has = new Set((rule ? liveNames(rule, 'users') : []).map((name) => name.toLowerCase()));
            for (const name of sorted(item.users))
              if (!has.has(name.toLowerCase()) && !joining.has(name.toLowerCase())) adding.add(name.toLowerCase());
          }
          const ids = [...adding].map((name) => userIds.get(name)).filter((id): id is number => id !== undefined);
          if (ids.length === 0) return;
          const owner = { kind: 'project' as const, ref: Number(live.resource.id) };
          const members = await reader.list(membersPath(owner, true), memberFilters({ userIds: ids }));
          const found = new Set(members.map((member) => String(member.username).toLowerCase()));
          live.approversNotMembers = new Set([...adding].filter((name) => !found.has(name)));
        }),
      );
      for (const path of named('groups')) {
        if (known.groups.has(path)) continue;
        try {
          await ctx.session.request(getGroup(path));
        } catch (error) {
          if (isCollabError(error) && error.kind === 'not-found')
            throw new CollabError('not-found', `group ${path} not found (an approver in approval_rules)`, {
              hint: 'groups are named by full path: `collab groups list --search <name>`',
            });
          throw error;
        }
      }
    },
  },
  diff: ({ value, live, target, today, warn, kept, emit: emitChange }) => {
    const readOnly = live.approvalRulesReadOnly;
    const emit: typeof emitChange = (...change) => {
      if (readOnly !== undefined)
        throw new CollabError(
          'auth',
          `approval rules of ${target.path} would change, and the caller may not change them`,
          {
            hint: refusedHint(ROLES.maintainers, readOnly),
          },
        );
      emitChange(...change);
    };
    const wanted = listOf(value);
    const found = live.approvalRules ?? [];
    // A user the file's members section adds to this project is one when the rule is made (not one
    // whose membership's day has passed: members does not make it).
    const joining = new Set(
      listOf(target.sections.members)
        .items.filter((m) => !expiryPassed(m.expires_at, today))
        .map((m) => String(m.username).toLowerCase()),
    );
    for (const name of live.approversNotMembers ?? [])
      if (!joining.has(name))
        warn(
          `approval_rules: ${name} is not a member of the project, and GitLab leaves non-members out of a rule's approvers without an error (add them to members here or on a group above, or leave them out)`,
        );
    const protectable = new Set([
      ...(live.approvalBranches ?? []),
      ...listOf(target.sections.protected_branches).items.map((item) => String(item.name)),
    ]);
    const matches = ruleMatcher(wanted.items, found);
    // A regular rule named as the any_approver rule's changes are keyed would share their ID.
    const rules = [...wanted.items.map(wantOf), ...found];
    const anyKeys = new Set(rules.filter((rule) => rule.rule_type === 'any_approver').map(keyOf));
    const clash = rules.find((rule) => rule.rule_type !== 'any_approver' && anyKeys.has(rule.name));
    if (clash)
      throw new CollabError(
        'usage',
        `approval_rules: the rule ${clash.name} of ${target.path} is named as collab names the any_approver rule's changes, which it could be taken for`,
        { hint: `rename the rule ${clash.name}, or the any_approver rule` },
      );
    for (const item of wanted.items) {
      const want = wantOf(item);
      // Unread (a project the plan makes, which protects its default branch itself): left to apply.
      if (live.approvalBranches)
        for (const branch of want.protected_branches ?? [])
          if (!protectable.has(branch))
            throw new CollabError(
              'not-found',
              `branch ${branch} is not protected in ${target.path} (approval rule ${item.name === undefined ? want.name : String(kept(item).name)})`,
              { hint: `protect it first: add it to protected_branches of ${target.path}, or name a protected branch` },
            );
      const existing = found.find((rule) => matches(item, rule));
      // Shown and sent as the plan keeps it: a name from a secret as its template, resolved when sent.
      const shown: RuleWant = item.name === undefined ? want : { ...want, name: String(kept(item).name) };
      if (!existing) {
        emit(keyOf(want), 'create', null, shown, { op: 'approval-rule-create', rule: shown });
        continue;
      }
      const current = liveWant(existing);
      const keys = (Object.keys(want) as (keyof RuleWant)[]).filter(
        (key) => !equal(comparable(key, current[key]), comparable(key, want[key])),
      );
      if (keys.length === 0) continue;
      if (keys.includes('rule_type')) {
        // PUT does not change a rule's type: the rule is made again, one change (one ID in the
        // plan and the journal) removing it, then making it.
        emit(
          keyOf(existing),
          'update',
          current,
          shown,
          { op: 'approval-rule-replace', ruleId: existing.id, rule: shown },
          true,
        );
        continue;
      }
      // Keyed by the live rule, which liveFields finds (a renamed any_approver rule's old name).
      emit(
        keyOf(existing),
        'update',
        Object.fromEntries(keys.map((key) => [key, current[key]])),
        Object.fromEntries(keys.map((key) => [key, shown[key]])),
        { op: 'approval-rule-update', ruleId: existing.id, rule: { ...current, ...shown }, known: knownIds(existing) },
      );
    }
    for (const existing of unlisted(wanted, found, matches))
      emit(
        keyOf(existing),
        'delete',
        liveWant(existing),
        null,
        { op: 'approval-rule-delete', ruleId: existing.id },
        true,
      );
  },
  liveFields: (key, live) => {
    const { name, any } = named(key);
    const rule = ruleNamed(live.approvalRules, name, any);
    return { approval_rule: rule ? { id: rule.id, ...liveWant(rule) } : null };
  },
  // The rule the change makes, by the name it gives it (a renamed any_approver rule's new one),
  // holding each field as the diff compares it.
  reached: (key, after, live) =>
    listReached(
      madeRule(key, after, live.approvalRules),
      after,
      (rule, field, wanted) =>
        field in LIVE_FIELDS &&
        equal(
          comparable(field as keyof RuleWant, liveWant(rule)[field as keyof RuleWant]),
          comparable(field as keyof RuleWant, wanted),
        ),
    ),
  ops: ['approval-rule-create', 'approval-rule-update', 'approval-rule-delete', 'approval-rule-replace'],
  send: async (spec, resolver) => {
    if (spec.op === 'approval-rule-delete') return [deleteApprovalRule(spec.ref, spec.ruleId)];
    const { rule } = spec;
    const known = spec.op === 'approval-rule-update' ? spec.known : {};
    const ids = (key: ListKey, names: string[], look: (name: string) => Promise<number>) =>
      Promise.all(names.map((name) => known[`${key}:${name}`] ?? look(name)));
    const body: ApprovalRuleBody = {
      name: withSecret(rule.name, resolver.secret),
      approvals_required: rule.approvals_required,
    };
    if (spec.op !== 'approval-rule-update') body.rule_type = rule.rule_type;
    if (rule.users) body.user_ids = await ids('users', rule.users, (name) => resolver.userId(name));
    if (rule.groups) body.group_ids = await ids('groups', rule.groups, (path) => resolver.groupId(path));
    if (rule.protected_branches)
      body.protected_branch_ids = await ids('protected_branches', rule.protected_branches, (name) =>
        resolver.protectedBranchId(spec.ref, name),
      );
    if (rule.applies_to_all_protected_branches !== undefined)
      body.applies_to_all_protected_branches = rule.applies_to_all_protected_branches;
    if (spec.op === 'approval-rule-replace')
      return [deleteApprovalRule(spec.ref, spec.ruleId), createApprovalRule(spec.ref, body)];
    return [
      spec.op === 'approval-rule-create'
        ? createApprovalRule(spec.ref, body)
        : updateApprovalRule(spec.ref, spec.ruleId, body),
    ];
  },
  export: ({ live }) => {
    const items = (live.approvalRules ?? []).map((rule) => {
      const want = liveWant(rule);
      const item: Item = { name: want.name, approvals_required: want.approvals_required };
      if (want.rule_type !== 'regular') item.rule_type = want.rule_type;
      // Approvers another client named on an any_approver rule change nothing, and the file refuses them.
      const keys = (Object.keys(LISTS) as ListKey[]).filter(
        (key) => want.rule_type !== 'any_approver' || key === 'protected_branches',
      );
      for (const key of keys) if ((want[key] ?? []).length > 0) item[key] = want[key];
      if (want.applies_to_all_protected_branches) item.applies_to_all_protected_branches = true;
      return item;
    });
    return items.length > 0 ? items : undefined;
  },
};

/**
 * The usernames (lower case) the file makes members of the groups above a project (`a/b/c`: a and
 * a/b); not one whose `expires_at` is before `today`, which members does not make.
 */
function membersAbove(planned: Planned, path: string, today: string): Set<string> {
  const names = new Set<string>();
  const parts = path.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    const group = planned('group', parts.slice(0, depth).join('/'));
    for (const member of listOf(group?.sections.members).items)
      if (member.username !== undefined && !expiryPassed(member.expires_at, today))
        names.add(String(member.username).toLowerCase());
  }
  return names;
}
