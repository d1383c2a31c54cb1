import { REF_ACCESS_DESCRIPTIONS } from './protected-refs.js';

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

/** ProtectedEnvironments::Authorizable::GROUP_INHERITANCE_TYPE: direct membership only, or every inherited group. */
export const GROUP_INHERITANCE_TYPES = [0, 1] as const;

/** What an entry's `access_level_description` says of a role (the protected refs' words: the same model concern). */
export const environmentRoleDescription = (level: number): string => REF_ACCESS_DESCRIPTIONS[level] ?? String(level);

/** 40 -> "maintainer"; a level without a name is its number. */
export function environmentRoleName(level: unknown): string {
  const found = Object.entries(ENVIRONMENT_ROLES).find(([, n]) => n === level);
  return found ? found[0] : String(level);
}

/** An approval rule's required_approvals: at least one. */
export const MIN_REQUIRED_APPROVALS = 1;
