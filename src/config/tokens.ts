import { CollabError } from '../errors.js';
import type { Clock, Env } from '../runtime.js';
import { type Account, accountsOf, sameUser } from './accounts.js';
import { type CredentialAccess, isStoreError } from './credentials.js';
import { type ConfigStore, type HostEntry, hostKey } from './store.js';

/**
 * Which token is sent to which host: the one rule, used by every command (Context.client), by
 * `auth status` to say so, and by completion.
 *
 * - COLLAB_TOKEN belongs to one host: COLLAB_HOST, else the configured default host, else (neither
 *   set) the host given with --host, the one host in play (`COLLAB_TOKEN=... collab --host https://x`
 *   in CI). It is never sent to any other host.
 * - Any other host gets its active account's token: from the system's credential store, the config
 *   file, or the command stored for it (accounts.ts).
 * - A host with neither is an auth error (exit 3) naming the host, before anything is sent.
 */

/** Where a token comes from, as `auth status` names it: the environment, the system's credential store, the config file, a command. */
export type TokenSource = 'environment' | 'keyring' | 'file' | 'command';

export type TokenOrigin =
  | { source: 'environment'; token: string }
  | { source: 'file'; token: string; user: string }
  | { source: 'command'; command: string; user: string }
  | { source: 'keyring'; user: string };

export interface ResolvedToken {
  token: string;
  source: TokenSource;
}

/** What the rule looks at. */
export interface TokenScope {
  config: ConfigStore;
  env: Env;
  /** --host, when given. */
  givenHost: string | undefined;
}

/** The host COLLAB_TOKEN belongs to (as a host key), and why; undefined when there is no host to give it to. */
export function envTokenHost(scope: TokenScope): { host: string; because: string } | undefined {
  const fromEnv = scope.env.COLLAB_HOST;
  if (fromEnv) return { host: hostKey(fromEnv), because: 'COLLAB_HOST' };
  const configured = scope.config.get('host');
  if (typeof configured === 'string' && configured) return { host: hostKey(configured), because: 'the default host' };
  if (scope.givenHost)
    return { host: hostKey(scope.givenHost), because: '--host, as neither COLLAB_HOST nor a default host is set' };
  return undefined;
}

/**
 * Where the token for `host` comes from, running nothing: COLLAB_TOKEN when it belongs there, else
 * the active account's (accounts.ts); with `user`, that account's (the environment aside).
 * Undefined when there is none.
 */
export function tokenOrigin(host: string, scope: TokenScope, user?: string): TokenOrigin | undefined {
  const key = hostKey(host);
  const envToken = scope.env.COLLAB_TOKEN;
  if (user === undefined && envToken && envTokenHost(scope)?.host === key)
    return { source: 'environment', token: envToken };
  const account = accountsOf(scope.config.host(key)).find((a) =>
    user === undefined ? a.active : sameUser(a.user, user),
  );
  return account ? accountOrigin(account) : undefined;
}

export function accountOrigin({ user, entry, place }: Account): TokenOrigin | undefined {
  if (place === 'command') return { source: 'command', command: entry.token_command as string, user };
  if (place === 'file') return { source: 'file', token: entry.token as string, user };
  if (place === 'keyring') return { source: 'keyring', user };
  return undefined;
}

interface ResolveScope extends TokenScope {
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  clock?: Clock | undefined;
  /** The run's credential store, chosen once a run (credentials.ts); none when not given. */
  credentials?: (() => Promise<CredentialAccess>) | undefined;
  /** An account other than the active one (`auth token --user`). */
  user?: string | undefined;
}

/**
 * The token for `host`, running its token command if it has one (within `timeoutMs`: 10 s by
 * default; completion gives it 1 s), or reading it from the credential store (within that store's
 * limit). Throws an auth error (exit 3) when the host has no token, its command fails or the store
 * has none or cannot be reached. Context.resolveToken is the same with the run's config and environment.
 */
export async function resolveToken(host: string, scope: ResolveScope): Promise<ResolvedToken> {
  const origin = tokenOrigin(host, scope, scope.user);
  if (!origin) throw noTokenError(host, scope);
  if (origin.source === 'environment' || origin.source === 'file')
    return { token: origin.token, source: origin.source };
  if (origin.source === 'keyring')
    return {
      token: await fromStore(
        hostKey(host),
        origin.user,
        (await scope.credentials?.()) ?? { unavailable: 'no credential store was given' },
      ),
      source: 'keyring',
    };
  const { runTokenCommand } = await import('./token-command.js');
  const token = await runTokenCommand(origin.command, {
    host: hostKey(host),
    timeoutMs: scope.timeoutMs,
    signal: scope.signal,
    env: scope.env,
    clock: scope.clock,
  });
  return { token, source: 'command' };
}

async function fromStore(host: string, user: string, access: CredentialAccess): Promise<string> {
  const again = `run \`collab auth login --host ${host}\` again (--insecure-storage keeps the token in the config file), or set COLLAB_TOKEN`;
  if (!access.store)
    throw new CollabError(
      'auth',
      `the token of ${user} on ${host} is in the system keyring, which this run cannot reach (${access.unavailable})`,
      { hint: again },
    );
  try {
    return await access.store.get(host, user);
  } catch (error) {
    if (!isStoreError(error)) throw error;
    throw new CollabError(
      'auth',
      error.reason === 'not-found' ? `no token for ${user} on ${host} in ${access.store.name}` : error.message,
      { hint: again },
    );
  }
}

function noTokenError(host: string, scope: TokenScope & { user?: string | undefined }): CollabError {
  const key = hostKey(host);
  if (scope.user !== undefined) {
    const users = accountsOf(scope.config.host(key)).map((a) => a.user);
    return new CollabError('usage', `no account ${scope.user} on ${key}`, {
      hint: users.length ? `its accounts: ${users.join(', ')}` : `run \`collab auth login --host ${key}\``,
    });
  }
  const login = `run \`collab auth login --host ${key}\``;
  const owner = scope.env.COLLAB_TOKEN ? envTokenHost(scope) : undefined;
  if (owner) {
    return new CollabError(
      'auth',
      `no token for ${key}: COLLAB_TOKEN is only sent to ${owner.host} (${owner.because})`,
      { hint: login },
    );
  }
  return new CollabError('auth', `no token for ${key}`, { hint: `${login}, or set COLLAB_TOKEN` });
}

/**
 * The hint of a 401: what to do depends on where the rejected token came from, so that it never
 * sends the user to `auth login` or COLLAB_TOKEN when neither is where the token was. `given` is
 * a token being checked before it is stored (`auth login`). `entry`: the host's in the config
 * file; only where it has an account does unsetting COLLAB_TOKEN leave a token to send.
 */
export function rejectedTokenHint(host: string, source: TokenSource | 'given', entry?: HostEntry): string {
  const key = hostKey(host);
  switch (source) {
    case 'environment':
      return accountsOf(entry).length > 0
        ? `the token in COLLAB_TOKEN was rejected by ${key}: check it, or unset COLLAB_TOKEN to use the token stored for ${key}`
        : `the token in COLLAB_TOKEN was rejected by ${key}: check that it is not expired or revoked and has the api scope`;
    case 'file':
    case 'keyring':
      return `the token stored for ${key} was rejected (expired or revoked?): run \`collab auth login --host ${key}\` again`;
    case 'command':
      return `the token printed by the token command of ${key} was rejected: check what that command prints (\`collab auth status\` shows the command)`;
    case 'given':
      return `${key} rejected this token: check that it is not expired or revoked and has the api scope`;
  }
}
