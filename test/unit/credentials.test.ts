import { describe, expect, it } from 'vitest';
import {
  type AsyncEntry,
  isStoreError,
  type KeyringBinding,
  openCredentialStore,
  STORE_TIMEOUT_MS,
  SystemCredentialStore,
} from '../../src/config/credentials.js';
import { manualClock } from '../helpers/clock.js';

/** The system store's wrapper (gh's keyring.go): every call bounded in time, "not found" an error of its own. A fake binding stands for @napi-rs/keyring. */
function binding(entry: Partial<AsyncEntry>, made: Array<[string, string]> = []): KeyringBinding {
  return {
    AsyncEntry: class {
      constructor(service: string, user: string) {
        made.push([service, user]);
        Object.assign(this, entry);
      }
    } as unknown as KeyringBinding['AsyncEntry'],
  };
}

describe('the system credential store', () => {
  it('keys an entry by the host as the service and the user as the account', async () => {
    const made: Array<[string, string]> = [];
    const store = new SystemCredentialStore(binding({ getPassword: async () => 'glpat-x' }, made), manualClock());
    expect(await store.get('https://h.example', 'olivia')).toBe('glpat-x');
    expect(made).toEqual([['collab:https://h.example', 'olivia']]);
  });

  it('gives up on a store that does not answer at its limit, aborting the call', async () => {
    const clock = manualClock();
    let aborted = false;
    const store = new SystemCredentialStore(
      binding({
        setPassword: (_password: string, signal?: AbortSignal) =>
          new Promise<void>(() => {
            signal?.addEventListener('abort', () => {
              aborted = true;
            });
          }),
      }),
      clock,
    );
    const pending = store.set('https://h.example', 'olivia', 'glpat-x').catch((error: unknown) => error);
    await clock.timerSet();
    clock.advance(STORE_TIMEOUT_MS - 1);
    clock.advance(1);
    const error = await pending;
    expect(isStoreError(error, 'timeout')).toBe(true);
    expect((error as Error).message).toBe(`the system keyring did not answer within ${STORE_TIMEOUT_MS / 1000} s`);
    expect(aborted).toBe(true);
  });

  it('says "not found" apart from a failure, and never with the token', async () => {
    const none = new SystemCredentialStore(binding({ getPassword: async () => null }), manualClock());
    await expect(none.get('https://h', 'u')).rejects.toSatisfy((error) => isStoreError(error, 'not-found'));
    const missing = new SystemCredentialStore(
      binding({ deletePassword: async () => Promise.reject(new Error('No matching entry found in secure storage')) }),
      manualClock(),
    );
    await expect(missing.delete('https://h', 'u')).rejects.toSatisfy((error) => isStoreError(error, 'not-found'));
    const broken = new SystemCredentialStore(
      binding({
        setPassword: async () =>
          Promise.reject(new Error("Couldn't access platform storage: Secret Service: no result found\ndetail")),
      }),
      manualClock(),
    );
    const error = await broken.set('https://h', 'u', 'glpat-secret').catch((e: unknown) => e);
    expect(isStoreError(error, 'failed')).toBe(true);
    expect((error as Error).message).toBe(
      "the system keyring failed: Couldn't access platform storage: Secret Service: no result found",
    );
  });
});

describe('choosing the store, once a run', () => {
  it('takes the injected one, and none where none is expected to answer, saying why', () => {
    const injected = new SystemCredentialStore(binding({}), manualClock());
    expect(openCredentialStore({ CI: 'true' }, { injected }).store).toBe(injected);
    expect(openCredentialStore({ CI: 'true', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/x' })).toEqual({
      unavailable: 'CI is set',
    });
    if (process.platform === 'linux')
      expect(openCredentialStore({ CI: 'false' })).toEqual({ unavailable: 'no D-Bus session' });
  });
});
