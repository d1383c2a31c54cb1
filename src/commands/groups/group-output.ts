import { removalDate } from '../../api/deletion.js';
import type { GroupRecord } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import {
  type Column,
  cellText,
  type DetailField,
  VISIBILITIES,
  visibilityTone,
  yesNo,
  PRIORITY,
} from '../../output/format.js';
import { ACCESS_LEVELS, accessLevelName } from '../../params/access.js';
import { GROUP_SETTINGS } from '../../params/groups.js';
import { secretValues } from '../../util/secrets.js';

/** How the groups commands print: the columns of their lists, and one group's summary. */

export const GROUP_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  {
    header: 'FULL PATH',
    path: 'full_path',
    text: true,
    priority: PRIORITY.identifying,
    tone: (_value, item) => ((item as GroupRecord).marked_for_deletion_on ? 'red' : undefined),
  },
  { header: 'NAME', path: 'name', text: true },
  { header: 'VISIBILITY', path: 'visibility', choices: VISIBILITIES, tone: visibilityTone },
  { header: 'DESCRIPTION', path: 'description', text: true },
];

export const PROVISIONED_USER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'name' },
  { header: 'STATE', path: 'state', text: false },
  { header: 'EMAIL', path: 'email' },
  { header: 'CREATED', path: 'created_at' },
];

export const LDAP_LINK_COLUMNS: readonly Column[] = [
  { header: 'CN', path: 'cn' },
  { header: 'FILTER', path: 'filter' },
  { header: 'PROVIDER', path: 'provider' },
  {
    header: 'ACCESS',
    path: 'group_access',
    format: (value) => accessLevelName(value),
    // A link may give Minimal Access (LDAP_GROUP_ACCESS), shown as minimal.
    choices: ['minimal', ...Object.keys(ACCESS_LEVELS)],
  },
];

/** Settings shown in a group's summary: those of the settings table that are not already a line of their own. */
const SUMMARY_SETTINGS = GROUP_SETTINGS.filter(
  (s) => !['name', 'path', 'description', 'visibility', 'parent_id', 'avatar'].includes(s.name),
);

/** A setting's label in the summary: its API name in words (`require_two_factor_authentication` -> `Require two factor authentication`). */
function settingLabel(name: string): string {
  const words = name.split('_').map((word) => ({ lfs: 'LFS', id: 'ID', ci: 'CI', devops: 'DevOps' })[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** default_branch_protection's numbers in words (the spec's table: 0 none, 1 partial, 2 full). */
const BRANCH_PROTECTION = [
  'none: developers may push and force-push',
  'partial: developers and maintainers may push',
  'full: only maintainers may push',
];

/** A setting's value on a terminal, in words: yes/no, hours, the protection level; null follows the instance. */
function settingText(setting: (typeof GROUP_SETTINGS)[number], value: unknown): string {
  if (value === null) return '(instance default)';
  if (setting.name === 'default_branch_protection' && typeof value === 'number')
    return BRANCH_PROTECTION[value] ?? String(value);
  if (setting.name === 'two_factor_grace_period' && typeof value === 'number') return `${value} hours`;
  if (setting.type === 'boolean') return yesNo(value);
  return cellText(value);
}

/** The parent's full path, from the group's own; empty when the service left full_path out. */
function parentPath(group: GroupRecord): string {
  const fullPath = typeof group.full_path === 'string' ? group.full_path : '';
  const at = fullPath.lastIndexOf('/');
  return at > 0 ? fullPath.slice(0, at) : '';
}

/** One entry of shared_with_groups for people: `grp/ops (developer, until 2026-01-31)`; missing fields are left out. */
function shareText(share: {
  group_id?: number;
  group_full_path?: string;
  group_access_level?: number;
  expires_at?: string | null;
}): string {
  const group = share.group_full_path ?? (share.group_id !== undefined ? `group ${share.group_id}` : '(unknown group)');
  const terms = [accessLevelName(share.group_access_level), share.expires_at ? `until ${share.expires_at}` : ''].filter(
    Boolean,
  );
  return terms.length ? `${group} (${terms.join(', ')})` : group;
}

/** The paths of a group's projects (whole project objects would not make a line). */
function projectPaths(value: unknown): string[] {
  const list = Array.isArray(value)
    ? (value.filter((project) => typeof project === 'object' && project !== null) as Array<{
        id?: number;
        path_with_namespace?: string;
      }>)
    : [];
  return list.map((p) => p.path_with_namespace ?? (p.id !== undefined ? `project ${p.id}` : '(unknown project)'));
}

const listOrNone = (value: unknown): string => (Array.isArray(value) && value.length ? value.join(', ') : 'none');

/** The summary of `groups view` (and of what create, update, restore and transfer return) on a terminal. */
function groupDetail(group: GroupRecord, options: { withProjects?: boolean } = {}): DetailField[] {
  const fields: DetailField[] = [
    { label: 'Full path', path: 'full_path' },
    { label: 'Name', path: 'name' },
    { label: 'ID', path: 'id' },
    { label: 'Visibility', path: 'visibility', tone: visibilityTone },
    {
      label: 'Parent',
      path: 'parent_id',
      format: (id) =>
        id === null || id === undefined
          ? 'none (top-level group)'
          : [parentPath(group), `(id ${String(id)})`].filter(Boolean).join(' '),
    },
    { label: 'Description', path: 'description', none: '(none)' },
    { label: 'Web URL', path: 'web_url' },
    { label: 'Created', path: 'created_at' },
    {
      label: 'Marked for deletion',
      path: 'marked_for_deletion_on',
      format: (date) =>
        date
          ? `on ${String(date)}, to be removed on ${removalDate(String(date))} (undo with \`collab groups restore ${group.full_path ?? group.id}\`)`
          : 'no',
      tone: (date) => (date ? 'red' : undefined),
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
  for (const setting of SUMMARY_SETTINGS)
    if (setting.name in group)
      fields.push({
        label: settingLabel(setting.name),
        path: setting.name,
        format: (value) => settingText(setting, value),
      });
  if (options.withProjects) {
    fields.push(
      {
        label: 'Projects',
        path: 'projects',
        derive: (item) => projectPaths((item as GroupRecord).projects),
        format: listOrNone,
      },
      {
        label: 'Shared projects',
        path: 'shared_projects',
        derive: (item) => projectPaths((item as GroupRecord).shared_projects),
        format: listOrNone,
      },
    );
  }
  return fields;
}

/**
 * Prints a group: its summary on a terminal (projects only with `withProjects`), the whole object
 * in json, ndjson and csv. The runners registration token that owners are sent is a secret: human
 * views never show it (format.ts).
 */
export async function printGroup(
  ctx: VerbContext,
  group: GroupRecord,
  options: { withProjects?: boolean } = {},
): Promise<void> {
  for (const secret of secretValues(group)) ctx.terminal.addSecret(secret);
  await ctx.presenter.resource(group, { columns: GROUP_COLUMNS, detail: groupDetail(group, options) });
}
