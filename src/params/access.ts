/**
 * Access levels by name and number: accepted either way wherever a level is asked for. The roles
 * of `Gitlab::Access.all_values` (lib/gitlab/access.rb: Guest, Planner, Reporter, Developer,
 * Maintainer, Owner), lowest first. Every endpoint collab sends a role to takes Planner (15, in
 * GitLab 17.7 and later), so none keeps it out: members (doc/api/members.md @ec05f6eb, Roles;
 * invitations.md and access_requests.md @ec05f6eb list it too), shares with a group (groups.md
 * @ec05f6eb and projects.md, `group_access`: "The role (`access_level`)" of members.md#roles) and
 * LDAP group links (group_ldap_links.md @ec05f6eb, `group_access`: a role of members.md#roles).
 */
export const ACCESS_LEVELS = {
  guest: 10,
  planner: 15,
  reporter: 20,
  developer: 30,
  maintainer: 40,
  owner: 50,
} as const;

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

/** 30 -> "developer"; unknown numbers are shown as they are. */
export function accessLevelName(level: unknown): string {
  const found = Object.entries(ACCESS_LEVELS).find(([, n]) => n === level);
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
