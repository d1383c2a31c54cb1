import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * dist/cli.cjs (src/launcher.cjs) runs the two bundles from the code caches the build recorded.
 * A cache V8 rejects would still work, only slowly: these tests make sure it is accepted, and that
 * a missing or damaged one costs nothing but time.
 */
const DIST = resolve(process.env.COLLAB_TEST_DIST ?? join(import.meta.dirname, '../../dist'));
const require = createRequire(import.meta.url);
const launcher = require(join(DIST, 'cli.cjs')) as {
  loadBundle(name: string, options?: { useCache?: boolean }): { exports: Record<string, unknown>; script: { cachedDataRejected?: boolean } };
  tuneV8(): void;
};

describe('the launcher', () => {
  // In this order, as dist/cli.cjs does: the front first, then the V8 flags, then the back.
  it('runs front.cjs from a code cache V8 accepts', () => {
    const { exports, script } = launcher.loadBundle('front');
    expect(script.cachedDataRejected).toBe(false);
    expect(typeof exports.runAndExit).toBe('function');
  });

  it('runs back.cjs from a code cache V8 accepts, under the flags set for it', () => {
    launcher.tuneV8();
    const { exports, script } = launcher.loadBundle('back');
    expect(script.cachedDataRejected).toBe(false);
    expect(Object.keys(exports.modules as object)).toContain('run.js');
  });

  const damaged = mkdtempSync(join(tmpdir(), 'collab-dist-'));
  afterAll(() => rmSync(damaged, { recursive: true, force: true }));

  it('still runs, from the source alone, when the caches are damaged or gone', async () => {
    cpSync(DIST, damaged, { recursive: true });
    writeFileSync(join(damaged, 'front.cache'), 'not a code cache');
    rmSync(join(damaged, 'back.cache'));
    const help = await execa('node', [join(damaged, 'cli.cjs'), 'projects', 'list', '--help'], { reject: false });
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^Usage: collab projects list/);
    // A command that reaches the back: a usage error found by the verb, before any request.
    const bad = await execa('node', [join(damaged, 'cli.cjs'), 'projects', 'view', 'no such/ref!'], { reject: false, env: { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'x' } });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: /);
  });
});
