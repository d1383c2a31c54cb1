import { describe, expect, it } from 'vitest';
import { FIRST_POLL_MS, importPollDelay, importSettled, MAX_POLL_MS, pollsToObserve } from '../../src/commands/wait.js';

describe('the polling schedule of fork --wait', () => {
  it('starts near 250 ms and grows by about 1.6x up to 3 s', () => {
    const delays = Array.from({ length: 10 }, (_, attempt) => importPollDelay(attempt));
    expect(delays).toEqual([250, 400, 640, 1024, 1638, 2621, 3000, 3000, 3000, 3000]);
    expect(delays[0]).toBe(FIRST_POLL_MS);
    expect(Math.max(...delays)).toBe(MAX_POLL_MS);
  });

  it('never shrinks and never exceeds the cap, however long the wait', () => {
    let previous = 0;
    for (let attempt = 0; attempt < 1000; attempt++) {
      const delay = importPollDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(previous);
      expect(delay).toBeLessThanOrEqual(MAX_POLL_MS);
      previous = delay;
    }
  });

  it('sees a 30 s import with at most 15 status requests', () => {
    expect(pollsToObserve(30_000)).toBeLessThanOrEqual(15);
  });

  it('sees a quick fork within its first polls', () => {
    expect(pollsToObserve(200)).toBe(1);
    expect(pollsToObserve(1000)).toBe(3);
  });

  it('keeps a 10 minute wait to about 20 requests a minute', () => {
    expect(pollsToObserve(600_000)).toBeLessThanOrEqual(205);
  });

  it('knows which import states are final', () => {
    for (const status of ['finished', 'failed', 'none', null, undefined]) expect(importSettled(status)).toBe(true);
    for (const status of ['scheduled', 'started']) expect(importSettled(status)).toBe(false);
  });
});
