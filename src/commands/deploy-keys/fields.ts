import { type Column, type DetailField, onOrNo, PRIORITY } from '../../output/format.js';

export const DEPLOY_KEY_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'TITLE', path: 'title', text: true, priority: PRIORITY.identifying },
  { header: 'CAN PUSH', path: 'can_push', format: onOrNo, choices: ['yes', 'no'] },
  { header: 'FINGERPRINT', path: 'fingerprint_sha256', text: true },
  { header: 'EXPIRES AT', path: 'expires_at', priority: PRIORITY.date, none: 'never' },
];

const DEPLOY_KEY_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Title', path: 'title' },
  { label: 'Can push', path: 'can_push', format: onOrNo },
  { label: 'Fingerprint', path: 'fingerprint_sha256' },
  { label: 'Key', path: 'key' },
  { label: 'Expires', path: 'expires_at', none: 'never' },
  { label: 'Created', path: 'created_at' },
];

export const DEPLOY_KEY_VIEW = { columns: DEPLOY_KEY_COLUMNS, detail: DEPLOY_KEY_DETAIL };
