import { urlRule } from './rules.js';
import type { ParamSpec } from './types.js';

/**
 * Both URLs are http or https with a host, placeholders standing for words: the Badge model's
 * `validates :link_url, :image_url, url: { protocols: %w(http https) }` (app/models/badge.rb,
 * gitlabhq/gitlabhq 013f7cd2), in the words of GitLab's URL validators.
 */
function badgeUrlRule(what: string) {
  return urlRule(what, ['http', 'https'], 'doc/api/project_badges.md; app/models/badge.rb (url)', {
    placeholders: true,
  });
}

/**
 * Badge fields of GitLab's project and group badges API (doc/api/project_badges.md, group_badges.md). Both
 * URLs may hold placeholders the service fills in per project: %{project_path}, %{project_id},
 * %{project_name}, %{project_title}, %{default_branch}, %{commit_sha}.
 */
export const BADGE_LINK_URL = {
  name: 'link_url',
  type: 'string',
  description: 'where the badge links to (placeholders such as %{project_path} allowed)',
  alias: 'link',
  rule: badgeUrlRule('badge link URL'),
} as const satisfies ParamSpec;

export const BADGE_IMAGE_URL = {
  name: 'image_url',
  type: 'string',
  description: 'the badge image (placeholders such as %{default_branch} allowed)',
  alias: 'image',
  rule: badgeUrlRule('badge image URL'),
} as const satisfies ParamSpec;

export const BADGE_PARAMS = [
  BADGE_LINK_URL,
  BADGE_IMAGE_URL,
  { name: 'name', type: 'string', description: 'the badge name' },
] as const satisfies readonly ParamSpec[];
