import type { ParamSpec } from './types.js';

/**
 * Parameters of what is read of a project beside its own record (the projects API reference):
 * its starrers, users and groups, and its repository's snapshot. The CLI's flags and the
 * sandbox's validation both read these.
 */

/** GET /projects/:id/starrers */
export const STARRER_FILTERS = [
  { name: 'search', type: 'string', description: 'only users whose username or name contains this text' },
] as const satisfies readonly ParamSpec[];

/** GET /projects/:id/users */
export const PROJECT_USER_FILTERS = [
  { name: 'search', type: 'string', description: 'only users whose username or name contains this text' },
  { name: 'skip_users', type: 'integer-array', description: 'leave out these user IDs (comma-separated)' },
] as const satisfies readonly ParamSpec[];

/** GET /projects/:id/groups */
export const PROJECT_GROUP_FILTERS = [
  { name: 'search', type: 'string', description: 'only groups whose name or path contains this text' },
  { name: 'with_shared', type: 'boolean', description: 'also the groups the project is shared with' },
  {
    name: 'shared_min_access_level',
    type: 'access-level',
    description: 'with --with-shared: only shares granting at least this role',
  },
  { name: 'shared_visible_only', type: 'boolean', description: 'with --with-shared: only shared groups you can see' },
  { name: 'skip_groups', type: 'integer-array', description: 'leave out these group IDs (comma-separated)' },
] as const satisfies readonly ParamSpec[];

/** GET /projects/:id/snapshot */
export const SNAPSHOT_PARAMS: readonly ParamSpec[] = [
  { name: 'wiki', type: 'boolean', description: 'the wiki repository instead of the project repository' },
];
