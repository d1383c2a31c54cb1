import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

/**
 * README's quick start runs word for word after "The two commands" (npm ci, so dist/ is built),
 * with no `npm link`: its block is taken from README.md and run by bash, a process of its own, in
 * a temporary directory whose `bin` is the checkout's (as the checkout is for a user, and the
 * sandbox's files land in the temporary directory). Its wait loop ends when the sandbox cannot start.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The quick start's last line pipes into jq: without it on PATH, the whole block cannot run as written. */
const HAS_JQ = (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, 'jq')));

function quickStart(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Quick start\n'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no sh block under "Quick start"');
  return block;
}

function checkoutLike(): string {
  const dir = mkdtempSync(join(tmpdir(), 'collab-quick-start-'));
  symlinkSync(join(ROOT, 'bin'), join(dir, 'bin'));
  return dir;
}

function run(script: string, dir: string) {
  return execa('bash', ['-c', script], {
    cwd: dir,
    reject: false,
    timeout: 60_000,
    extendEnv: false,
    env: { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1', CI: 'true' },
  });
}

describe('README quick start', () => {
  it('runs word for word with collab from the checkout (skipped without jq on PATH)', async (ctx) => {
    ctx.skip(!HAS_JQ, 'jq is not on PATH');
    const dir = checkoutLike();
    // The next README block stops the sandbox (`kill %1`); so does this run.
    const result = await run(`set -e\n${quickStart()}\nkill %1\n`, dir);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('acme/web/storefront');
    expect(result.stdout).toMatch(/^ {2}web\tWeb\t/m);
    expect(result.stdout).toContain('"olivia/storefront"');
  });

  it('its wait loop ends when the sandbox cannot start, and shows why', async () => {
    const dir = checkoutLike();
    // The sandbox's output file cannot be written: the background command fails at once.
    mkdirSync(join(dir, 'sandbox.env'));
    const lines = quickStart().split('\n');
    const throughWait = lines.slice(0, lines.findIndex((line) => line.startsWith('done')) + 1).join('\n');
    const result = await run(throughWait, dir);
    expect(result.timedOut).toBe(false);
    expect(result.stdout).toContain('the sandbox did not start:');
    expect(result.stderr).toContain('sandbox.env');
  });
});
