import { boolean, enum as oneOf, literal, optional, strictObject, union, type ZodMiniType } from 'zod/mini';
import { ROLES as API_ROLES } from '../../api/roles.js';
import {
  accessEdits,
  type BranchRoles,
  getProtectedRef,
  type ProtectedBranch,
  protectedRefsPath,
  protectRef,
  roleEntries,
  unprotectRef,
  updateProtectedBranch,
} from '../../api/protected-refs.js';
import {
  PROTECTED_BRANCH_NAME,
  PROTECTED_BRANCHES_LISTED,
  REF_ACCESS_CHOICES,
  REF_ACCESS_LEVELS,
  type RefAccessKind,
  type RefAccessName,
  refAccessName,
} from '../../params/protected-refs.js';
import { findResource } from '../../api/recover.js';
import { CollabError } from '../../errors.js';
import { equal, isItem, listOf, listSchema, paramSchema, unlisted, withSecret } from './common.js';
import { gidNumber, isFlag, isNode, isText, wholeNodes } from './graphql-nodes.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/**
 * `protected_branches`: a project's protected branches by name or wildcard (`main`, `release/*`),
 * one list a project, read with one GET. Roles are the commands' names (no-one, developer,
 * maintainer, admin) or the service's numbers; a field the file leaves out is not compared, and a
 * new protection gets the service's default (maintainer, off). A changed role is a PATCH of the
 * access entries (read with the list, so a saved plan carries their IDs).
 */

declare module '../model.js' {
  interface LiveTarget {
    protectedBranches?: ProtectedBranch[];
    /** The REST list held as many as GitLab lists (PROTECTED_BRANCHES_LISTED): there may be more. */
    protectedBranchesCut?: boolean;
  }
}

/** A role as the file writes it, among the levels this kind of access takes. */
export function refRoleSchema(kind: RefAccessKind): ZodMiniType {
  const levels: readonly number[] = REF_ACCESS_CHOICES[kind];
  const names = levels.map((level) => refAccessName(level)) as [string, ...string[]];
  return union([oneOf(names), ...levels.map((level) => literal(level))]);
}

/** A role of the file -> the service's level. */
export const refLevel = (value: unknown): number =>
  typeof value === 'number' ? value : REF_ACCESS_LEVELS[value as RefAccessName];

/** What one kind of access is on the service, as the file would say it: the role's name, or the names joined when there are several entries. */
export function liveRole(levels: unknown): string | null {
  const roles = roleEntries(levels);
  return roles.length === 0 ? null : roles.map((entry) => refAccessName(entry.access_level)).join(',');
}

const ROLES = { push_access_level: 'push', merge_access_level: 'merge', unprotect_access_level: 'unprotect' } as const;
const FLAGS = ['allow_force_push', 'code_owner_approval_required'] as const;

type ProtectedBranchSpec = OnTarget &
  (
    | { op: 'protected-branch-create'; body: Body & { name: string } }
    | { op: 'protected-branch-update'; name: string; body: Body }
    | { op: 'protected-branch-delete'; name: string }
  );

/** The file's fields that differ from the live protection, before and after, as the file says them. */
function differences(
  wanted: Item,
  existing: ProtectedBranch,
): { before: Item; after: Item; roles: BranchRoles; flags: Body } {
  const before: Item = {};
  const after: Item = {};
  const roles: BranchRoles = {};
  const flags: Body = {};
  for (const [field, kind] of Object.entries(ROLES)) {
    if (wanted[field] === undefined) continue;
    const level = refLevel(wanted[field]);
    const live = liveRole(existing[`${kind}_access_levels`]);
    if (live === refAccessName(level)) continue;
    before[field] = live;
    after[field] = refAccessName(level);
    roles[kind] = level;
  }
  for (const field of FLAGS) {
    if (wanted[field] === undefined || equal(existing[field] ?? false, wanted[field])) continue;
    before[field] = existing[field] ?? false;
    after[field] = wanted[field];
    flags[field] = wanted[field];
  }
  return { before, after, roles, flags };
}

/** A new protection's body: the name, each role given as its level, the rules given. */
function createBody(item: Item): Body & { name: string } {
  const body: Body & { name: string } = { name: String(item.name) };
  for (const field of Object.keys(ROLES)) if (item[field] !== undefined) body[field] = refLevel(item[field]);
  for (const field of FLAGS) if (item[field] !== undefined) body[field] = item[field];
  return body;
}

/** The file's words for a new protection: roles by name. */
const shown = (body: Body): Item =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, key in ROLES ? refAccessName(value) : value]));

