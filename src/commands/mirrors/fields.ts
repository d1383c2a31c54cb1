import { type Column, type DetailField, onOrNo, PRIORITY } from '../../output/format.js';

// The service scrubs a mirror URL's credentials (`https://*****:*****@host/…`) before answering it.
// Whether each mirror pushes and how its last push went is what a list of mirrors is read for
// (PRIORITY.answer): a long URL is cut in the middle (cutPath keeps its host and repository) before
// they are left out, and the ID names the mirror to every other verb.
export const MIRROR_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'URL', path: 'url', text: true, priority: PRIORITY.identifying },
  { header: 'ENABLED', path: 'enabled', format: onOrNo, choices: ['yes', 'no'], priority: PRIORITY.answer },
  { header: 'PROTECTED ONLY', path: 'only_protected_branches', format: onOrNo, choices: ['yes', 'no'] },
  {
    header: 'STATUS',
    path: 'update_status',
    choices: ['none', 'scheduled', 'started', 'finished', 'failed'],
    priority: PRIORITY.answer,
  },
  { header: 'LAST UPDATE', path: 'last_update_at', priority: PRIORITY.date, none: 'never' },
];

const MIRROR_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'URL', path: 'url' },
  { label: 'Enabled', path: 'enabled', format: onOrNo, tone: (v) => (v === false ? 'yellow' : undefined) },
  { label: 'Protected branches only', path: 'only_protected_branches', format: onOrNo },
  { label: 'Keep divergent refs', path: 'keep_divergent_refs', format: onOrNo },
  {
    label: 'Branch regex',
    path: 'mirror_branch_regex',
    format: (v) => (typeof v === 'string' && v ? v : '(every branch)'),
  },
  { label: 'Sign-in', path: 'auth_method' },
  { label: 'Status', path: 'update_status', tone: (v) => (v === 'failed' ? 'red' : undefined) },
  { label: 'Last error', path: 'last_error', format: (v) => (typeof v === 'string' && v ? v : '(none)') },
  { label: 'Last update', path: 'last_update_at', none: 'never' },
];

export const MIRROR_VIEW = { columns: MIRROR_COLUMNS, detail: MIRROR_DETAIL };
