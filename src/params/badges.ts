import type { ParamSpec } from './types.js';

/**
 * Badge fields of GitLab's project and group badges API (doc/api/project_badges.md, group_badges.md). Both
 * URLs may hold placeholders the service fills in per project: %{project_path}, %{project_id},
 * %{project_name}, %{project_title}, %{default_branch}, %{commit_sha}.
 */
export const BADGE_PARAMS = [
  {
    name: 'link_url',
    type: 'string',
    description: 'where the badge links to (placeholders such as %{project_path} allowed)',
    alias: 'link',
  },
  {
    name: 'image_url',
    type: 'string',
    description: 'the badge image (placeholders such as %{default_branch} allowed)',
    alias: 'image',
  },
  { name: 'name', type: 'string', description: 'the badge name' },
] as const satisfies readonly ParamSpec[];