export const protectedBranches: Section<ProtectedBranchSpec> = {
  name: 'protected_branches',
  kinds: ['project'],
  noun: 'protected branch',
  identity: 'name',
  schema: () =>
    listSchema(
      strictObject({
        name: paramSchema(PROTECTED_BRANCH_NAME),
        push_access_level: optional(refRoleSchema('push')),
        merge_access_level: optional(refRoleSchema('merge')),
        unprotect_access_level: optional(refRoleSchema('unprotect')),
        allow_force_push: optional(boolean()),
        code_owner_approval_required: optional(boolean()),
      }),
    ),
  read: {
    none: (live) => void (live.protectedBranches = []),
    target: async (reader, live, resource, value) => {
      const project = Number(resource.id);
      const listed = (await reader.list(protectedRefsPath(project, 'branch'), {}, API_ROLES.maintainers)).filter(
        isNamed,
      ) as ProtectedBranch[];
      live.protectedBranches = listed;
      live.protectedBranchesCut = listed.length >= PROTECTED_BRANCHES_LISTED;
      if (!live.protectedBranchesCut || value === undefined) return;
      // The list stops there: each branch the file names that it lacks is asked for by name, so that
      // one protected already is changed, not made again (409).
      const lacking = listOf(value)
        .items.map((item) => String(item.name))
        .filter((name) => !listed.some((branch) => branch.name === name));
      const found = await Promise.all(
        lacking.map((name) => findResource<ProtectedBranch>(reader.client, getProtectedRef(project, 'branch', name))),
      );
      live.protectedBranches = [
        ...listed,
        ...found.filter((branch): branch is ProtectedBranch => branch !== undefined),
      ];
    },
  },
  graphql: {
    kinds: ['project'],
    /**
     * The project's branch rules with whether the caller administers it: GitLab drops from the
     * connection, silently, each rule the caller may not read (BranchRuleType authorizes
     * read_protected_branch, Maintainers': app/graphql/types/projects/branch_rule_type.rb @118083ac;
     * doc/development/graphql_guide/authorization.md), where REST answers 403; an empty list is
     * only taken from a Maintainer. Read whole, a page of 100 (REST's list holds no more:
     * app/finders/protected_branches_finder.rb @71786ddc, LIMIT).
     */
    connection: () => ({
      fields: `protectedBranchesAccess: userPermissions { adminProject } protectedBranches: branchRules(first: 100) { nodes { name branchProtection { allowForcePush codeOwnerApprovalRequired ${ACCESS_CONNECTIONS.map(
        ([field, deployKeys]) =>
          `${field} { nodes { accessLevel user { id } group { id }${deployKeys ? ' deployKey { id }' : ''} } }`,
      ).join(' ')} } } pageInfo { hasNextPage } }`,
    }),
    // Who may unprotect is not in GraphQL: a file that says it is read by REST.
    usable: (value) => !listOf(value).items.some((item) => item.unprotect_access_level !== undefined),
    fill: (live, [project]) => {
      const rules = project?.protectedBranches;
      const access = project?.protectedBranchesAccess;
      if (!isNode(access) || access.adminProject !== true || !isNode(rules) || !Array.isArray(rules.nodes))
        return false;
      if (!isNode(rules.pageInfo) || rules.pageInfo.hasNextPage !== false)
        return isNode(rules.pageInfo) && rules.pageInfo.hasNextPage === true
          ? `holds more than ${PROTECTED_BRANCHES_LISTED} branch rules of a project, a page's worth`
          : false;
      const found: ProtectedBranch[] = [];
      for (const node of rules.nodes as unknown[]) {
        if (!isNode(node)) return false;
        // A rule without a protection (GitLab's "All branches") protects nothing: REST lists no such branch.
        if (node.branchProtection === null) continue;
        const branch = branchOf(node);
        if (!branch) return false;
        found.push(branch);
      }
      live.protectedBranches = found;
      return true;
    },
  },
  diff: ({ value, live, target, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.protectedBranches ?? [];
    // Under enforce, the branches beyond the list would be left protected while the plan said all else goes.
    if (wanted.enforce && live.protectedBranchesCut)
      throw new CollabError(
        'usage',
        `protected_branches: ${target.kind} ${target.path} has at least ${PROTECTED_BRANCHES_LISTED} protected branches, as many as GitLab lists: enforce cannot see the others to remove them`,
        { hint: 'leave enforce out for this project, or unprotect some first (collab protected-branches delete)' },
      );
    for (const item of wanted.items) {
      const name = String(item.name);
      // Shown and sent as the plan keeps it: a name from a secret as its template, resolved when sent.
      const written = String(kept(item).name);
      const existing = found.find((branch) => branch.name === name);
      if (!existing) {
        const body = { ...createBody(item), name: written };
        emit(name, 'create', null, shown(body), { op: 'protected-branch-create', body });
        continue;
      }
      const { before, after, roles, flags } = differences(item, existing);
      if (Object.keys(after).length === 0) continue;
      emit(name, 'update', before, after, {
        op: 'protected-branch-update',
        name: written,
        body: { ...accessEdits(existing, roles), ...flags },
      });
    }
    for (const existing of unlisted(wanted, found, (item, branch) => item.name === branch.name)) {
      emit(
        existing.name,
        'delete',
        { name: existing.name },
        null,
        { op: 'protected-branch-delete', name: existing.name },
        true,
      );
    }
  },
  liveFields: (key, live) => ({
    protected_branch: live.protectedBranches?.find((branch) => branch.name === key) ?? null,
  }),
  // A new protection's `after` names the branch and the fields its body sets; an update's the
  // fields it changes: made when the live protection differs in none of them.
  reached: (name, after, live) => {
    const branch = live.protectedBranches?.find((each) => each.name === name);
    if (after === null) return branch === undefined;
    return branch !== undefined && isItem(after) && Object.keys(differences(after, branch).after).length === 0;
  },
  // A role's change replaces that kind's access entries (new IDs); the others stay as they were.
  updates: (_name, after) =>
    isItem(after)
      ? Object.keys(after).map((field) =>
          field in ROLES ? `${ROLES[field as keyof typeof ROLES]}_access_levels` : field,
        )
      : undefined,
  ops: ['protected-branch-create', 'protected-branch-update', 'protected-branch-delete'],
  send: async (spec, resolver) => {
    switch (spec.op) {
      case 'protected-branch-create':
        return [protectRef(spec.ref, 'branch', { ...spec.body, name: withSecret(spec.body.name, resolver.secret) })];
      case 'protected-branch-update':
        return [updateProtectedBranch(spec.ref, withSecret(spec.name, resolver.secret), spec.body)];
      case 'protected-branch-delete':
        return [unprotectRef(spec.ref, 'branch', spec.name)];
    }
  },
  export: ({ live }) => {
    const items = (live.protectedBranches ?? []).map((branch) => {
      const item: Item = { name: branch.name };
      for (const [field, kind] of Object.entries(ROLES)) {
        const role = liveRole(branch[`${kind}_access_levels`]);
        // The service's default needs no word; several entries (or none) are no one role the file could name.
        if (role !== null && role !== 'maintainer' && !role.includes(',')) item[field] = role;
      }
      for (const field of FLAGS) if (branch[field] === true) item[field] = true;
      return item;
    });
    return items.length > 0 ? items : undefined;
  },
};

export const isNamed = (item: Item): boolean => isItem(item) && typeof item.name === 'string';

/**
 * BranchProtection's access connections -> the REST fields; only push entries may be a deploy
 * key's. GraphQL has no unprotect entries (doc/api/graphql/reference/_index.md, BranchProtection).
 */
const ACCESS_CONNECTIONS = [
  ['pushAccessLevels', true, 'push_access_levels'],
  ['mergeAccessLevels', false, 'merge_access_levels'],
] as const;

/**
 * AccessLevelDeployKey's `id` is a plain ID, the record's (`field :id, GraphQL::Types::ID`:
 * app/graphql/types/access_levels/deploy_key_type.rb @db384e6b, gitlabhq/gitlabhq), not a global one; either is taken
 * (an AccessLevelUser's or AccessLevelGroup's too).
 */
const keyId = (id: unknown) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : gidNumber(id));

