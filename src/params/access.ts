/**
 * Access levels by name and number: accepted either way wherever a level is asked for. The roles
 * of `Gitlab::Access.all_values` (lib/gitlab/access.rb: Guest, Planner, Reporter, Developer,
 * Maintainer, Owner), lowest first. Every endpoint collab sends a role to takes Planner (15, in
 * GitLab 17.7 and later), so none keeps it out: members (doc/api/members.md @ec05f6eb, Roles;
 * invitations.md and access_requests.md @ec05f6eb list it too), shares with a group (groups.md
 * @ec05f6eb and projects.md, `group_access`: "The role (`access_level`)" of members.md#roles) and
 * LDAP group links (group_ldap_links.md @ec05f6eb, `group_access`: a role of members.md#roles),
 * which take Minimal Access as well (MINIMAL_ACCESS_NAMES).
 */
export const ACCESS_LEVELS = {
  guest: 10,
  planner: 15,
  reporter: 20,
  developer: 30,
  maintainer: 40,
  owner: 50,
} as const;

/**
 * Minimal Access (5) by name: a role of a group's members, and of an LDAP group link, which GitLab
 * checks against `Gitlab::Access.values_with_minimal_access` (ee/lib/api/ldap_group_links.rb
 * @7e9e1110, `group_access`; ee/lib/ee/gitlab/access.rb @26bdc029: the roles of `all_values` and
 * Minimal Access; neither holds No access, 0). Read at gitlab-org/gitlab's mirror
 * pavankalisetti009/gitlab; doc/api/group_ldap_links.md @1561d0c1 only links members.md#roles.
 */
export const MINIMAL_ACCESS_NAMES = { minimal: 5, minimal_access: 5 } as const;

/** The roles' names, lowest first, for help texts: "guest, planner, ..., owner". */
export function accessLevelWords(): string {
  return Object.keys(ACCESS_LEVELS).join(', ');
}

/** The roles by name and number, for errors: "guest (10), planner (15), ...". */
export function accessLevelNames(): string {
  return Object.entries(ACCESS_LEVELS)
    .map(([name, n]) => `${name} (${n})`)
    .join(', ');
}

/** 30 -> "developer", 5 -> "minimal" (a group's role); unknown numbers are shown as they are. */
export function accessLevelName(level: unknown): string {
  const found = [...Object.entries(ACCESS_LEVELS), ...Object.entries(MINIMAL_ACCESS_NAMES)].find(
    ([, n]) => n === level,
  );
  return found ? found[0] : level === null || level === undefined ? '' : String(level);
}

/**
 * GitLab's names of its roles by access level (doc/api/members.md, Roles; GraphQL's AccessLevel
 * `humanAccess`), for words addressed to a person: "the Maintainer role".
 */
export const ROLE_TITLES: Readonly<Record<number, string>> = {
  0: 'No access',
  5: 'Minimal Access',
  10: 'Guest',
  15: 'Planner',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};
