import { describe, expect, it } from 'vitest';
import { PagesInFlight } from '../../src/http/pages-in-flight.js';

/**
 * A listing's first page alone, then `rounds` rounds of `limit.current` pages, each taking
 * `ms(current)`, while the listing waits (`waiting`) or not; the number in flight after each round.
 */
function run(limit: PagesInFlight, rounds: number, ms: (inFlight: number) => number, waiting = true): number[] {
  const seen: number[] = [];
  limit.waiting = waiting;
  limit.took(ms(1));
  for (let round = 0; round < rounds; round++) {
    const n = limit.current;
    for (let i = 0; i < n; i++) limit.took(ms(n));
    seen.push(limit.current);
  }
  return seen;
}

describe('PagesInFlight', () => {
  it('goes up to twice the start while pages take as long as the fastest did', () => {
    const limit = new PagesInFlight(8, true);
    expect(run(limit, 3, () => 20)).toEqual([14, 16, 16]);
    expect(limit.ceiling).toBe(16);
  });

  it('adds pages one by one while a few queue', () => {
    // Two of the 8 wait at the service: 8 x (1 - 30/40) = 2, under ALPHA.
    const limit = new PagesInFlight(8, true);
    limit.waiting = true;
    limit.took(30);
    for (let i = 0; i < 8; i++) limit.took(40);
    limit.took(40);
    expect(limit.current).toBe(9);
  });

  it('stays at the start when every page more in flight is a page more queued', () => {
    // One page served at a time: with n in flight a page takes n times as long.
    const limit = new PagesInFlight(8, true);
    const seen = run(limit, 10, (n) => 5 * n);
    expect(Math.max(...seen)).toBe(8);
  });

  it('gives pages back when pages take far longer, never below the start', () => {
    const limit = new PagesInFlight(8, true);
    run(limit, 3, () => 20);
    expect(limit.current).toBe(16);
    run(limit, 3, () => 200);
    expect(limit.current).toBe(8);
  });

  it('adds none while the listing does not wait for its pages (the output sets the pace)', () => {
    const limit = new PagesInFlight(8, true);
    expect(run(limit, 3, () => 20, false)).toEqual([8, 8, 8]);
  });

  it('adds none before a round of pages at the start came back', () => {
    const limit = new PagesInFlight(8, true);
    limit.waiting = true;
    for (let i = 0; i < 8; i++) limit.took(20);
    expect(limit.current).toBe(8);
    limit.took(20);
    expect(limit.current).toBe(14);
  });

  it('keeps a number the user gave whatever the pages take', () => {
    const limit = new PagesInFlight(8, false);
    expect(run(limit, 3, () => 20)).toEqual([8, 8, 8]);
    expect(limit.ceiling).toBe(8);
  });

  it('adds none by a clock that does not move', () => {
    const limit = new PagesInFlight(8, true);
    expect(run(limit, 3, () => 0)).toEqual([8, 8, 8]);
  });
});
