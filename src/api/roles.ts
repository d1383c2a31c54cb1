import { ACCESS_LEVELS, ROLE_TITLES } from '../params/access.js';
import type { Owner } from './owner.js';

/**
 * Who may send a request, in the words of the service's API reference (its "Authentication"
 * sections: "Owners and administrators: update, removal, push rules, LDAP sync"; "Administrators
 * only: create for user, snapshot download, storage path"; "Owners and administrators: archive,
 * unarchive, fork relationship changes"; a project's transfer into a group is for administrators),
 * and GitLab's for CI/CD variables and badges (a project's Maintainers, a group's Owners), labels
 * (Planners, Reporters and above), reading approval rules and pipeline schedules (Reporters: a
 * role keeps one out only of a private project's rules, or of schedules whose pipelines are not
 * public) and a project's removal (Owners).
 * A descriptor names one as `requires`, and a 403 then says who may, the role that takes and the
 * caller's own where collab knows it (`refusedHint`). Written once here so that the words agree
 * wherever a role is named.
 */
export const ROLES = {
  administrators: 'administrators',
  owners: 'owners and administrators',
  maintainers: 'maintainers, owners and administrators',
  reporters: 'members with the Reporter role or above, and administrators',
  /** Labels: the Planner role has admin_label of its own, below Reporter (app/policies/project_policy.rb). */
  planners: 'members with the Planner role or above, and administrators',
  developers: 'members with the Developer role or above, and administrators',
  /**
   * Playing a schedule: create_pipeline, a Developer's, and a ref the caller may update
   * (app/policies/ci/pipeline_schedule_policy.rb's `protected_ref`): so a Developer is refused
   * on a branch only Maintainers push and merge to.
   */
  schedulePlayers:
    'members with the Developer role or above who may push or merge to the schedule’s branch (or create its tag), and administrators',
  /**
   * A pipeline schedule is changed by its owner alone (doc/api/pipeline_schedules.md: take ownership
   * first), on a ref they may update, as it is played (`protected_ref` prevents update_pipeline_schedule too).
   */
  scheduleOwner:
    'the schedule’s owner, on a branch they may push or merge to or a tag they may create (a maintainer takes ownership first: `collab schedules take-ownership`)',
} as const;

/** A project's Maintainers, a group's Owners: who may read or change a project's or group's CI/CD variables and badges. */
export function ownerAdminRole(owner: Owner): string {
  return owner.kind === 'project' ? ROLES.maintainers : ROLES.owners;
}

/** The least role each of ROLES takes, where one role does (administrators alone, or a schedule's owner, take none). */
const LEAST_ROLE: Readonly<Record<string, number>> = {
  [ROLES.owners]: ACCESS_LEVELS.owner,
  [ROLES.maintainers]: ACCESS_LEVELS.maintainer,
  [ROLES.developers]: ACCESS_LEVELS.developer,
  [ROLES.schedulePlayers]: ACCESS_LEVELS.developer,
  [ROLES.reporters]: ACCESS_LEVELS.reporter,
  [ROLES.planners]: ACCESS_LEVELS.planner,
};

const roleName = (level: number) => ROLE_TITLES[level] ?? `access level ${level}`;

/**
 * A refused request's hint (a 403 of a request that names who may send it): who may, the role it
 * takes, and the caller's own role where collab knows it (`yours`: a project's `permissions`).
 * A caller who holds that role was refused by the rest of `requires` (a schedule's protected
 * branch), so the role is not named as what they lack. The one place these words are decided.
 */
export function refusedHint(requires: string, yours?: number): string {
  const least = LEAST_ROLE[requires];
  if (least === undefined) return `only ${requires} may do this: ask one of them, or check your role`;
  const role = `it needs the ${roleName(least)} role`;
  if (yours === undefined) return `only ${requires} may do this: ${role}; ask one of them, or check your role`;
  return yours >= least
    ? `only ${requires} may do this (you are ${roleName(yours)}); ask one of them`
    : `only ${requires} may do this: ${role} (you are ${roleName(yours)}); ask one of them`;
}

/**
 * The caller's role in a project, from the `permissions` of its GET (GitLab shows the caller's own
 * membership of the project and of its group there: doc/api/projects.md, Get a single project):
 * the higher of the two; undefined where neither is shown (a role through a share, or none).
 */
export function projectRole(project: unknown): number | undefined {
  const permissions = (project as { permissions?: Record<string, { access_level?: unknown } | null> } | null)
    ?.permissions;
  const levels = [permissions?.project_access?.access_level, permissions?.group_access?.access_level].filter(
    (level): level is number => typeof level === 'number',
  );
  return levels.length > 0 ? Math.max(...levels) : undefined;
}
