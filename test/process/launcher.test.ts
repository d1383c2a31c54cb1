import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';

/**
 * dist/cli.cjs (src/launcher.cjs) runs the two bundles from the code caches the build recorded.
 * A cache V8 rejects would still work, only slowly: these tests make sure it is accepted, and that
 * a missing or damaged one costs nothing but time.
 */
const DIST = resolve(process.env.COLLAB_TEST_DIST ?? join(import.meta.dirname, '../../dist'));

describe('the launcher', () => {
  // In a fresh process (V8 flags are per process, and other tests' may differ), in the order of
  // dist/cli.cjs: the front, the V8 flags asked for, the back, then the flags.
  it('runs both bundles from code caches V8 accepts', async () => {
    const script = `
      const launcher = require(${JSON.stringify(join(DIST, 'cli.cjs'))});
      const front = launcher.loadBundle('front');
      launcher.tuneV8();
      const back = launcher.loadBack();
      process.stdout.write(JSON.stringify({
        front: front.script.cachedDataRejected, back: back.script.cachedDataRejected,
        runAndExit: typeof front.exports.runAndExit, modules: Object.keys(back.exports.modules).length,
        gcInNewContexts: require('node:vm').runInNewContext('typeof gc'), gcHere: typeof gc,
      }));`;
    const result = await execa('node', ['-e', script], { reject: false });
    expect(result.exitCode).toBe(0);
    const seen = JSON.parse(result.stdout) as {
      front: boolean;
      back: boolean;
      runAndExit: string;
      modules: number;
      gcInNewContexts: string;
      gcHere: string;
    };
    // The V8 flags (--expose-gc among them) leave the back's cache accepted; gc() is there for the
    // paginator to take from a new context, and the commands' own global scope is unchanged.
    expect(seen).toMatchObject({
      front: false,
      back: false,
      runAndExit: 'function',
      gcInNewContexts: 'function',
      gcHere: 'undefined',
    });
    expect(seen.modules).toBeGreaterThan(50);
  });

  // V8 rejects Node's own code cache for a built-in required after the flags changed: it is then
  // compiled from source, which costs a command's start (src/launcher.cjs, BACK_BUILTINS).
  it('requires before the V8 flags every built-in the modules of a request load', async () => {
    const script = `
      const launcher = require(${JSON.stringify(join(DIST, 'cli.cjs'))});
      launcher.loadBundle('front');
      launcher.tuneV8();
      const back = launcher.loadBack();
      const flagsSet = process.moduleLoadList.length;
      (async () => {
        for (const name of ['run.js', 'commands/projects/view.js', 'commands/projects/list.js'])
          await back.exports.modules[name]();
        const after = process.moduleLoadList.slice(flagsSet).filter((m) => m.startsWith('NativeModule '));
        process.stdout.write(JSON.stringify(after));
      })();`;
    const result = await execa('node', ['-e', script], { reject: false });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  describe('the V8 flags of a run through dist/cli.cjs', () => {
    let sandbox: Sandbox;
    const config = mkdtempSync(join(tmpdir(), 'collab-config-'));
    afterAll(async () => {
      await sandbox?.close();
      rmSync(config, { recursive: true, force: true });
    });

    /** What `typeof gc` is in a new context once a run has ended: a function where it set the flags. */
    async function gcAfterRun(args: readonly string[]): Promise<string> {
      sandbox ??= await startSandbox({ port: 0, seed: 3 });
      const script = `
        const launcher = require(${JSON.stringify(join(DIST, 'cli.cjs'))});
        process.on('exit', () => process.stderr.write(require('node:vm').runInNewContext('typeof gc')));
        launcher.main();`;
      // \`node -e\` has no script in process.argv: a stand-in keeps collab's words where dist/cli.cjs reads them.
      const result = await execa('node', ['-e', script, '--', 'collab', ...args], {
        reject: false,
        env: { COLLAB_CONFIG_DIR: config, COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.admin },
      });
      expect(result.exitCode).toBe(0);
      return result.stderr;
    }

    it('are set by a command that talks to the service', async () => {
      expect(await gcAfterRun(['projects', 'view', '1', '-o', 'json'])).toBe('function');
    });

    it('are not set by an offline command', async () => {
      expect(await gcAfterRun(['config', 'get', 'output'])).toBe('undefined');
    });
  });

  // Every command reads the whole back bundle at its start, so a package module no command runs
  // costs each of them: undici's index (fetch, WebSocket, cache stores: src/http/undici.ts imports
  // undici's parts one by one) and inquirer's editor prompt with iconv-lite's encodings
  // (src/util/prompt-kinds.ts) were 0.8 MB of its 2.3.
  it("bundles into the back neither undici's index nor a prompt collab never asks", () => {
    const { sources } = JSON.parse(readFileSync(join(DIST, 'back.cjs.map'), 'utf8')) as { sources: string[] };
    const packages = sources.map((source) => source.replace(/^.*node_modules\//, ''));
    expect(
      packages.filter((source) =>
        /^(undici\/index\.js|@inquirer\/(editor|checkbox|search)\/|iconv-lite\/)/.test(source),
      ),
    ).toEqual([]);
    expect(packages).toContain('undici/lib/dispatcher/agent.js');
    expect(packages.some((source) => source.startsWith('@inquirer/select/'))).toBe(true);
  });

  // The build makes string-width's Intl.Segmenter on first use instead of at load (build.mjs).
  it('measures wide text in a terminal table with the segmenter made on first use', async () => {
    const config = mkdtempSync(join(tmpdir(), 'collab-config-'));
    try {
      const env = { COLLAB_CONFIG_DIR: config, COLLAB_FORCE_TTY: '80', NO_COLOR: '1' };
      await execa('node', [join(DIST, 'cli.cjs'), 'config', 'set', 'editor', '編集者'], { env });
      const list = await execa('node', [join(DIST, 'cli.cjs'), 'config', 'list'], { env, reject: false });
      expect(list.exitCode).toBe(0);
      const lines = list.stdout.split('\n');
      expect(lines).toContain('│ editor       │ 編集者 │      │');
      expect(lines.at(-1)).toBe('└──────────────┴────────┴──────┘');
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });

  // The front wraps a usage error at the terminal's width, measuring wide text with the same
  // segmenter made on first use.
  it('wraps a usage error holding wide text at a 40-column terminal, from the front alone', async () => {
    const wide = '日本語'.repeat(4);
    const result = await execa('node', [join(DIST, 'cli.cjs'), 'projects', 'list', '--limit', wide], {
      reject: false,
      env: { COLLAB_FORCE_TTY: '40', NO_COLOR: '1', COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'x' },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual(['error: invalid value', `  "${wide}" for`]);
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
    const bad = await execa('node', [join(damaged, 'cli.cjs'), 'projects', 'view', 'no such/ref!'], {
      reject: false,
      env: { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'x' },
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: /);
  });
});
