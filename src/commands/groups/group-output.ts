import type { GroupRecord } from '../../api/groups.js';
import type { Context } from '../../context.js';
import { type Column, cellText } from '../../output/format.js';
import type { DetailField } from '../../output/writer.js';
import { accessLevelName } from '../../params/access.js';
import { GROUP_SETTINGS } from '../../params/groups.js';
import { redactSecretFields } from '../../util/secrets.js';

/** How the groups commands print: the columns of their lists, and one group's summary. */

export const GROUP_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'FULL PATH', path: 'full_path' },
  { header: 'NAME', path: 'name' },
  { header: 'VISIBILITY', path: 'visibility' },
  { header: 'DESCRIPTION', path: 'description' },
];

export const PROJECT_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'path_with_namespace' },
  { header: 'NAME', path: 'name' },
  { header: 'VISIBILITY', path: 'visibility' },
  { header: 'LAST ACTIVITY', path: 'last_activity_at' },
];

export const PROVISIONED_USER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username' },
  { header: 'NAME', path: 'name' },
  { header: 'STATE', path: 'state' },
  { header: 'EMAIL', path: 'email' },
  { header: 'CREATED', path: 'created_at' },
];

export const LDAP_LINK_COLUMNS: readonly Column[] = [
  { header: 'CN', path: 'cn' },
  { header: 'FILTER', path: 'filter' },
  { header: 'PROVIDER', path: 'provider' },
  { header: 'ACCESS', path: 'group_access', format: (value) => accessLevelName(value) },
];

/** Settings shown in a group's summary: those of the settings table that are not already a line of their own. */
const SUMMARY_SETTINGS = GROUP_SETTINGS.filter((s) => !['name', 'path', 'description', 'visibility', 'parent_id', 'avatar'].includes(s.name)).map((s) => s.name);

/** The parent's full path, from the group's own; empty when the service left full_path out. */
function parentPath(group: GroupRecord): string {
  const fullPath = typeof group.full_path === 'string' ? group.full_path : '';
  const at = fullPath.lastIndexOf('/');
  return at > 0 ? fullPath.slice(0, at) : '';
}

/** One entry of shared_with_groups for people: `grp/ops (developer, until 2026-01-31)`; missing fields are left out. */
function shareText(share: { group_id?: number; group_full_path?: string; group_access_level?: number; expires_at?: string | null }): string {
  const group = share.group_full_path ?? (share.group_id !== undefined ? `group ${share.group_id}` : '(unknown group)');
  const terms = [accessLevelName(share.group_access_level), share.expires_at ? `until ${share.expires_at}` : ''].filter(Boolean);
  return terms.length ? `${group} (${terms.join(', ')})` : group;
}

function projectPaths(value: unknown): string {
  const list = Array.isArray(value) ? (value.filter((project) => typeof project === 'object' && project !== null) as Array<{ id?: number; path_with_namespace?: string }>) : [];
  return list.length ? list.map((p) => p.path_with_namespace ?? (p.id !== undefined ? `project ${p.id}` : '(unknown project)')).join(', ') : 'none';
}

/** The summary of `groups view` (and of what create, update, restore and transfer return) on a terminal. */
export function groupDetail(group: GroupRecord, options: { withProjects?: boolean } = {}): DetailField[] {
  const fields: DetailField[] = [
    { label: 'Full path', path: 'full_path' },
    { label: 'Name', path: 'name' },
    { label: 'ID', path: 'id' },
    { label: 'Visibility', path: 'visibility' },
    { label: 'Parent', path: 'parent_id', format: (id) => (id === null || id === undefined ? 'none (top-level group)' : [parentPath(group), `(id ${String(id)})`].filter(Boolean).join(' ')) },
    { label: 'Description', path: 'description' },
    { label: 'Web URL', path: 'web_url' },
    { label: 'Created', path: 'created_at' },
    {
      label: 'Marked for deletion',
      path: 'marked_for_deletion_on',
      format: (date) => (date ? `yes: to be removed on ${String(date)} (undo with \`collab groups restore ${group.full_path ?? group.id}\`)` : 'no'),
    },
    {
      label: 'Shared with groups',
      path: 'shared_with_groups',
      format: (value) => {
        const shares = Array.isArray(value) ? value.filter((share) => typeof share === 'object' && share !== null) : [];
        if (shares.length === 0) return 'none';
        return shares.map(shareText).join(', ');
      },
    },
  ];
  // null: the setting follows the instance (or, for booleans, is off).
  for (const name of SUMMARY_SETTINGS) if (name in group) fields.push({ label: name, path: name, format: (value) => (value === null ? '(default)' : cellText(value)) });
  if (options.withProjects) {
    fields.push({ label: 'Projects', path: 'projects', format: projectPaths }, { label: 'Shared projects', path: 'shared_projects', format: projectPaths });
  }
  return fields;
}

/**
 * Prints a group. The runners registration token that owners are sent is a secret: it is never
 * printed (read it with `collab api groups/<id>` when it is really wanted).
 */
export async function printGroup(ctx: Context, group: GroupRecord, options: { withProjects?: boolean } = {}): Promise<void> {
  const redacted = redactSecretFields(group);
  for (const secret of redacted.secrets) ctx.addSecret(secret);
  let shown: GroupRecord = redacted.shown;
  if (!options.withProjects) {
    const { projects: _projects, shared_projects: _shared, ...rest } = shown;
    shown = rest as GroupRecord;
  }
  await ctx.printResource(shown, { columns: GROUP_COLUMNS, detail: groupDetail(shown, options) });
}

