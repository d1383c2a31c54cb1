/**
 * GitLab's visibility levels, least visible first (Gitlab::VisibilityLevel: PRIVATE 0, INTERNAL 10,
 * PUBLIC 20). A project or subgroup may not be more visible than the group that holds it, nor a
 * group less visible than what it holds (Project#visibility_level_allowed_by_group,
 * Group#visibility_level_allowed_by_parent, _by_sub_groups, _by_projects).
 */
export const VISIBILITIES = ['private', 'internal', 'public'] as const;

export type Visibility = (typeof VISIBILITIES)[number];

export function moreVisible(a: Visibility, b: Visibility): boolean {
  return VISIBILITIES.indexOf(a) > VISIBILITIES.indexOf(b);
}
