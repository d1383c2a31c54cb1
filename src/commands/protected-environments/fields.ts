import type { EnvironmentEntry } from '../../api/protected-environments.js';
import { type Column, type DetailField, PRIORITY } from '../../output/format.js';
import { environmentRoleName, GROUP_INHERITANCE } from '../../params/protected-environments.js';

/** A protected environment's columns and view: each entry in words, a role by name, a user or group by its name. */

const entriesOf = (item: unknown, field: 'deploy_access_levels' | 'approval_rules'): EnvironmentEntry[] => {
  const list = (item as Record<string, unknown> | null)?.[field];
  return Array.isArray(list) ? (list as EnvironmentEntry[]) : [];
};

/** `maintainer`, `Dana Scully (user)`, `QA (group)`, `QA (group, inherited members)`; an approval's with how many it needs past one. */
function entryText(entry: EnvironmentEntry, approval: boolean): string {
  const who =
    entry.user_id !== null && entry.user_id !== undefined
      ? `${entry.access_level_description ?? entry.user_id} (user)`
      : entry.group_id !== null && entry.group_id !== undefined
        ? `${entry.access_level_description ?? entry.group_id} (group${entry.group_inheritance_type === GROUP_INHERITANCE.inherited ? ', inherited members' : ''})`
        : environmentRoleName(entry.access_level);
  return approval && (entry.required_approvals ?? 1) > 1 ? `${who} x${entry.required_approvals}` : who;
}

const words = (field: 'deploy_access_levels' | 'approval_rules') => (item: unknown) =>
  entriesOf(item, field).map((entry) => entryText(entry, field === 'approval_rules'));

const joined = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : '(none)');

const DEPLOY = { path: 'deploy_access_levels', derive: words('deploy_access_levels') };
const APPROVERS = { path: 'approval_rules', derive: words('approval_rules') };

export const ENVIRONMENT_COLUMNS: readonly Column[] = [
  { header: 'NAME', path: 'name', text: true, priority: PRIORITY.identifying },
  { header: 'DEPLOY', ...DEPLOY, text: true, format: joined },
  { header: 'APPROVERS', ...APPROVERS, text: true, format: joined },
];

const ENVIRONMENT_DETAIL: readonly DetailField[] = [
  { label: 'Name', path: 'name' },
  { label: 'Who may deploy', ...DEPLOY, format: joined },
  { label: 'Who must approve', ...APPROVERS, format: joined },
];

export const ENVIRONMENT_VIEW = { columns: ENVIRONMENT_COLUMNS, detail: ENVIRONMENT_DETAIL };
