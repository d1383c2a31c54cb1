import { afterEach, expect } from 'vitest';

/**
 * vitest.config.ts setupFiles: no test sleeps in real time for more than a second. setTimeout of
 * the worker is wrapped once (the workers are not isolated: this file runs again for each test
 * file, the wrapping does not); a timer of more than LIMIT_MS whose callback runs is recorded,
 * and the test during which it ran fails in afterEach, naming the test that set it and where.
 * Waits of a run go on its clock (test/helpers/clock.ts) instead.
 *
 * Not seen, and rightly so: timers cleared before they fire (vitest's test timeouts, undici's
 * request and body timeouts, a token command's limit once it answered), vitest's own timers (taken
 * before this file runs), AbortSignal.timeout and socket timeouts (Node's internals, not
 * globalThis.setTimeout), and spawned processes (signals, pipes: real time, outside the worker).
 */
const LIMIT_MS = 1000;

/** Timers that may run, by where they are set, each with its reason. */
const ALLOWED: readonly RegExp[] = [
  // undici's keep-alive timer (the only native timer of its HTTP/1 parser; its headers and body
  // timeouts are "fast timers" of 499 ms ticks): it closes a pooled connection left idle; nothing waits on it.
  /undici\/lib\/dispatcher\/client-h1\.js/,
];

interface Fired {
  ms: number;
  setBy: string | undefined;
  where: string;
}

const KEY = Symbol.for('collab.test.realWaits');
const holder = globalThis as typeof globalThis & { [KEY]?: Fired[] };

function install(): Fired[] {
  const fired: Fired[] = [];
  const native = globalThis.setTimeout;
  const original = native as unknown as (
    callback: (...given: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => NodeJS.Timeout;
  const wrapped = (callback: unknown, ms?: number, ...args: unknown[]): NodeJS.Timeout => {
    if (typeof callback !== 'function' || !(Number(ms) > LIMIT_MS))
      return original(callback as () => void, ms, ...args);
    const where = (new Error().stack ?? '').split('\n').slice(2, 6).join('\n');
    if (ALLOWED.some((allowed) => allowed.test(where))) return original(callback as () => void, ms, ...args);
    const setBy = expect.getState().currentTestName;
    return original(
      (...given: unknown[]) => {
        fired.push({ ms: Number(ms), setBy, where });
        (callback as (...a: unknown[]) => void)(...given);
      },
      ms,
      ...args,
    );
  };
  // util.promisify(setTimeout) and the like read its properties.
  Object.defineProperties(wrapped, Object.getOwnPropertyDescriptors(native));
  globalThis.setTimeout = wrapped as typeof setTimeout;
  return fired;
}

holder[KEY] ??= install();
const fired = holder[KEY];

afterEach(() => {
  const found = fired.splice(0);
  if (found.length === 0) return;
  const lines = found.map((f) => `a real timer of ${f.ms} ms ran (set by ${f.setBy ?? 'no test'}):\n${f.where}`);
  throw new Error(
    `a test waited in real time for more than ${LIMIT_MS} ms; put the wait on the run's clock (test/helpers/clock.ts)\n${lines.join('\n')}`,
  );
});
