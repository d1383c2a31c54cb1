import { VISIBILITIES } from './groups.js';
import { PROJECT_NAME_RULE, PROJECT_PATH_RULE } from './projects.js';
import type { ParamSpec } from './types.js';

/**
 * Parameters of the project endpoints beside create/update/list (the projects API reference): fork,
 * starrers, users, groups, snapshot. The CLI's flags and the sandbox's validation both read these.
 * GET /projects/:id/forks takes the filters of starred_projects: STARRED_PROJECTS_PARAMS in projects.ts.
 */

/** POST /projects/:id/fork. `--namespace` is the CLI's own flag: it becomes namespace_id or namespace_path. */
export const FORK_PARAMS = [
  {
    name: 'name',
    type: 'string',
    description: 'name of the fork (default: the source project name)',
    rule: PROJECT_NAME_RULE,
  },
  {
    name: 'path',
    type: 'string',
    description: 'path of the fork (default: the source project path)',
    rule: PROJECT_PATH_RULE,
  },
  {
    name: 'visibility',
    type: 'string',
    choices: VISIBILITIES,
    description: 'visibility of the fork (default: the source visibility, capped by the target namespace)',
  },
  { name: 'description', type: 'string', description: 'description of the fork (default: the source description)' },
  {
    name: 'mr_default_target_self',
    type: 'boolean',
    description: 'merge requests of the fork target the fork itself rather than the upstream project',
  },
] as const satisfies readonly ParamSpec[];

/** The namespace of a fork, by the service's three names for it. */
export const FORK_NAMESPACE_PARAMS: readonly ParamSpec[] = [
  { name: 'namespace_id', type: 'integer', description: 'ID of the namespace to fork into' },
  { name: 'namespace_path', type: 'string', description: 'full path of the namespace to fork into' },
  {
    name: 'namespace',
    type: 'string',
    description: 'ID or path of the namespace to fork into',
    deprecated: 'use namespace_id or namespace_path',
  },
];

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
