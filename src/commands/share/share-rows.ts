import type { SharedWithGroup } from '../../api/shares.js';
import { type Column, type DetailField, PRIORITY } from '../../output/format.js';
import { ACCESS_LEVELS, accessLevelName } from '../../params/access.js';

/** The shares of a project or group: read from its record, and printed. */

export const SHARE_COLUMNS: readonly Column[] = [
  { header: 'GROUP ID', path: 'group_id' },
  { header: 'GROUP', path: 'group_full_path', priority: PRIORITY.identifying },
  {
    header: 'ACCESS',
    path: 'group_access_level',
    format: (value) => accessLevelName(value),
    choices: Object.keys(ACCESS_LEVELS),
  },
  { header: 'EXPIRES', path: 'expires_at', none: 'never' },
];

export const SHARE_DETAIL: readonly DetailField[] = [
  { label: 'Group ID', path: 'group_id' },
  { label: 'Group', path: 'group_full_path' },
  { label: 'Access', path: 'group_access_level', format: (value) => accessLevelName(value) },
  { label: 'Expires', path: 'expires_at', none: 'never' },
];

export function sharesOf(ownerRecord: unknown): SharedWithGroup[] {
  const shares = (ownerRecord as { shared_with_groups?: unknown } | null)?.shared_with_groups;
  // Entries that are not objects (a null from a broken proxy) would print as `null` rows: left out.
  return Array.isArray(shares)
    ? (shares.filter((share) => typeof share === 'object' && share !== null) as SharedWithGroup[])
    : [];
}
