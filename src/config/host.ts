import type { Env } from '../runtime.js';
import { hostKey } from './store.js';

/** Where a run's host came from, as messages name it. */
type HostSource = '--host' | 'COLLAB_HOST' | 'the default host';

export interface ChosenHost {
  /** As given (a sub-path kept): what the HTTP client is built from. */
  url: string;
  /** The config file's key for it (`hostKey`). */
  key: string;
  source: HostSource;
}

/**
 * The host a run talks to, the one rule for every command (the session, `config`, `auth login`,
 * `auth logout`...): --host, else COLLAB_HOST, else the config file's default host. The default is
 * asked for only when neither is given, so that a run with both reads no file for it. A URL that
 * is not one is a usage error here (`hostKey`); undefined when there is no host at all.
 */
export async function chooseHost(
  given: string | undefined,
  env: Env,
  configured: () => unknown,
): Promise<ChosenHost | undefined> {
  const pick = (url: unknown, source: HostSource): ChosenHost | undefined =>
    typeof url === 'string' && url !== '' ? { url, key: hostKey(url), source } : undefined;
  return pick(given, '--host') ?? pick(env.COLLAB_HOST, 'COLLAB_HOST') ?? pick(await configured(), 'the default host');
}
