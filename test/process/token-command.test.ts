import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTokenCommand } from '../../src/config/token-command.js';
import { ConfigStore } from '../../src/config/store.js';
import { resolveToken, tokenOrigin } from '../../src/config/tokens.js';
import type { Clock } from '../../src/runtime.js';
import { manualClock } from '../helpers/clock.js';
import { isRunning, until } from '../helpers/processes.js';

const HOST = 'https://gitlab.example.com';

async function refusal(
  command: string,
  timeoutMs?: number,
  signal?: AbortSignal,
  clock?: Clock,
): Promise<{ kind: string; message: string }> {
  try {
    await runTokenCommand(command, { host: HOST, timeoutMs, signal, clock });
  } catch (error) {
    return error as { kind: string; message: string };
  }
  throw new Error('expected the command to be refused');
}

describe.skipIf(process.platform === 'win32')('runTokenCommand', () => {
  it('returns what the command printed, trimmed', async () => {
    expect(await runTokenCommand("printf '  glpat-abc \\r\\n\\n'", { host: HOST })).toBe('glpat-abc');
  });

  it('gives the command no standard input', async () => {
    // With stdin closed, cat ends at once and prints nothing.
    expect((await refusal('cat')).message).toBe(`the token command for ${HOST} printed nothing`);
  });

  it('refuses a failing command with its exit code and first stderr line', async () => {
    const error = await refusal(
      "printf '\\n  pass: gitlab/token is not in the password store.  \\nmore\\n' >&2; exit 1",
    );
    expect(error.kind).toBe('auth');
    expect(error.message).toBe(
      `the token command for ${HOST} failed (exit 1): pass: gitlab/token is not in the password store.`,
    );
  });

  it('refuses output of more than one line (a whole pass entry)', async () => {
    expect((await refusal("printf 'glpat-abc\\nuser: me\\n'")).message).toMatch(
      /printed more than one line: expected the token alone/,
    );
  });

  it('gives up after the time it is given and ends what the shell started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-token-command-'));
    const pidFile = join(dir, 'pid');
    // The limit is timed by the run's clock: moved on once the shell has started its child, not waited for.
    const clock = manualClock();
    const refused = refusal(`sleep 30 & echo $! > '${pidFile}'; wait`, 1500, undefined, clock);
    await clock.timerSet();
    await until(
      () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'),
      'the shell to start its child',
    );
    clock.advance(1499);
    clock.advance(1);
    const error = await refused;
    expect(error.kind).toBe('auth');
    expect(error.message).toBe(`the token command for ${HOST} printed no token within 1.5 s`);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await until(() => !isRunning(pid), 'the background child to be killed');
  });

  it('reads the token when the shell exits, though a child it left in the background holds stdout open; that child is killed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-token-command-'));
    const pidFile = join(dir, 'pid');
    const token = await runTokenCommand(`sleep 30 & echo $! > '${pidFile}'; echo glpat-background`, {
      host: HOST,
      timeoutMs: 8000,
    });
    expect(token).toBe('glpat-background');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await until(() => !isRunning(pid), 'the background child to be killed');
  });

  it('stops when the run is interrupted', async () => {
    const controller = new AbortController();
    const pending = refusal('sleep 30', 10_000, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await pending).kind).toBe('interrupted');
  });
});

describe('which token a host is sent', () => {
  async function store(data: object): Promise<ConfigStore> {
    const dir = mkdtempSync(join(tmpdir(), 'collab-tokens-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify(data));
    return ConfigStore.open({ COLLAB_CONFIG_DIR: dir });
  }
  const A = 'https://a.example';
  const B = 'https://b.example';

  it('gives COLLAB_TOKEN to COLLAB_HOST, else the default host, else the --host given, and to no other', async () => {
    const config = await store({ host: A, hosts: { [A]: { token: 'stored-a' }, [B]: { token: 'stored-b' } } });
    const env = { COLLAB_TOKEN: 'from-env' };
    expect(tokenOrigin(A, { config, env, givenHost: B })).toEqual({ source: 'environment', token: 'from-env' });
    expect(tokenOrigin(B, { config, env, givenHost: B })).toEqual({ source: 'file', token: 'stored-b', user: '' });
    expect(tokenOrigin(`${B}/api/v4`, { config, env: { ...env, COLLAB_HOST: `${B}/` }, givenHost: undefined })).toEqual(
      { source: 'environment', token: 'from-env' },
    );
    expect(tokenOrigin(A, { config, env: { ...env, COLLAB_HOST: B }, givenHost: undefined })).toEqual({
      source: 'file',
      token: 'stored-a',
      user: '',
    });
    const empty = await store({});
    expect(tokenOrigin(B, { config: empty, env, givenHost: B })).toEqual({ source: 'environment', token: 'from-env' });
    expect(tokenOrigin(B, { config: empty, env: { ...env, COLLAB_HOST: A }, givenHost: B })).toBeUndefined();
  });

  it('names the host and where COLLAB_TOKEN goes when a host has no token', async () => {
    const config = await store({ host: A });
    await expect(resolveToken(B, { config, env: { COLLAB_TOKEN: 'from-env' }, givenHost: B })).rejects.toMatchObject({
      kind: 'auth',
      message: `no token for ${B}: COLLAB_TOKEN is only sent to ${A} (the default host)`,
      hint: `run \`collab auth login --host ${B}\``,
    });
    await expect(resolveToken(B, { config, env: {}, givenHost: B })).rejects.toMatchObject({
      message: `no token for ${B}`,
      hint: `run \`collab auth login --host ${B}\`, or set COLLAB_TOKEN`,
    });
  });

  it.skipIf(process.platform === 'win32')(
    'runs a stored command, within the time it is given (completion gives 1 s)',
    async () => {
      const config = await store({
        hosts: { [A]: { token_command: 'printf %s from-command' }, [B]: { token_command: 'sleep 5' } },
      });
      const scope = { config, env: { PATH: process.env.PATH }, givenHost: undefined };
      expect(await resolveToken(A, scope)).toEqual({ token: 'from-command', source: 'command' });
      await expect(resolveToken(B, { ...scope, timeoutMs: 200 })).rejects.toMatchObject({
        kind: 'auth',
        message: `the token command for ${B} printed no token within 0.2 s`,
      });
    },
  );
});
