import { type Column, type DetailField, formatDateTime, PRIORITY, type View, yesNo } from '../../output/format.js';

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

/**
 * What the service says is not there, in the words other views use (`never`, `(none)`): null for
 * a user who never signed in or was never active, null or empty for no public email. A field it
 * did not send (one only administrators read) stays empty; a date reads as every date does, in
 * the run's time zone.
 */
const orElse = (none: string) => (value: unknown, _item: unknown, view: View) =>
  value === null || value === '' ? none : formatDateTime(value, view.timeZone);

export const USER_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Username', path: 'username' },
  { label: 'Name', path: 'name' },
  { label: 'State', path: 'state' },
  { label: 'Email', path: 'email' },
  { label: 'Public email', path: 'public_email', format: orElse('(none)') },
  { label: 'Administrator', path: 'is_admin', format: known },
  { label: 'External', path: 'external', format: known },
  { label: 'Bot', path: 'bot', format: known },
  { label: 'Created', path: 'created_at' },
  { label: 'Last sign-in', path: 'last_sign_in_at', format: orElse('never') },
  { label: 'Last activity', path: 'last_activity_on', format: orElse('never') },
  { label: 'Web URL', path: 'web_url' },
];
