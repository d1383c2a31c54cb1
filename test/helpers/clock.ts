import type { Clock } from '../../src/runtime.js';

/**
 * Clocks a test gives a run (RunOptions.clock) and the sandbox (`now` of useSandbox/startSandbox),
 * so that no test waits in real time for what the run waits on (retries, Retry-After, rate limits,
 * --wait's polls, a token command's limit).
 *
 * manualClock: a test moves it on by hand, for a case that asserts what happens at each step.
 * A run's timers fire on advance(), never in real time, so a case of a 10-second limit takes no
 * 10 seconds:
 *   const clock = manualClock();
 *   const running = collab(args, { clock });
 *   await clock.timerSet();
 *   clock.advance(9_999); // nothing yet
 *   clock.advance(1);
 *
 * virtualClock: for whole sessions with many waits (under faults, a rate limit). See below.
 */
export function manualClock(start = Date.UTC(2030, 0, 1)) {
  let now = start;
  const timers: Array<{ at: number; callback: () => void; done: boolean }> = [];
  const waiting: Array<() => void> = [];
  const clock: Clock & { advance(ms: number): void; timerSet(): Promise<void> } = {
    now: () => now,
    setTimeout(callback, ms) {
      const timer = { at: now + ms, callback, done: false };
      timers.push(timer);
      for (const wake of waiting.splice(0)) wake();
      return {
        cancel: () => {
          timer.done = true;
        },
      };
    },
    /** Moves time on by `ms`, running the timers due by then in order. */
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => !t.done && t.at <= now).sort((a, b) => a.at - b.at)) {
        timer.done = true;
        timer.callback();
      }
    },
    /** Resolves once a timer is pending. */
    timerSet() {
      if (timers.some((t) => !t.done)) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
  return clock;
}

/**
 * A clock that needs no hand: real time, plus every wait it jumped over. A timer set on it fires
 * on the next turn of the event loop (a real macrotask, so the I/O already due goes first), the
 * earliest due first, and moves `now` on to its due time if real time is not there yet: a
 * Retry-After of 30 s costs a turn, not 30 s. Time never goes back, and never falls behind real
 * time, so stamps taken from the wall clock (a Date header, created_at of a seeded store) are
 * never later than the clock's now. Give the same clock to the sandbox, so that its rate-limit
 * windows, job durations and Retry-After agree with the run's waits:
 *   const clock = virtualClock();
 *   const { collab, sandbox } = useSandbox({ rateLimit: '20/1s', now: clock.now });
 *   const result = await collab(['projects', 'list', '--all'], { clock });
 *   // it did wait, on the clock, no longer than the windows (test/helpers/faults.ts)
 *   expect(clock.skipped()).toBeLessThanOrEqual(mostWaitedMs(sandbox, '20/1s'));
 * Not for a run that waits on something real while a timer is set (a token command's limit
 * would fire at once): use manualClock there.
 */
export function virtualClock() {
  let offset = 0;
  let last = 0;
  let sequence = 0;
  /** A turn of the event loop is booked to fire the next timer. */
  let booked = false;
  const timers: Array<{ at: number; order: number; callback: () => void }> = [];
  const now = (): number => {
    last = Math.max(last, Date.now() + offset);
    return last;
  };
  const fireNext = () => {
    booked = false;
    timers.sort((a, b) => a.at - b.at || a.order - b.order);
    const next = timers.shift();
    if (!next) return;
    const current = now();
    if (next.at > current) offset += next.at - current;
    last = Math.max(last, next.at);
    if (timers.length > 0) book();
    next.callback();
  };
  const book = () => {
    if (booked) return;
    booked = true;
    setImmediate(fireNext);
  };
  const clock: Clock & { skipped(): number } = {
    now,
    setTimeout(callback, ms) {
      const timer = { at: now() + Math.max(0, ms), order: sequence++, callback };
      timers.push(timer);
      book();
      return {
        cancel: () => {
          const index = timers.indexOf(timer);
          if (index >= 0) timers.splice(index, 1);
        },
      };
    },
    /** How much time it jumped over in all (ms): what the waits would have cost in real time. */
    skipped: () => offset,
  };
  return clock;
}
