import { REF_ACCESS_DESCRIPTIONS } from './protected-refs.js';
import type { ParamSpec } from './types.js';

/**
 * Protected environments of a project or group (doc/api/protected_environments.md @ec05f6eb,
 * group_protected_environments.md @8ea46daa): who may deploy, and who must approve, each entry
 * one of a role (ProtectedEnvironments::DeployAccessLevel::ALLOWED_ACCESS_LEVELS: 30, 40, 60), a
 * user or a group. A group protects deployment tiers, not environments.
 */
export const ENVIRONMENT_ROLES = { developer: 30, maintainer: 40, admin: 60 } as const;
export type EnvironmentRole = keyof typeof ENVIRONMENT_ROLES;

/** The deployment tiers a group's protected environment is named by. */
export const DEPLOYMENT_TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;

/**
 * A group entry's group_inheritance_type (ProtectedEnvironments::Authorizable::GROUP_INHERITANCE_TYPE):
 * who of the group counts, its direct members only (0, the default), or its inherited members too
 * (1: "all inherited groups", doc/api/protected_environments.md, deploy_access_levels and
 * approval_rules). The flags name them by word, the service by number.
 */
export const GROUP_INHERITANCE = { direct: 0, inherited: 1 } as const;
export type GroupInheritance = keyof typeof GROUP_INHERITANCE;
export const GROUP_INHERITANCE_TYPES = Object.values(GROUP_INHERITANCE);

/** A group entry's group_inheritance_type (doc/api/protected_environments.md): 0 by default. */
export const GROUP_INHERITANCE_PARAM: ParamSpec = {
  name: 'group_inheritance_type',
  type: 'integer',
  description: "0: the group's direct members alone (the default); 1: its members through inherited groups too",
  rule: {
    what: 'group inheritance type',
    source: 'doc/api/protected_environments.md (group_inheritance_type); ProtectedEnvironments::Authorizable',
    integer: { min: GROUP_INHERITANCE.direct, max: GROUP_INHERITANCE.inherited },
  },
};

/** What an entry's `access_level_description` says of a role (the protected refs' words: the same model concern). */
export const environmentRoleDescription = (level: number): string => REF_ACCESS_DESCRIPTIONS[level] ?? String(level);

/** 40 -> "maintainer"; a level without a name is its number. */
export function environmentRoleName(level: unknown): string {
  const found = Object.entries(ENVIRONMENT_ROLES).find(([, n]) => n === level);
  return found ? found[0] : String(level);
}

/** An approval rule's required_approvals: at least one. */
export const MIN_REQUIRED_APPROVALS = 1;

/**
 * The two lists of an environment as the flags and collab.yaml name them: who may deploy
 * (`deploy_access_levels`) and who must approve (`approval_rules`), each entry a role by name,
 * a user by username or a group by full path. The flags of `collab protected-environments` are
 * made from this table: `--deploy-role`, `--deploy-user`, `--deploy-group`, `--approver-role`...
 */
export const ENVIRONMENT_LISTS = {
  deploy: { field: 'deploy_access_levels', who: 'may deploy', approval: false },
  approver: { field: 'approval_rules', who: 'must approve a deployment', approval: true },
} as const;
export type EnvironmentList = keyof typeof ENVIRONMENT_LISTS;

export const ENVIRONMENT_ENTRY_KINDS = {
  role: { value: '<role>', says: 'a role: developer, maintainer or admin' },
  user: { value: '<username>', says: 'a user with access to it, by username' },
  group: { value: '<path>', says: 'a group by full path (a project’s: shared with it; a group’s: a subgroup)' },
} as const;
export type EnvironmentEntryKind = keyof typeof ENVIRONMENT_ENTRY_KINDS;

/** `maintainer` or `40` -> its name; else the problem, in words naming what is accepted. */
export function environmentRole(value: string): EnvironmentRole | undefined {
  const key = value.trim().toLowerCase();
  if (Object.hasOwn(ENVIRONMENT_ROLES, key)) return key as EnvironmentRole;
  const named = Object.entries(ENVIRONMENT_ROLES).find(([, n]) => String(n) === key);
  return named ? (named[0] as EnvironmentRole) : undefined;
}

export const ENVIRONMENT_ROLE_CHOICES = Object.keys(ENVIRONMENT_ROLES) as EnvironmentRole[];
