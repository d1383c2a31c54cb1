import { type Column, type DetailField, PRIORITY, yesNo } from '../../output/format.js';

/**
 * How users print. Everyone reads a user's ID, username, name and state; an administrator also
 * reads the email and the rest (doc/api/users.md @ec05f6eb: "As an administrator"): what the
 * service leaves out prints empty.
 */
export const USER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'name', text: true },
  { header: 'STATE', path: 'state', choices: ['active', 'blocked', 'ldap_blocked', 'banned', 'deactivated'] },
  { header: 'EMAIL', path: 'email' },
];

/** yes/no where the service said; nothing where it did not (a field only administrators read). */
const known = (value: unknown) => (value === undefined ? '' : yesNo(value));

export const USER_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Username', path: 'username' },
  { label: 'Name', path: 'name' },
  { label: 'State', path: 'state' },
  { label: 'Email', path: 'email' },
  { label: 'Public email', path: 'public_email', none: '(none)' },
  { label: 'Administrator', path: 'is_admin', format: known },
  { label: 'External', path: 'external', format: known },
  { label: 'Bot', path: 'bot', format: known },
  { label: 'Created', path: 'created_at' },
  { label: 'Last sign-in', path: 'last_sign_in_at', none: 'never' },
  { label: 'Last activity', path: 'last_activity_on', none: 'never' },
  { label: 'Web URL', path: 'web_url' },
];
