import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { getJson } from '../helpers/sandbox-api.js';
import { runOn, ScreenStream, TerminalScreen } from '../helpers/terminal.js';

/**
 * Ctrl-C at a prompt is a key, not a signal (the terminal is in raw mode): it ends the run as Ctrl-C
 * anywhere else does: `error: interrupted`, exit 130, nothing done; never "User force closed the
 * prompt… this is a bug in collab".
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 30 });
});
afterAll(async () => {
  await sandbox.close();
});

/** collab in this process at a terminal (stdin, stderr and stdout); Ctrl-C is typed once `prompt` shows on stderr. */
async function atTerminal(args: readonly string[], prompt: string, env: Record<string, string> = {}) {
  const screen = new TerminalScreen();
  const stderr = new ScreenStream(screen, true, 80);
  const stdout = new ScreenStream(screen, true, 80);
  let shown = '';
  const keyboard = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => keyboard });
  const origWrite = stderr.write.bind(stderr);
  stderr.write = ((chunk: unknown, ...rest: never[]) => {
    shown += String(chunk);
    if (shown.includes(prompt) && !keyboard.writableEnded) setImmediate(() => keyboard.write('\u0003'));
    return origWrite(chunk as string, ...rest);
  }) as typeof stderr.write;
  const { exitCode, dir } = await runOn(args, { stdout, stderr, stdin: keyboard }, env);
  return { exitCode, screen: screen.text(), dir };
}

describe('Ctrl-C at a prompt', () => {
  it('the delete confirmation: exit 130, `error: interrupted`, the project is still there', async () => {
    const path = 'acme/web/storefront';
    const { exitCode, screen } = await atTerminal(['projects', 'delete', path], `Type ${path}`, {
      COLLAB_HOST: sandbox.url,
      COLLAB_TOKEN: sandbox.tokens.admin,
    });
    expect(exitCode).toBe(130);
    expect(screen.at(-1)).toBe('error: interrupted');
    expect(screen.join('\n')).not.toMatch(/force closed|bug in collab/);
    expect((await getJson(sandbox, `/projects/${encodeURIComponent(path)}`)).marked_for_deletion_on).toBeNull();
  });

  it('the token prompt of `auth login`: exit 130, nothing stored', async () => {
    const { exitCode, screen, dir } = await atTerminal(['auth', 'login', '--host', sandbox.url], 'Token for');
    expect(exitCode).toBe(130);
    expect(screen.at(-1)).toBe('error: interrupted');
    expect(screen.join('\n')).not.toMatch(/force closed|bug in collab/);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });
});
