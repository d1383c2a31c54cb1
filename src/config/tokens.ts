import { CollabError } from '../errors.js';
import type { Clock, Env } from '../runtime.js';
import { type ConfigStore, hostKey } from './store.js';

/**
 * Which token is sent to which host: the one rule, used by every command (Context.client), by
 * `auth status` to say so, and by completion.
 *
 * - COLLAB_TOKEN belongs to one host: COLLAB_HOST, else the configured default host, else (neither
 *   set) the host given with --host, the one host in play (`COLLAB_TOKEN=... collab --host https://x`
 *   in CI). It is never sent to any other host.
 * - Any other host gets its own stored token, or the token its stored command prints.
 * - A host with neither is an auth error (exit 3) naming the host, before anything is sent.
 */

export type TokenSource = 'environment' | 'stored' | 'command';

export type TokenOrigin = { source: 'environment' | 'stored'; token: string } | { source: 'command'; command: string };

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
  if (scope.givenHost) return { host: hostKey(scope.givenHost), because: '--host, as neither COLLAB_HOST nor a default host is set' };
  return undefined;
}

/** Where the token for `host` comes from, running nothing; undefined when it has none. */
export function tokenOrigin(host: string, scope: TokenScope): TokenOrigin | undefined {
  const key = hostKey(host);
  const envToken = scope.env.COLLAB_TOKEN;
  if (envToken && envTokenHost(scope)?.host === key) return { source: 'environment', token: envToken };
  const entry = scope.config.host(key);
  if (entry?.token_command) return { source: 'command', command: entry.token_command };
  if (entry?.token) return { source: 'stored', token: entry.token };
  return undefined;
}

/**
 * The token for `host`, running its token command if it has one (within `timeoutMs`: 10 s by
 * default; completion gives it 1 s). Throws an auth error (exit 3) when the host has no token or
 * its command fails. Context.resolveToken is the same with the run's config and environment.
 */
export async function resolveToken(host: string, scope: TokenScope & { timeoutMs?: number | undefined; signal?: AbortSignal | undefined; clock?: Clock | undefined }): Promise<ResolvedToken> {
  const origin = tokenOrigin(host, scope);
  if (!origin) throw noTokenError(host, scope);
  if (origin.source !== 'command') return { token: origin.token, source: origin.source };
  const { runTokenCommand } = await import('./token-command.js');
  const token = await runTokenCommand(origin.command, { host: hostKey(host), timeoutMs: scope.timeoutMs, signal: scope.signal, env: scope.env, clock: scope.clock });
  return { token, source: 'command' };
}

function noTokenError(host: string, scope: TokenScope): CollabError {
  const key = hostKey(host);
  const login = `run \`collab auth login --host ${key}\``;
  const owner = scope.env.COLLAB_TOKEN ? envTokenHost(scope) : undefined;
  if (owner) {
    return new CollabError('auth', `no token for ${key}: COLLAB_TOKEN is only sent to ${owner.host} (${owner.because})`, { hint: login });
  }
  return new CollabError('auth', `no token for ${key}`, { hint: `${login}, or set COLLAB_TOKEN` });
}

/**
 * The hint of a 401: what to do depends on where the rejected token came from, so that it never
 * sends the user to `auth login` or COLLAB_TOKEN when neither is where the token was. `given` is
 * a token being checked before it is stored (`auth login`).
 */
export function rejectedTokenHint(host: string, source: TokenSource | 'given'): string {
  const key = hostKey(host);
  switch (source) {
    case 'environment':
      return `the token in COLLAB_TOKEN was rejected by ${key}: check it, or unset COLLAB_TOKEN to use the token stored for ${key}`;
    case 'stored':
      return `the token stored for ${key} was rejected (expired or revoked?): run \`collab auth login --host ${key}\` again`;
    case 'command':
      return `the token printed by the token command of ${key} was rejected: check what that command prints (\`collab auth status\` shows the command)`;
    case 'given':
      return `${key} rejected this token: check that it is not expired or revoked and has the api scope`;
  }
}
