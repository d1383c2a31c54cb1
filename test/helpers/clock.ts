import type { Clock } from '../../src/runtime.js';

/**
 * A clock a test moves on by hand (RunOptions.clock): a run's timers fire on advance(), never in
 * real time, so a case of a 10-second limit takes no 10 seconds.
 *   const clock = manualClock();
 *   const running = collab(args, { clock });
 *   await clock.timerSet();
 *   clock.advance(10_000);
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
