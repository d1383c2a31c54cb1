import type { ConfigData, HostEntry } from './store.js';

/**
 * Several accounts per host, kept as gh keeps them since 2.40 (its `hosts.<host>.users.<user>`):
 * an administrator holds an admin token and a personal one on the same host. A host's entry names
 * its active account (`user`) and every account under `users`, each with where its token is:
 *
 *     "https://gitlab.example.com": {
 *       "user": "root",                        the active account
 *       "token": "glpat-…",                    the active account's token when it is in the file
 *       "users": {
 *         "root":  { "token": "glpat-…" },     in this file (mode 0600)
 *         "alice": { "keyring": true },        in the system's credential store
 *         "ci":    { "token_command": "pass show ci" }
 *       }
 *     }
 *
 * The active account's token or command also stands at the host's level, as one-account files had
 * it (and gh's do): what older collab wrote keeps working, and those files become this shape once,
 * under the file's lock (`migrateAccounts`). These functions are pure: the store applies them to
 * the file as it is when it writes.
 */

/** Where one account's token is. */
export interface AccountEntry {
  token?: string;
  token_command?: string;
  /** In the system's credential store, under the host's service and the user's name. */
  keyring?: boolean;
}

type TokenPlace = 'keyring' | 'file' | 'command';

export interface Account {
  user: string;
  active: boolean;
  entry: AccountEntry;
  place: TokenPlace | undefined;
}

/** What an entry holds to reach the service: its token command, else its token (a command wins, as placeOf says). */
function credentialOf(entry: AccountEntry | HostEntry | undefined): AccountEntry {
  return entry?.token_command ? { token_command: entry.token_command } : entry?.token ? { token: entry.token } : {};
}

function placeOf(entry: AccountEntry): TokenPlace | undefined {
  return entry.token_command ? 'command' : entry.token ? 'file' : entry.keyring ? 'keyring' : undefined;
}

/** The host's level mirrors the active account's token or command (and says nothing of a keyring). */
function withActive(entry: HostEntry, user: string | undefined): HostEntry {
  const { token: _token, token_command: _command, user: _user, ...rest } = entry;
  const account = user === undefined ? undefined : entry.users?.[user];
  return {
    ...rest,
    ...(user === undefined ? {} : { user }),
    ...credentialOf(account),
  };
}

/** A one-account entry (a token or command at the host's level, no `users`) in the accounts' shape; others as they are. */
function migrateEntry(entry: HostEntry): HostEntry {
  if (entry.users || !entry.user || !(entry.token || entry.token_command)) return entry;
  return { ...entry, users: { [entry.user]: credentialOf(entry) } };
}

/** True when some host of the file is still in the one-account shape. */
export function needsMigration(data: ConfigData): boolean {
  return Object.values(data.hosts ?? {}).some((entry) => migrateEntry(entry) !== entry);
}

export function migrateAccounts(data: ConfigData): ConfigData {
  if (!needsMigration(data)) return data;
  return {
    ...data,
    hosts: Object.fromEntries(Object.entries(data.hosts ?? {}).map(([host, entry]) => [host, migrateEntry(entry)])),
  };
}

/**
 * The host's accounts, the active one first. An entry of the one-account shape not migrated yet is
 * its one account; a token without a user (written by hand) is an account of no name.
 */
/** Whether two usernames name one account: GitLab finds a user by username in any case. */
export const sameUser = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export function accountsOf(entry: HostEntry | undefined): Account[] {
  if (!entry) return [];
  const migrated = migrateEntry(entry);
  if (!migrated.users) {
    const legacy = credentialOf(migrated);
    const place = placeOf(legacy);
    return place ? [{ user: migrated.user ?? '', active: true, entry: legacy, place }] : [];
  }
  const accounts = Object.entries(migrated.users).map(([user, account]) => ({
    user,
    active: user === migrated.user,
    entry: account,
    place: placeOf(account),
  }));
  return accounts.sort((a, b) => Number(b.active) - Number(a.active));
}

/** The host's entry with `user`'s account added (or replaced) and made active. */
export function addAccount(entry: HostEntry | undefined, user: string, account: AccountEntry): HostEntry {
  const current = migrateEntry(entry ?? {});
  return withActive({ ...current, users: { ...current.users, [user]: account } }, user);
}

/** The host's entry with `user` active; it must be one of its accounts. */
export function activateAccount(entry: HostEntry, user: string): HostEntry {
  return withActive(migrateEntry(entry), user);
}

/**
 * The host's entry without `user`'s account, and the account now active: when the active one
 * goes, the first of the others (as gh does); undefined when none is left.
 */
export function removeAccount(entry: HostEntry, user: string): { entry: HostEntry; active: string | undefined } {
  const current = migrateEntry(entry);
  const { [user]: _gone, ...users } = current.users ?? {};
  const remaining = Object.keys(users);
  const active =
    current.user !== undefined && current.user !== user && users[current.user] ? current.user : remaining[0];
  const next = withActive({ ...current, users }, active);
  if (remaining.length === 0) {
    const { users: _none, ...rest } = next;
    return { entry: rest, active: undefined };
  }
  return { entry: next, active };
}
