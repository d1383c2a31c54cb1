import type { Owner } from '../../api/owner.js';
import { describeOwner } from '../../api/owner.js';
import { isCollabError, withHint } from '../../errors.js';
import type { Column, DetailField } from '../../output/format.js';
import { PRIORITY } from '../../output/format.js';

/** Where a label in a project's list lives: the project, or a group above it. */
const from = (item: unknown): string => {
  const flag = (item as { is_project_label?: unknown } | null)?.is_project_label;
  return flag === true ? 'project' : flag === false ? 'group' : '';
};

export const LABEL_COLUMNS: readonly Column[] = [
  { header: 'NAME', path: 'name', text: true, priority: PRIORITY.identifying },
  { header: 'COLOR', path: 'color' },
  { header: 'PRIORITY', path: 'priority', none: '(none)' },
  { header: 'FROM', path: 'from', derive: from, choices: ['project', 'group'] },
  { header: 'DESCRIPTION', path: 'description', text: true },
];

export const LABEL_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Name', path: 'name' },
  { label: 'Color', path: 'color' },
  {
    label: 'Priority',
    path: 'priority',
    format: (value) => (value === null || value === undefined ? '(none)' : String(value)),
  },
  { label: 'From', path: 'from', derive: from },
  { label: 'Description', path: 'description', none: '(none)' },
];

/**
 * Advice for the service's refusals of a label: a taken name names `update`, an unknown one the
 * list, unless the client's hint says the project's labels are hidden (issues and merge requests
 * off: src/api/features.ts), where GitLab answers the same 404 and the list is empty. A label's
 * 404 carries no other hint of the client's.
 */
export function labelHint(error: unknown, owner: Owner, name: string, own = true): unknown {
  if (!isCollabError(error) || error.hint !== undefined) return error;
  const where = `--${owner.kind} ${owner.ref}`;
  if (error.status === 409)
    return withHint(
      error,
      `a label ${name} exists on ${describeOwner(owner)} or a group above it: change it with \`collab labels update ${name} ${where}\``,
    );
  if (error.status === 404 && /Label Not Found/i.test(error.message))
    return withHint(
      error,
      `no label ${name} on ${describeOwner(owner)}${own ? ' itself (a group’s label is changed through its group)' : ''}; see \`collab labels list ${where}\``,
    );
  return error;
}
