import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { virtualClock } from '../helpers/clock.js';
import { FAULTS, faultsCli, mostWaitedMs } from '../helpers/faults.js';

/**
 * Under faults nothing is lost and nothing is done twice: listing every project of a sandbox that
 * fails one request in five and limits the rate gives each project exactly once. (A file of its
 * own, apart from the session of mutations in under-faults.test.ts, so that the two long cases run
 * side by side in the suite's two workers.)
 */

describe('listing 5,000 projects under faults', () => {
  let sandbox: Sandbox;
  let expected: number[];
  const clock = virtualClock();
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5000, ...FAULTS, now: clock.now });
    expected = sandbox.store.allProjects().map((p) => p.id);
  });
  afterAll(() => sandbox?.close());

  it('`collab api projects --paginate` gives each project exactly once', { timeout: 120_000 }, async () => {
    sandbox.reset();
    const skipped = clock.skipped();
    const result = await faultsCli(sandbox, 'admin', clock)(['api', 'projects', '--paginate', '--verbose']);
    expect(result.stderr.split('\n').filter((l) => l.startsWith('error'))).toEqual([]);
    expect(result.exitCode).toBe(0);
    const ids = result.json<Array<{ id: number }>>().map((p) => p.id);
    expect(ids).toHaveLength(expected.length);
    expect(new Set(ids)).toEqual(new Set(expected));
    // The faults really happened, and were retried.
    expect(sandbox.stats.faults).toBe(10);
    expect(result.stderr).toMatch(/^! .*retry 1\/5/m);
    // The retries' backoff was jumped over on the clock. (Whether the rate limit held the run back
    // depends on how long the pages took in real time, which the clock follows: not asserted.)
    // How long, jitter decides.
    expect(clock.skipped() - skipped).toBeGreaterThan(0);
    expect(clock.skipped() - skipped).toBeLessThanOrEqual(mostWaitedMs(sandbox, FAULTS.rateLimit));
  });

  it('`collab projects list --all -o ndjson` gives each project exactly once', { timeout: 120_000 }, async () => {
    sandbox.reset();
    const skipped = clock.skipped();
    const result = await faultsCli(sandbox, 'admin', clock)(['projects', 'list', '--all', '-o', 'ndjson']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const ids = result.lines<{ id: number }>().map((p) => p.id);
    expect(ids).toHaveLength(expected.length);
    expect(new Set(ids)).toEqual(new Set(expected));
    expect(sandbox.stats.faults).toBe(10);
    // The retries' backoff, on the clock: how long, jitter decides.
    expect(clock.skipped() - skipped).toBeGreaterThan(0);
    expect(clock.skipped() - skipped).toBeLessThanOrEqual(mostWaitedMs(sandbox, FAULTS.rateLimit));
  });
});
