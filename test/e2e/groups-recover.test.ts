import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';
import { mostWaitedMs } from '../helpers/faults.js';

/**
 * POST /groups is not safe to repeat. Against a sandbox that drops answers and fails requests
 * (some after making the change), `groups create` looks for the group before sending again:
 * every group exists exactly once and every command succeeds.
 */
describe('collab groups create on an unreliable service', () => {
  // The backoffs between tries on a virtual clock (test/helpers/clock.ts): jumped over, not waited out.
  const clock = virtualClock();
  const { collab, sandbox } = useSandbox({ seed: 5, failRate: 0.35, faultSeed: 11, clock });

  it('never creates a group twice, and recovers the answers it lost', async () => {
    let recovered = 0;
    for (let i = 0; i < 10; i++) {
      const result = await collab([
        'groups',
        'create',
        '--name',
        `Flaky ${i}`,
        '--parent',
        'acme',
        '--json',
        '--verbose',
      ]);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.json()).toMatchObject({ full_path: `acme/flaky-${i}`, name: `Flaky ${i}` });
      if (result.stderr.includes('had taken effect; not sending it again')) recovered++;
    }
    // From the store: this sandbox's API answers with faults too, and a read back would count in them.
    const created = [...sandbox.store.groups.values()].filter((g) => g.name.startsWith('Flaky '));
    expect(created.map((g) => g.path).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `flaky-${i}`).sort());
    // The faults did strike after a change was made, and those answers were recovered.
    expect(recovered).toBe(2);
    expect(sandbox.stats.faults).toBe(9);
    // The backoffs, on the clock: how long, jitter decides.
    expect(clock.skipped()).toBeGreaterThan(0);
    expect(clock.skipped()).toBeLessThanOrEqual(mostWaitedMs(sandbox));
  });
});
