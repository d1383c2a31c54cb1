import type { ApprovalSettings } from '../../api/approvals.js';
import { type Column, onOrNo, PRIORITY } from '../../output/format.js';

/** The settings as rows, one a key: its value, and the lock a group above puts on it. */
export const SETTING_COLUMNS: readonly Column[] = [
  { header: 'SETTING', path: 'name', text: true, priority: PRIORITY.identifying },
  { header: 'VALUE', path: 'value', format: onOrNo, choices: ['yes', 'no'] },
  { header: 'LOCKED', path: 'locked', format: onOrNo, choices: ['yes', 'no'] },
  { header: 'INHERITED FROM', path: 'inherited_from' },
];

export const settingRows = (settings: ApprovalSettings) =>
  Object.entries(settings).map(([name, setting]) => ({ name, ...setting }));
