import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { wrapErrorLines } from '../../src/error-text.js';

/** A clone that was never built, or whose build was cut short, and a build done once. */
const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'collab-unbuilt-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A checkout with bin/collab.js and package.json, and, when given, some of dist/. */
function checkout(name: string, dist: Record<string, string> = {}): string {
  const root = join(work, name);
  mkdirSync(join(root, 'bin'), { recursive: true });
  copyFileSync(join(ROOT, 'bin/collab.js'), join(root, 'bin/collab.js'));
  copyFileSync(join(ROOT, 'bin/package.json'), join(root, 'bin/package.json'));
  copyFileSync(join(ROOT, 'bin/error-lines.cjs'), join(root, 'bin/error-lines.cjs'));
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  for (const [file, from] of Object.entries(dist)) {
    mkdirSync(join(root, 'dist'), { recursive: true });
    copyFileSync(join(ROOT, from), join(root, 'dist', file));
  }
  return root;
}

describe('without a build', () => {
  it('says in one line to run npm run build, exit 1, no stack trace', async () => {
    const root = checkout('never-built');
    const result = await execa('node', [join(root, 'bin/collab.js'), 'projects', 'list'], { reject: false });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: collab is not built (no ${join(root, 'dist', 'cli.cjs')})\nhint: run \`npm ci\` in ${root} (it installs the dependencies and builds; \`npm run build\` rebuilds)`,
    );
    // --version needs no build.
    expect((await execa('node', [join(root, 'bin/collab.js'), '--version'])).stdout).toMatch(/^\d+\.\d+\.\d+$/);
  });

  // Both messages are written before any bundle is loaded, with bin/error-lines.cjs's copy of the rule.
  it.each([
    ['never built', {}, (root: string) => `collab is not built (no ${join(root, 'dist', 'cli.cjs')})`],
    [
      'cut short (a bundle missing)',
      { 'cli.cjs': 'src/launcher.cjs' },
      (root: string) => `collab's build is incomplete (no ${join(root, 'dist', 'front.cjs')})`,
    ],
  ])(
    '%s, on a terminal of 60 columns: the two lines wrapped as collab wraps its errors',
    async (name, dist, problem) => {
      const root = checkout(`narrow, ${name}`, dist);
      const result = await execa('node', [join(root, 'bin/collab.js'), 'projects', 'list'], {
        reject: false,
        env: { COLLAB_FORCE_TTY: '60' },
      });
      expect(result.exitCode).toBe(1);
      const whole = `error: ${problem(root)}\nhint: run \`npm ci\` in ${root} (it installs the dependencies and builds; \`npm run build\` rebuilds)`;
      expect(result.stderr).toBe(wrapErrorLines(whole, 60));
      // Wider than 60 only where one word is (a long checkout path).
      for (const line of result.stderr.split('\n')) expect(line.length <= 60 || !line.trim().includes(' ')).toBe(true);
    },
  );

  it('says the same of a build cut short (a bundle missing)', async () => {
    const root = checkout('half-built', { 'cli.cjs': 'src/launcher.cjs' });
    const result = await execa('node', [join(root, 'bin/collab.js'), 'projects', 'list'], { reject: false });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `error: collab's build is incomplete (no ${join(root, 'dist', 'front.cjs')})\nhint: run \`npm ci\` in ${root} (it installs the dependencies and builds; \`npm run build\` rebuilds)`,
    );
  });
});

describe('build --if-changed (npm install runs it as prepare, npm test after it)', () => {
  it('builds once, then finds the build up to date and leaves it alone', async () => {
    const outdir = join(work, 'dist-once');
    const first = await execa('node', ['build.mjs', '--if-changed', '--outdir', outdir], { cwd: ROOT, reject: false });
    expect(first.exitCode).toBe(0);
    const built = statSync(join(outdir, 'back.cjs')).mtimeMs;
    const second = await execa('node', ['build.mjs', '--if-changed', '--outdir', outdir], { cwd: ROOT, reject: false });
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toMatch(/is up to date: built from these sources$/);
    expect(statSync(join(outdir, 'back.cjs')).mtimeMs).toBe(built);
  }, 120_000);
});
