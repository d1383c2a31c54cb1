import { describe, expect, it } from 'vitest';
import { virtualClock } from '../helpers/clock.js';
import { useDesiredWorlds } from '../helpers/desired.js';
import { mostWaitedMs } from '../helpers/faults.js';

/**
 * collab apply under the service's rate limit: many requests in flight, one gate, no 429. The
 * sandbox and the run share a virtual clock: the gate's waits for the next window are jumped over.
 */
const clock = virtualClock();
const rateLimit = '12/s';
const world = useDesiredWorlds({ rateLimit, latency: 20, now: clock.now });

const POLICY = `version: 1
groups:
  acme/web:
    projects:
      settings: { merge_method: ff }
      push_rule: { deny_delete_tag: true }
      hooks:
        - url: https://hooks.example.com/limited
`;

describe('collab apply under a rate limit', () => {
  it('holds back once what remains of the window is taken by the requests on their way: every change made, no request refused', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(POLICY);
    const skipped = clock.skipped();
    const applied = await collab(['apply', '-f', path, '--yes', '--concurrency', '8'], { clock });
    expect(applied.exitCode).toBe(0);
    const { store } = sandbox;
    const projects = store.allProjects().filter((p) => store.projectFullPath(p).startsWith('acme/web/'));
    for (const project of projects) {
      expect(project.attrs.merge_method).toBe('ff');
      expect(
        [...store.hooks.values()].filter((h) => h.owner.kind === 'project' && h.owner.id === project.id).length,
      ).toBe(1);
    }
    // More requests than one window allows (so the limit was met), and none answered 429.
    expect(sandbox.requestLog.length).toBeGreaterThan(12);
    expect(sandbox.requestLog.filter((r) => r.status === 429)).toEqual([]);
    // The client held back for the next window, on the clock, no longer than the windows last.
    expect(clock.skipped() - skipped).toBeGreaterThan(0);
    expect(clock.skipped() - skipped).toBeLessThanOrEqual(mostWaitedMs(sandbox, rateLimit));
  });
});
