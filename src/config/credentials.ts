import type { Clock, Env } from '../runtime.js';
import { systemClock } from '../runtime.js';

/**
 * The operating system's credential store (Secret Service on Linux, Keychain on macOS, Credential
 * Manager on Windows), where `collab auth login` keeps a token unless told otherwise, as gh does
 * since 2.26. One service behind one interface, chosen once a run (`openCredentialStore`): the
 * system's through `@napi-rs/keyring`, or the one a test gives (`MemoryCredentialStore`). The
 * config file records only which account's token is there; the token never is in the file.
 *
 * Each call is bounded in time (the store may ask the user to unlock it, or the D-Bus service may
 * never answer); "no such entry" is an error of its own (`not-found`), apart from a store that
 * fails (`unavailable`, `timeout`, `failed`).
 */
export interface CredentialStore {
  /** How messages name it. */
  readonly name: string;
  /** The token kept for `user` on `host` (a host key); a CredentialStoreError `not-found` when there is none. */
  get(host: string, user: string): Promise<string>;
  set(host: string, user: string, token: string): Promise<void>;
  /** False when there was nothing to delete. */
  delete(host: string, user: string): Promise<boolean>;
}

type StoreFailure = 'not-found' | 'unavailable' | 'timeout' | 'failed';

class CredentialStoreError extends Error {
  constructor(
    readonly reason: StoreFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CredentialStoreError';
  }
}

export function isStoreError(error: unknown, reason?: StoreFailure): error is CredentialStoreError {
  return (
    error instanceof Error &&
    error.name === 'CredentialStoreError' &&
    (reason === undefined || (error as CredentialStoreError).reason === reason)
  );
}

/** The run's store, or why it has none (said in one line where a token then goes to the file). */
export type CredentialAccess =
  | { store: CredentialStore; unavailable?: undefined }
  | { store?: undefined; unavailable: string };

/** How long one call of the store may take: an unlock prompt needs a moment, a D-Bus service that never answers must not hold the run. */
export const STORE_TIMEOUT_MS = 10_000;

/** The entry's service name: one per host, the account is the user (gh: `gh:<host>`, the user). */
export const serviceName = (host: string) => `collab:${host}`;

/**
 * The run's credential store: the one a test injects, else the system's where one can answer. No
 * store where none is expected to answer: CI (a runner has no keyring, and a job must not wait on
 * one), or Linux without a D-Bus session (a container, ssh without a desktop). The binding is
 * loaded only here, on first use by a command that keeps or reads a token from it.
 */
export function openCredentialStore(
  env: Env,
  options: { injected?: CredentialStore | undefined; clock?: Clock | undefined } = {},
): CredentialAccess {
  if (options.injected) return { store: options.injected };
  if (isTrue(env.CI)) return { unavailable: 'CI is set' };
  if (process.platform === 'linux' && !env.DBUS_SESSION_BUS_ADDRESS) return { unavailable: 'no D-Bus session' };
  let binding: KeyringBinding;
  try {
    binding = loadBinding();
  } catch (error) {
    return {
      unavailable: `no keyring binding for ${process.platform}-${process.arch} (${(error as Error).message.split('\n')[0]})`,
    };
  }
  return { store: new SystemCredentialStore(binding, options.clock ?? systemClock) };
}

function isTrue(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export interface AsyncEntry {
  getPassword(signal?: AbortSignal): Promise<string | null | undefined>;
  setPassword(password: string, signal?: AbortSignal): Promise<void>;
  deletePassword(signal?: AbortSignal): Promise<boolean>;
}
export interface KeyringBinding {
  AsyncEntry: new (service: string, user: string) => AsyncEntry;
}

function loadBinding(): KeyringBinding {
  // A native module: kept out of the bundles (build.mjs), required from node_modules only here.
  const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module');
  return createRequire(typeof __filename === 'string' ? __filename : import.meta.url)(
    '@napi-rs/keyring',
  ) as KeyringBinding;
}

/** The system's store through @napi-rs/keyring's AsyncEntry: each call off the main thread, ended by an abort at the limit. */
export class SystemCredentialStore implements CredentialStore {
  readonly name = 'the system keyring';

  constructor(
    private readonly binding: KeyringBinding,
    private readonly clock: Clock,
  ) {}

  async get(host: string, user: string): Promise<string> {
    const token = await this.call(host, user, (entry, signal) => entry.getPassword(signal));
    if (typeof token !== 'string' || token === '')
      throw new CredentialStoreError('not-found', `${this.name} has no token for ${user} on ${host}`);
    return token;
  }

  async set(host: string, user: string, token: string): Promise<void> {
    await this.call(host, user, (entry, signal) => entry.setPassword(token, signal));
  }

  delete(host: string, user: string): Promise<boolean> {
    return this.call(host, user, (entry, signal) => entry.deletePassword(signal));
  }

  private async call<T>(
    host: string,
    user: string,
    action: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    let timer: { cancel(): void } | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = this.clock.setTimeout(() => {
        controller.abort();
        reject(new CredentialStoreError('timeout', `${this.name} did not answer within ${STORE_TIMEOUT_MS / 1000} s`));
      }, STORE_TIMEOUT_MS);
    });
    try {
      const entry = new this.binding.AsyncEntry(serviceName(host), user);
      return await Promise.race([action(entry, controller.signal), late]);
    } catch (error) {
      if (isStoreError(error)) throw error;
      const message = (error as Error).message ?? String(error);
      // keyring-rs says "No matching entry found in secure storage" for a missing entry.
      if (/no matching entry|not found/i.test(message))
        throw new CredentialStoreError('not-found', `${this.name} has no token for ${user} on ${host}`);
      throw new CredentialStoreError('failed', `${this.name} failed: ${message.split('\n')[0]}`);
    } finally {
      timer?.cancel();
    }
  }
}

/** A store in memory, for tests (gh's MockInit): `failing` makes every call fail from then on, as a store that stops answering mid-run. */
export class MemoryCredentialStore implements CredentialStore {
  readonly name = 'the test keyring';
  readonly entries = new Map<string, string>();
  failing: StoreFailure | undefined;

  private check(): void {
    if (this.failing) throw new CredentialStoreError(this.failing, `${this.name} failed (${this.failing})`);
  }

  async get(host: string, user: string): Promise<string> {
    this.check();
    const token = this.entries.get(`${serviceName(host)}\0${user}`);
    if (token === undefined)
      throw new CredentialStoreError('not-found', `${this.name} has no token for ${user} on ${host}`);
    return token;
  }

  async set(host: string, user: string, token: string): Promise<void> {
    this.check();
    this.entries.set(`${serviceName(host)}\0${user}`, token);
  }

  async delete(host: string, user: string): Promise<boolean> {
    this.check();
    return this.entries.delete(`${serviceName(host)}\0${user}`);
  }
}
