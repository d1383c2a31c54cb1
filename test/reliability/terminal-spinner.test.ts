import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { BIN, tempConfigDir } from '../helpers/cli.js';
import { until } from '../helpers/processes.js';
import { runOn, ScreenStream, TerminalScreen } from '../helpers/terminal.js';

/**
 * Spinners and terminals: a spinner never leaves residue on the screen when stdout is piped back
 * onto the same terminal (`collab projects list | cat`), and a terminal of 0 columns (docker or
 * kubectl `exec -t` before the first resize, `script`) gets no spinner: every command finishes,
 * and SIGTERM ends it.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 30 });
});
afterAll(async () => {
  await sandbox.close();
});

/** collab in this process with stderr a terminal of 80 columns and stdout a pipe into `cat` on that terminal. */
async function onePipedScreen(args: readonly string[], input = '') {
  const screen = new TerminalScreen();
  const stderr = new ScreenStream(screen, true, 80);
  const stdout = new ScreenStream(screen, false);
  const { exitCode } = await runOn(
    args,
    { stdout, stderr, input },
    { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.admin },
  );
  return { exitCode, screen: screen.text() };
}

describe("stdout piped onto the spinner's terminal (`| cat`)", () => {
  it('a listing: the rows start their lines, nothing of the spinner is left, the note comes last', async () => {
    const { exitCode, screen } = await onePipedScreen(['projects', 'list', '--limit', '3']);
    expect(exitCode).toBe(0);
    expect(screen).toHaveLength(4);
    for (const row of screen.slice(0, 3)) expect(row).toMatch(/^\d+\t\S+\t(public|internal|private)\t/);
    expect(screen[3]).toMatch(/^showing 3 of \d+ projects; /);
    expect(screen.join('\n')).not.toMatch(/fetch|[⠀-⣿]/);
  });

  it('a run over many targets: its progress goes before the first result is written', async () => {
    const ids = sandbox.store
      .allProjects()
      .slice(0, 4)
      .map((project) => project.id);
    const { exitCode, screen } = await onePipedScreen(['projects', 'star', '-'], `${ids.join('\n')}\n`);
    expect(exitCode).toBe(0);
    expect(screen.join('\n')).not.toMatch(/targets done|[⠀-⣿]/);
    for (const row of screen.slice(0, 4)) expect(row).toMatch(/^\d+\t(ok|unchanged)\t/);
  });
});

describe('a terminal of 0 columns (bin/collab)', () => {
  // What `docker exec -t` gives before its first resize: stderr a terminal that says 0 columns.
  const preload = join(tempConfigDir(), 'zero-columns.cjs');
  writeFileSync(
    preload,
    `const tty = require('node:tty');
for (const s of process.env.ZERO_STDOUT ? [process.stderr, process.stdout] : [process.stderr]) {
  Object.defineProperty(s, 'isTTY', { value: true, configurable: true });
  Object.defineProperty(s, 'columns', { value: 0, configurable: true });
  for (const m of ['cursorTo', 'moveCursor', 'clearLine']) s[m] = tty.WriteStream.prototype[m];
}
`,
  );
  const start = (args: string[], host: string, extra: Record<string, string> = {}) => {
    const dir = tempConfigDir();
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: host,
      COLLAB_TOKEN: sandbox.tokens.admin,
      NO_COLOR: '1',
      ...extra,
    };
    // The deadline only ends a hung process (the fault this guards against): no assertion on time.
    return execa('node', ['--require', preload, BIN, ...args], {
      env,
      extendEnv: false,
      reject: false,
      timeout: 20_000,
      stripFinalNewline: false,
      maxBuffer: 1_000_000,
    });
  };

  it('a listing finishes, with no spinner drawn', async () => {
    const result = await start(['projects', 'list', '--limit', '3'], sandbox.url);
    expect(result.exitCode).toBe(0);
    expect(String(result.stdout).trimEnd().split('\n')).toHaveLength(3);
    expect(String(result.stderr)).not.toMatch(/fetch|\u001b/);
  });

  it('with stdout on that terminal too: the table is drawn at a width of its own, and the command ends', async () => {
    const result = await start(['projects', 'list', '--limit', '3'], sandbox.url, { ZERO_STDOUT: '1' });
    expect(result.exitCode).toBe(0);
    expect(String(result.stdout)).toMatch(/^┌/);
    expect(String(result.stdout).trimEnd().split('\n')).toHaveLength(7);
  });

  it('SIGTERM ends a command waiting for the service (exit 143)', async () => {
    const { createServer } = await import('node:http');
    let arrived = false;
    const server = createServer(() => {
      arrived = true; // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const child = start(['projects', 'list', '--limit', '3'], `http://127.0.0.1:${port}`);
      await until(() => arrived, 'the request to reach the service');
      child.kill('SIGTERM');
      const result = await child;
      expect(result.exitCode).toBe(143);
      expect(String(result.stderr)).not.toContain('\u001b');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
