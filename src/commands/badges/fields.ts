import type { Owner } from '../../api/owner.js';
import { isCollabError, withHint } from '../../errors.js';
import type { Column, DetailField } from '../../output/format.js';
import { PRIORITY } from '../../output/format.js';

export const BADGE_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'NAME', path: 'name', text: true, priority: PRIORITY.identifying },
  { header: 'KIND', path: 'kind', choices: ['project', 'group'] },
  { header: 'LINK', path: 'rendered_link_url', text: true },
];

export const BADGE_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Name', path: 'name' },
  { label: 'Kind', path: 'kind' },
  { label: 'Link', path: 'link_url' },
  { label: 'Image', path: 'image_url' },
  { label: 'Rendered link', path: 'rendered_link_url' },
  { label: 'Rendered image', path: 'rendered_image_url' },
];

/** A group's badge in a project's list is changed and removed through its group: say so rather than name a role. */
export function badgeHint(error: unknown, owner: Owner, badgeId: number): unknown {
  if (!isCollabError(error) || error.status !== 403 || !/Group badge/i.test(error.message) || owner.kind !== 'project')
    return error;
  return withHint(
    error,
    `badge ${badgeId} belongs to a group above the project: use --group <group> (see \`collab badges view ${badgeId} --project ${owner.ref}\`)`,
  );
}
