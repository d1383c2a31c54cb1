import type { ParamSpec } from './types.js';

/**
 * The members endpoints' parameters (GitLab's API v4 members: GET/POST/PUT/DELETE
 * /projects/:id/members and /groups/:id/members). The sandbox validates with these; the
 * commands name the same values in their flags.
 */
export const MEMBER_FILTERS: readonly ParamSpec[] = [
  { name: 'query', type: 'string', description: 'members whose username or name contains this text (or whose email is this text)' },
  { name: 'user_ids', type: 'integer-array', description: 'only these users' },
];

export const MEMBER_REMOVE_PARAMS: readonly ParamSpec[] = [
  { name: 'skip_subresources', type: 'boolean', description: 'keep the user’s direct memberships of the subgroups and projects below the group' },
  { name: 'unassign_issuables', type: 'boolean', description: 'unassign the user from the issues and merge requests of the group or project' },
];

/** Minimal access: a role only groups have (Premium); it reads nothing. */
export const MINIMAL_ACCESS_LEVEL = 5;
