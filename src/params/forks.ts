import { VISIBILITIES } from './visibility.js';
import { PROJECT_NAME_RULE, PROJECT_PATH_RULE } from './projects.js';
import type { ParamSpec } from './types.js';

/**
 * Parameters of a project's fork (the projects API reference). The CLI's flags and the sandbox's
 * validation both read these. GET /projects/:id/forks takes the filters of starred_projects:
 * STARRED_PROJECTS_PARAMS in projects.ts.
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
