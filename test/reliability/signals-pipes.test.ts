import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempConfigDir } from '../helpers/cli.js';
import { until } from '../helpers/processes.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';

/**
 * Ctrl-C ends any command with exit 130 and one line on stderr; a closed pipe
 * (`| head`) ends a listing at once, quietly, with exit 0 and no more fetching, a run over many
 * targets as Ctrl-C does (141), and any other command not at all (an apply's or a plan's own exit
 * code); piped output of any size is complete.
 */

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.close();
});

function envFor(sandbox: Sandbox): Record<string, string> {
  const dir = tempConfigDir();
  return {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    COLLAB_CONFIG_DIR: dir,
    COLLAB_HOST: sandbox.url,
    COLLAB_TOKEN: sandbox.tokens.admin,
    NO_COLOR: '1',
    CI: 'true',
  };
}

/** Starts collab, waits until `ready`, sends the signal, and returns how it ended. */
async function interrupt(sandbox: Sandbox, args: string[], ready: () => boolean, signal: NodeJS.Signals = 'SIGINT') {
  const child = execa('node', [BIN, ...args], {
    env: envFor(sandbox),
    extendEnv: false,
    reject: false,
    timeout: 30_000,
    stripFinalNewline: false,
  });
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
  /** Listed in full: 11 pages of 100 (the last one short), some 4 MB as JSON; 105 pages of 10. */
  const PROJECTS = 1_050;
  const PAGES = 11;
  let medium: Sandbox;
  let dir: string;
  beforeAll(async () => {
    medium = await startSandbox({ port: 0, seed: PROJECTS });
    sandboxes.push(medium);
    dir = tempConfigDir();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Runs `collab <args> | <reader>` under bash with pipefail: the exit code is collab's unless the reader failed. */
  async function piped(args: string[], reader: string, sandbox = medium) {
    const quoted = [BIN, ...args].map((a) => `'${a}'`).join(' ');
    const result = await execa(
      'bash',
      ['-c', `set -o pipefail; node ${quoted} | ${reader}; echo "collab:\${PIPESTATUS[0]}" >&2`],
      { env: envFor(sandbox), extendEnv: false, reject: false, timeout: 60_000, stripFinalNewline: false },
    );
    const stderr = String(result.stderr);
    const status = /collab:(\d+)\n?$/.exec(stderr)?.[1];
    return { exitCode: Number(status), stdout: String(result.stdout), stderr: stderr.replace(/collab:\d+\n?$/, '') };
  }

  it("`collab api 'projects?per_page=10' --paginate | head -c 100` exits 0 at once, quietly, and stops fetching", async () => {
    medium.resetStats();
    // Pages of 10, so that many exist (105) at little cost.
    const result = await piped(['api', 'projects?per_page=10', '--paginate'], 'head -c 100');
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(Buffer.byteLength(result.stdout)).toBe(100);
    // 105 pages exist; only the first and those fetched ahead of it were asked for.
    // collab has exited: once its connections are closed, every request it sent has been counted.
    await medium.idle();
    expect(medium.stats.requests).toBeLessThan(20);
  });

  it('`collab projects list --all --per-page 10 -o ndjson | head -1` exits 0 at once, quietly, and stops fetching', async () => {
    medium.resetStats();
    const result = await piped(['projects', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], 'head -1');
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(JSON.parse(result.stdout.trim())).toHaveProperty('id');
    // collab has exited: once its connections are closed, every request it sent has been counted.
    await medium.idle();
    expect(medium.stats.requests).toBeLessThan(20);
  });

  /**
   * The reader starts only once collab has asked for every page, and then takes what comes in
   * small gulps: collab has fetched the whole listing (11 pages of 100: the first in the writer, the
   * 10 it holds ahead of its output) and has written what the pipe takes (64 KiB of 4 MB), so the rest
   * is waiting in collab when the reader starts and as collab ends: nothing of it may be lost at
   * exit. Whether the service sends totals (it does up to 10,000 records) only changes which
   * pages are asked for ahead, not how the output is written. A listing of 10,050 checked the
   * same at ten times the cost.
   */
  async function lateReader(args: string[], reader: string) {
    const go = join(dir, `go-${Math.random().toString(36).slice(2)}`);
    medium.resetStats();
    // The reader waits 30 s at most, and is let go whatever happens here: a test that fails (a
    // build missing) must not leave a shell polling for ever once the test's own bash is killed.
    const running = piped(
      args,
      `(n=0; while [ ! -e '${go}' ] && [ $n -lt 3000 ]; do sleep 0.01; n=$((n+1)); done; ${reader})`,
      medium,
    );
    try {
      await until(() => medium.stats.requests >= PAGES, 'every page to be asked for');
    } finally {
      writeFileSync(go, '');
    }
    return running;
  }

  it('writes every byte of a listing to a reader that starts late and reads slowly', async () => {
    const result = await lateReader(['api', 'projects', '--paginate'], 'dd bs=4096 status=none');
    expect(result.exitCode).toBe(0);
    expect(Buffer.byteLength(result.stdout)).toBeGreaterThan(20 * 64 * 1024);
    // Cut anywhere, the array would not parse.
    const items = JSON.parse(result.stdout) as Array<{ id: number }>;
    expect(items).toHaveLength(PROJECTS);
    expect(new Set(items.map((p) => p.id)).size).toBe(PROJECTS);
  });

  it('writes every line of an ndjson listing through a pipe to a reader that starts late', async () => {
    const result = await lateReader(['projects', 'list', '--all', '-o', 'ndjson'], 'cat');
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(PROJECTS);
    expect(new Set(lines.map((line) => (JSON.parse(line) as { id: number }).id)).size).toBe(PROJECTS);
  });
});

describe('a closed pipe over many targets', () => {
  let slowish: Sandbox;
  beforeAll(async () => {
    slowish = await startSandbox({ port: 0, seed: 30, latency: 100 });
    sandboxes.push(slowish);
  });

  // From the store, not over HTTP: a keep-alive connection of the test's own would hold idle() open.
  const starredIds = () => {
    const admin = slowish.store.usersByToken.get(slowish.tokens.admin)?.id;
    return [...slowish.store.stars].filter(([, stars]) => admin !== undefined && stars.has(admin)).map(([id]) => id);
  };

  it('`seq 1 30 | collab projects star - | head -1` stops as at Ctrl-C: exit 141, the targets not done listed', async () => {
    const before = new Set(starredIds());
    const result = await execa(
      'bash',
      [
        '-c',
        `set -o pipefail; seq 1 30 | node '${BIN}' projects star - --concurrency 1 | head -1; echo "collab:\${PIPESTATUS[1]}" >&2`,
      ],
      { env: envFor(slowish), extendEnv: false, reject: false, timeout: 60_000 },
    );
    const stderr = String(result.stderr).split('\n');
    // Exit 0 would say all 30 were starred when most were never started.
    expect(stderr.at(-1)).toBe('collab:141');
    expect(stderr.at(-2)).toBe('error: interrupted: standard output was closed');
    const header = stderr.findIndex((line) => /; not done: \d+ of 30 targets\. To finish/.test(line));
    expect(header).toBeGreaterThanOrEqual(0);
    const notDone = stderr.slice(header + 1, -2).map(Number);
    expect(notDone.length).toBeGreaterThan(0);
    expect(notDone.at(-1)).toBe(30);
    await slowish.idle();
    // Every target not listed was starred; none listed was (it was never started).
    const starred = new Set(starredIds().filter((id) => !before.has(id)));
    for (let id = 1; id <= 30; id++) expect(starred.has(id) || before.has(id)).toBe(!notDone.includes(id));
    expect(String(result.stdout).split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('a closed pipe after an apply', () => {
  let world: Sandbox;
  beforeAll(async () => {
    world = await startSandbox({ port: 0, seed: 30 });
    sandboxes.push(world);
  });

  /** A saved plan giving every project below acme `description`, written in a directory of its own. */
  async function savedPlan(description: string) {
    const dir = mkdtempSync(join(tmpdir(), 'collab-pipe-apply-'));
    writeFileSync(
      join(dir, 'collab.yaml'),
      `version: 1\ngroups:\n  acme:\n    projects:\n      settings: { description: ${description} }\n`,
    );
    const env = envFor(world);
    const plan = await execa('node', [BIN, 'plan', '--out', 'plan.json'], {
      cwd: dir,
      env,
      extendEnv: false,
      reject: false,
    });
    expect(plan.exitCode, String(plan.stderr)).toBe(8);
    return { dir, env };
  }

  const applyIntoTrue = (dir: string, env: Record<string, string>) =>
    execa(
      'bash',
      ['-c', `set -o pipefail; node '${BIN}' apply -f plan.json | true; echo "collab:\${PIPESTATUS[0]}" >&2`],
      {
        cwd: dir,
        env,
        extendEnv: false,
        reject: false,
        timeout: 60_000,
      },
    );

  it('`collab apply -f plan.json | true` with a stale target exits 5, not 0, and names the target', async () => {
    const { dir, env } = await savedPlan('piped-stale');
    const moved = await execa('node', [BIN, 'projects', 'update', 'acme/web/storefront', '--description', 'moved'], {
      env,
      extendEnv: false,
      reject: false,
    });
    expect(moved.exitCode, String(moved.stderr)).toBe(0);
    const result = await applyIntoTrue(dir, env);
    const stderr = String(result.stderr).split('\n');
    expect(stderr.at(-1)).toBe('collab:5');
    expect(stderr).toContain(
      'hint: the stale target needs a new plan: `collab plan -f collab.yaml --out <file> acme/web/storefront`',
    );
    // The others were all done: the reader's going did not cut the apply short.
    const others = [...world.store.projects.values()].filter((project) => project.description === 'piped-stale');
    expect(others.length).toBeGreaterThan(10);
  });

  it('`collab plan | true` with changes exits 8, as unpiped: drift is never hidden behind a 0', async () => {
    const { dir, env } = await savedPlan('piped-drift');
    const result = await execa(
      'bash',
      ['-c', `set -o pipefail; node '${BIN}' plan | true; echo "collab:\${PIPESTATUS[0]}" >&2`],
      {
        cwd: dir,
        env,
        extendEnv: false,
        reject: false,
        timeout: 60_000,
      },
    );
    expect(String(result.stderr).split('\n').at(-1)).toBe('collab:8');
  });

  it('`collab apply -f plan.json | true` that does all exits 0 and removes the journal', async () => {
    const { dir, env } = await savedPlan('piped-whole');
    const result = await applyIntoTrue(dir, env);
    expect(String(result.stderr).split('\n').at(-1)).toBe('collab:0');
    expect(existsSync(join(dir, 'plan.json.journal'))).toBe(false);
  });
});