/**
 * A branch rule as the REST list shows what the diff compares: each access entry's level (a
 * deploy key's marked as such). The entries' IDs are not in GraphQL: a change is planned from the
 * REST read (GraphqlRead), never from these.
 */
function branchOf(node: Item): ProtectedBranch | undefined {
  const protection = node.branchProtection;
  if (!isText(node.name) || !isNode(protection)) return undefined;
  if (!isFlag(protection.allowForcePush) || !isFlag(protection.codeOwnerApprovalRequired)) return undefined;
  const branch: Item = { name: node.name };
  for (const [field, , rest] of ACCESS_CONNECTIONS) {
    const entries = wholeNodes(protection[field]);
    if (!entries) return undefined;
    const levels: Item[] = [];
    for (const entry of entries) {
      if (typeof entry.accessLevel !== 'number') return undefined;
      const key = isNode(entry.deployKey) ? keyId(entry.deployKey.id) : null;
      // A user's or a group's entry, which names no role (roleEntries), by its user's or group's ID.
      const user = isNode(entry.user) ? keyId(entry.user.id) : null;
      const group = isNode(entry.group) ? keyId(entry.group.id) : null;
      if (key === undefined || user === undefined || group === undefined) return undefined;
      levels.push({
        access_level: entry.accessLevel,
        ...(key === null ? {} : { deploy_key_id: key }),
        ...(user === null ? {} : { user_id: user }),
        ...(group === null ? {} : { group_id: group }),
      });
    }
    branch[rest] = levels;
  }
  branch.allow_force_push = protection.allowForcePush;
  branch.code_owner_approval_required = protection.codeOwnerApprovalRequired;
  // Without the entries' IDs, which only the REST read has (and a change takes from it).
  return branch as ProtectedBranch;
}
