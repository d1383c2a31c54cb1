import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';

/**
 * --wait for every background job, with fork --wait's schedule, spinner, exit codes
 * (6 failed, 7 timed out) and messages: an immediate deletion until the service answers 404, a
 * delayed one until it is marked, a mirror pull until its import status settles.
 */

// biome-ignore lint/suspicious/noExplicitAny: printed results are JSON, read loosely
type Json = any;

describe('--wait', () => {
  // The polls (and the jobs they wait for) on a virtual clock: a wait costs turns of the event loop, not time.
  const clock = virtualClock();
  const { collab, sandbox } = useSandbox({ seed: 30, deleteDuration: 600, forkDuration: 400, clock });
  const project = (ref: string | number) => sandbox.store.findProject(ref);

  it('projects delete: an immediate deletion is accepted at once, and with --wait is followed until the project is gone', async () => {
    const quick = await collab(['projects', 'delete', 'dana/grand-beacon-26', '--yes', '--json']);
    expect(quick.exitCode).toBe(0);
    expect(quick.json<Json>()).toMatchObject({ id: 27, status: 'deletion_accepted' });
    expect(project(27)).toBeDefined();

    const waited = await collab(['projects', 'delete', 'olivia/fleet-beacon-25', '--yes', '--wait', '--json']);
    expect(waited.exitCode).toBe(0);
    expect(waited.json<Json>()).toMatchObject({
      id: 26,
      path_with_namespace: 'olivia/fleet-beacon-25',
      status: 'deleted',
    });
    expect(waited.stderr).toBe('olivia/fleet-beacon-25: gone\ndeleted project olivia/fleet-beacon-25\n');
    expect(project(26)).toBeUndefined();
  });

  it('at a terminal in a CI job, which draws no spinner, each status change is a line of its own', async () => {
    const waited = await collab(['projects', 'delete', 'olivia/fleet-beacon-25', '--yes', '--wait', '--json'], {
      tty: true,
    });
    expect(waited.exitCode).toBe(0);
    expect(waited.stderr).toBe('olivia/fleet-beacon-25: gone\ndeleted project olivia/fleet-beacon-25\n');
  });

  it('projects delete: a delayed deletion is settled once marked, without polling', async () => {
    sandbox.resetStats();
    const result = await collab(['projects', 'delete', 'acme/jolly-atlas-9', '--yes', '--wait', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.json<Json>()).toMatchObject({ id: 10, status: 'marked_for_deletion' });
    // GET, DELETE, GET: nothing more.
    expect(sandbox.stats.requests).toBe(3);
  });

  it('groups delete: marked at once; --permanently-remove --wait follows the removal until 404', async () => {
    const marked = await collab(['groups', 'delete', 'globex/research', '--yes', '--wait', '--json']);
    expect(marked.exitCode).toBe(0);
    expect(marked.json<Json>()).toMatchObject({ full_path: 'globex/research', status: 'marked_for_deletion' });
    const removed = await collab([
      'groups',
      'delete',
      'globex/research',
      '--permanently-remove',
      '--yes',
      '--wait',
      '--json',
    ]);
    expect(removed.exitCode).toBe(0);
    expect(removed.json<Json>()).toMatchObject({ full_path: 'globex/research', status: 'removed' });
    expect(sandbox.store.findGroup('globex/research')).toBeUndefined();
  });

  it('times out with exit 7, saying the deletion goes on and how to check it', async () => {
    sandbox.store.deletions.durationMs = 60_000;
    try {
      const skipped = clock.skipped();
      const start = clock.now();
      const result = await collab(['projects', 'delete', 'dana/rapid-atlas-17', '--yes', '--wait', '--timeout', '1s']);
      expect(result.exitCode).toBe(7);
      // The whole second was waited on the clock, mostly jumped over (how much of it passed for
      // real, between the polls, depends on the machine's load, so only the total is exact).
      expect(clock.now() - start).toBeGreaterThanOrEqual(1000);
      expect(clock.skipped() - skipped).toBeGreaterThan(500);
      expect(result.stderr).toMatch(
        /error: timed out after 1s waiting for the deletion of project dana\/rapid-atlas-17 \(status: being removed\)\nhint: the deletion continues; check it with: collab projects view 18\n$/,
      );
    } finally {
      sandbox.store.deletions.durationMs = 600;
    }
  });

  const mirror = async () => {
    const configured = await collab([
      'projects',
      'update',
      'acme/platform/api',
      '--import-url',
      'https://example.com/api.git',
      '--mirror',
    ]);
    expect(configured.exitCode).toBe(0);
  };

  it('projects mirror-pull --wait waits until the import status is finished', async () => {
    await mirror();
    const pulled = await collab(['projects', 'mirror-pull', 'acme/platform/api', '--wait', '--json']);
    expect(pulled.exitCode).toBe(0);
    expect(pulled.json<Json>()).toMatchObject({ id: 2, import_status: 'finished' });
    expect(pulled.stderr).toMatch(/pulled the mirror acme\/platform\/api: finished\n$/);
  });

  it('projects mirror-pull --wait of a failing import exits 6 with its import_error', async () => {
    await mirror();
    await collab(['projects', 'update', 'acme/platform/api', '--description', 'mirror [fail-import]']);
    const failing = await collab(['projects', 'mirror-pull', 'acme/platform/api', '--wait']);
    expect(failing.exitCode).toBe(6);
    expect(failing.stderr).toMatch(
      /error: the pull of the mirror acme\/platform\/api failed: Mirror update failed: .*\[fail-import\]/,
    );
    expect(failing.stderr).toMatch(/\nhint: see it with: collab projects view acme\/platform\/api\n$/);
  });

  it('projects mirror-pull without --wait says it started the pull', async () => {
    await mirror();
    const started = await collab(['projects', 'mirror-pull', 'acme/platform/api']);
    expect(started.stderr).toMatch(/^started a pull of the mirror acme\/platform\/api/);
  });

  it('--timeout without --wait is a usage error before any request', async () => {
    sandbox.resetStats();
    for (const args of [
      ['projects', 'delete', '1', '--yes', '--timeout', '5m'],
      ['groups', 'delete', 'acme', '--yes', '--timeout', '5m'],
      ['projects', 'mirror-pull', '1', '--timeout', '5m'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toBe(
        'error: --timeout applies only with --wait\nhint: add --wait, or leave out --timeout\n',
      );
    }
    expect(sandbox.stats.requests).toBe(0);
  });

  it('waits for each target when the targets come from standard input', async () => {
    const result = await collab(['projects', 'delete', '-', '--yes', '--wait', '-o', 'ndjson'], {
      input: 'olivia/quiet-atlas-16\ndana/ivory-atlas-8\n',
    });
    expect(result.exitCode).toBe(0);
    expect(result.lines<Json>().map((r) => [r.target, r.status, r.response.status])).toEqual([
      ['olivia/quiet-atlas-16', 'ok', 'deleted'],
      ['dana/ivory-atlas-8', 'ok', 'deleted'],
    ]);
    expect(project(17)).toBeUndefined();
    expect(project(9)).toBeUndefined();
  });
});
