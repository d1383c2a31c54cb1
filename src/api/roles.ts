import type { Owner } from './owner.js';

/**
 * Who may send a request, in the words of the service's API reference (its "Authentication"
 * sections: "Owners and administrators: update, removal, push rules, LDAP sync"; "Administrators
 * only: create for user, snapshot download, storage path"; "Owners and administrators: archive,
 * unarchive, fork relationship changes"; a project's transfer into a group is for administrators),
 * and GitLab's for CI/CD variables and badges (a project's Maintainers, a group's Owners) and labels
 * (Reporters).
 * A descriptor names one as `requires`, and a 403 then says who may (src/http/service-error.ts).
 * Written once here so that the words agree wherever a role is named.
 */
export const ROLES = {
  administrators: 'administrators',
  owners: 'owners and administrators',
  maintainers: 'maintainers, owners and administrators',
  reporters: 'members with the Reporter role or above, and administrators',
  developers: 'members with the Developer role or above, and administrators',
  /** A pipeline schedule is changed by its owner alone (doc/api/pipeline_schedules.md: take ownership first). */
  scheduleOwner: 'the schedule’s owner (a maintainer takes ownership first: `collab schedules take-ownership`)',
} as const;

/** A project's Maintainers, a group's Owners: who may read or change a project's or group's CI/CD variables and badges. */
export function ownerAdminRole(owner: Owner): string {
  return owner.kind === 'project' ? ROLES.maintainers : ROLES.owners;
}
