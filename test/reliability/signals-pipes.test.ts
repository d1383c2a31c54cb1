import { statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempConfigDir } from '../helpers/cli.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';

/**
 * Issue 9, item 4: Ctrl-C ends any command with exit 130 and one line on stderr; a closed pipe
 * (`| head`) ends it at once, quietly, with exit 0 and no more fetching; piped output of any
 * size is complete.
 */

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.close();
});

function envFor(sandbox: Sandbox): Record<string, string> {
  const dir = tempConfigDir();
  return { PATH: process.env.PATH ?? '', HOME: dir, COLLAB_CONFIG_DIR: dir, COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.admin, NO_COLOR: '1', CI: 'true' };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Starts collab, waits until `ready`, sends the signal, and returns how it ended. */
async function interrupt(sandbox: Sandbox, args: string[], ready: () => boolean, signal: NodeJS.Signals = 'SIGINT') {
  const child = execa('node', [BIN, ...args], { env: envFor(sandbox), extendEnv: false, reject: false, timeout: 30_000, stripFinalNewline: false });
  await until(ready, `${args.join(' ')} to be under way`);
  child.kill(signal);
  const result = await child;
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe('Ctrl-C', () => {
  let slow: Sandbox;
  let failing: Sandbox;
  beforeAll(async () => {
    slow = await startSandbox({ port: 0, seed: 30, latency: 10_000 });
    failing = await startSandbox({ port: 0, seed: 30, failRate: 1, faultSeed: 2 });
    sandboxes.push(slow, failing);
  });

  it('ends a request in flight with exit 130 and one line on stderr', async () => {
    slow.resetStats();
    const result = await interrupt(slow, ['api', 'projects'], () => slow.stats.requests > 0);
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toBe('error: interrupted\n');
    expect(result.stdout).toBe('');
  });

  it('ends a paginated listing in flight the same way', async () => {
    slow.resetStats();
    const result = await interrupt(slow, ['api', 'projects', '--paginate'], () => slow.stats.requests > 0);
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toBe('error: interrupted\n');
  });

  it('ends `projects list --all` the same way', async () => {
    slow.resetStats();
    const result = await interrupt(slow, ['projects', 'list', '--all', '-o', 'ndjson'], () => slow.stats.requests > 0);
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toBe('error: interrupted\n');
  });

  it('ends a command waiting between retries the same way', async () => {
    failing.resetStats();
    // Every request fails; after the first, collab is backing off before the next.
    const result = await interrupt(failing, ['api', 'version', '--verbose'], () => failing.stats.requests >= 2);
    expect(result.exitCode).toBe(130);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe('error: interrupted');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr).not.toContain(failing.tokens.admin);
  });

  it('ends on SIGTERM with 143', async () => {
    slow.resetStats();
    const result = await interrupt(slow, ['api', 'user'], () => slow.stats.requests > 0, 'SIGTERM');
    expect(result.exitCode).toBe(143);
    expect(result.stderr).toBe('error: interrupted\n');
  });
});

describe('closed pipes and flushed output', () => {
  let big: Sandbox;
  let dir: string;
  beforeAll(async () => {
    big = await startSandbox({ port: 0, seed: 10_050 });
    sandboxes.push(big);
    dir = tempConfigDir();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Runs `collab <args> | <reader>` under bash with pipefail: the exit code is collab's unless the reader failed. */
  async function piped(args: string[], reader: string) {
    const quoted = [BIN, ...args].map((a) => `'${a}'`).join(' ');
    const result = await execa('bash', ['-c', `set -o pipefail; node ${quoted} | ${reader}; echo "collab:\${PIPESTATUS[0]}" >&2`], { env: envFor(big), extendEnv: false, reject: false, timeout: 60_000, stripFinalNewline: false });
    const stderr = String(result.stderr);
    const status = /collab:(\d+)\n?$/.exec(stderr)?.[1];
    return { exitCode: Number(status), stdout: String(result.stdout), stderr: stderr.replace(/collab:\d+\n?$/, '') };
  }

  it('`collab api projects --paginate | head -c 100` exits 0 at once, quietly, and stops fetching', async () => {
    big.resetStats();
    const result = await piped(['api', 'projects', '--paginate'], 'head -c 100');
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(Buffer.byteLength(result.stdout)).toBe(100);
    // 101 pages exist; only the first and those fetched ahead of it were asked for.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(big.stats.requests).toBeLessThan(20);
  });

  it('`collab projects list --all -o ndjson | head -1` exits 0 at once, quietly, and stops fetching', async () => {
    big.resetStats();
    const result = await piped(['projects', 'list', '--all', '-o', 'ndjson'], 'head -1');
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(JSON.parse(result.stdout.trim())).toHaveProperty('id');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(big.stats.requests).toBeLessThan(20);
  });

  it('writes every byte of a big listing to a slow reader', { timeout: 120_000 }, async () => {
    const file = join(dir, 'direct.json');
    const direct = await execa('bash', ['-c', `node '${BIN}' api projects --paginate > '${file}'`], { env: envFor(big), extendEnv: false, reject: false, timeout: 120_000 });
    expect(direct.exitCode).toBe(0);
    const size = statSync(file).size;
    const items = JSON.parse(await readFile(file, 'utf8')) as Array<{ id: number }>;
    expect(items).toHaveLength(10_050);
    expect(new Set(items.map((p) => p.id)).size).toBe(10_050);
    // The reader starts late and takes what comes in small gulps: nothing may be lost at exit.
    const slow = await piped(['api', 'projects', '--paginate'], "(sleep 1; dd bs=4096 status=none | wc -c)");
    expect(slow.exitCode).toBe(0);
    expect(Number(slow.stdout.trim())).toBe(size);
  });

  it('writes every line of a big ndjson listing through a pipe', async () => {
    const result = await piped(['projects', 'list', '--all', '-o', 'ndjson'], '(sleep 1; cat)');
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(10_050);
    expect(new Set(lines.map((line) => (JSON.parse(line) as { id: number }).id)).size).toBe(10_050);
  });
});
