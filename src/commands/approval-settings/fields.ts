import type { ApprovalSettings } from '../../api/approvals.js';
import { type Column, onOrNo, PRIORITY } from '../../output/format.js';
import { approvalSettingsShown } from '../../params/approvals.js';

/**
 * The settings as rows, one a key: its value, and the lock a group above puts on it. The value and
 * the lock are what the view exists to show (PRIORITY.answer): a narrow terminal wraps a long name
 * (allow_overrides_to_approver_list_per_merge_request is 50 columns) rather than leave them out.
 */
export const SETTING_COLUMNS: readonly Column[] = [
  { header: 'SETTING', path: 'name', text: true, wrap: true, priority: PRIORITY.identifying },
  { header: 'VALUE', path: 'value', format: onOrNo, choices: ['yes', 'no'], priority: PRIORITY.answer },
  { header: 'LOCKED', path: 'locked', format: onOrNo, choices: ['yes', 'no'], priority: PRIORITY.answer },
  { header: 'INHERITED FROM', path: 'inherited_from' },
];

/** One row a key this kind of owner has (src/params/approvals.ts), in the service's order. */
export function settingRows(settings: ApprovalSettings, kind: 'project' | 'group') {
  const shown = approvalSettingsShown(kind);
  return Object.entries(settings)
    .filter(([name]) => shown.includes(name))
    .map(([name, setting]) => ({ name, ...setting }));
}
