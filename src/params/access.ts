/** Access levels by name and number: accepted either way wherever a level is asked for. */
export const ACCESS_LEVELS = {
  guest: 10,
  reporter: 20,
  developer: 30,
  maintainer: 40,
  owner: 50,
} as const;

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
