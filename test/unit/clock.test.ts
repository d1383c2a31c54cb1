import { describe, expect, it } from 'vitest';
import { manualClock, virtualClock } from '../helpers/clock.js';

/** The test clocks themselves (test/helpers/clock.ts): what the tests that wait on them rely on. */

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('virtualClock', () => {
  it('fires timers earliest first, moving now on to each due time instead of waiting', async () => {
    const clock = virtualClock();
    const start = clock.now();
    const fired: Array<[string, number]> = [];
    const done = new Promise<void>((resolve) => {
      clock.setTimeout(() => fired.push(['late', clock.now() - start]), 60_000);
      clock.setTimeout(() => {
        fired.push(['early', clock.now() - start]);
        // Set while the others wait: due before the late one, so it goes first.
        clock.setTimeout(() => fired.push(['between', clock.now() - start]), 1000);
      }, 5000);
      clock.setTimeout(resolve, 120_000);
    });
    await done;
    expect(fired.map(([name]) => name)).toEqual(['early', 'between', 'late']);
    const [early, between, late] = fired.map(([, at]) => at) as [number, number, number];
    expect(early).toBeGreaterThanOrEqual(5000);
    expect(between).toBeGreaterThanOrEqual(6000);
    expect(late).toBeGreaterThanOrEqual(60_000);
    // Real time went on by little: the rest was jumped over.
    expect(clock.skipped()).toBeGreaterThan(119_000);
  });

  it('fires nothing that was cancelled, and never goes back nor behind real time', async () => {
    const clock = virtualClock();
    let fired = false;
    clock
      .setTimeout(() => {
        fired = true;
      }, 10_000)
      .cancel();
    await turn();
    await turn();
    expect(fired).toBe(false);
    expect(clock.skipped()).toBe(0);
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
  });

  it('fires on a later turn of the event loop, not while the code that set it runs', async () => {
    const clock = virtualClock();
    let fired = false;
    clock.setTimeout(() => {
      fired = true;
    }, 0);
    expect(fired).toBe(false);
    await turn();
    expect(fired).toBe(true);
  });
});

describe('manualClock', () => {
  it('fires only on advance, due timers in order', async () => {
    const clock = manualClock();
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(2), 2000);
    clock.setTimeout(() => fired.push(1), 1000);
    await clock.timerSet();
    clock.advance(999);
    expect(fired).toEqual([]);
    clock.advance(1001);
    expect(fired).toEqual([1, 2]);
  });
});
