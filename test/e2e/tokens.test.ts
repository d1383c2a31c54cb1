import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/runtime.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';
import { manualClock } from '../helpers/clock.js';
import { isRunning } from '../helpers/processes.js';

/** A user with nothing but what is given: an empty config directory and PATH. */
function fresh(env: Record<string, string | undefined> = {}) {
  const dir = tempConfigDir();
  const base = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir, ...env };
  return {
    dir,
    file: join(dir, 'config.json'),
    run: (
      args: string[],
      options: { env?: Record<string, string | undefined>; input?: string; timeout?: number; clock?: Clock } = {},
    ) =>
      runMain(
        args,
        { ...base, ...options.env },
        { input: options.input ?? '', ...(options.timeout ? { timeout: options.timeout } : {}), clock: options.clock },
      ),
  };
}

describe('COLLAB_TOKEN goes only to the host it belongs to', () => {
  const { sandbox } = useSandbox({ seed: 5 });
  /** A second service on another port: nothing meant for the first may reach it. */
  let other: Sandbox;
  beforeAll(async () => {
    other = await startSandbox({ port: 0, seed: 5 });
  });
  afterAll(async () => {
    await other.close();
  });

  it('is not sent to another --host than COLLAB_HOST: exit 3 naming the host, nothing sent there', async () => {
    const user = fresh({ COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.admin });
    const before = other.stats.requests;
    const result = await user.run(['--host', other.url, 'projects', 'list']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: no token for ${other.url}: COLLAB_TOKEN is only sent to ${sandbox.url} (COLLAB_HOST)\nhint: run \`collab auth login --host ${other.url}\`\n`,
    );
    expect(other.stats.requests).toBe(before);
  });

  it('belongs to the default host when COLLAB_HOST is unset', async () => {
    const user = fresh();
    expect(
      (await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], { input: sandbox.tokens.developer }))
        .exitCode,
    ).toBe(0);
    const before = other.stats.requests;
    const elsewhere = await user.run(['--host', other.url, 'api', 'user'], {
      env: { COLLAB_TOKEN: sandbox.tokens.admin },
    });
    expect(elsewhere.exitCode).toBe(3);
    expect(elsewhere.stderr).toContain(`COLLAB_TOKEN is only sent to ${sandbox.url} (the default host)`);
    expect(other.stats.requests).toBe(before);
    // At the default host, the environment's token wins over the stored one.
    const home = await user.run(['api', 'user'], { env: { COLLAB_TOKEN: sandbox.tokens.admin } });
    expect(home.json<{ username: string }>().username).toBe('root');
  });

  it('leaves another host its own stored token', async () => {
    const user = fresh();
    // Both services know the same tokens, so the user the second one answers with tells which token it got.
    expect(
      (await user.run(['auth', 'login', '--host', other.url, '--with-token'], { input: other.tokens.developer }))
        .exitCode,
    ).toBe(0);
    const result = await user.run(['--host', other.url, 'api', 'user'], {
      env: { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.admin },
    });
    expect(result.exitCode).toBe(0);
    expect(result.json<{ username: string }>().username).toBe('dana');
  });

  it('is used for the --host given when neither COLLAB_HOST nor a default host is set (the CI call)', async () => {
    const user = fresh({ COLLAB_TOKEN: sandbox.tokens.admin });
    const result = await user.run(['--host', sandbox.url, 'api', 'user']);
    expect(result.exitCode).toBe(0);
    expect(result.json<{ username: string }>().username).toBe('root');
  });

  it('auth status says which token each host is sent and where it comes from', async () => {
    const user = fresh();
    expect(
      (await user.run(['auth', 'login', '--host', other.url, '--with-token'], { input: other.tokens.owner })).exitCode,
    ).toBe(0);
    const env = { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.maintainer };
    const status = await user.run(['auth', 'status', '--json'], { env });
    expect(status.exitCode).toBe(0);
    expect(status.json()).toEqual([
      {
        host: sandbox.url,
        default: false,
        user: 'max',
        active: true,
        source: 'environment',
        command: null,
        valid: true,
        error: null,
      },
      {
        host: other.url,
        default: true,
        user: 'olivia',
        active: true,
        source: 'file',
        command: null,
        valid: true,
        error: null,
      },
    ]);
    const table = await user.run(['auth', 'status'], { env });
    expect(table.stdout).toBe(
      `${sandbox.url}\t\tmax\tyes\tenvironment: COLLAB_TOKEN\tvalid\n${other.url}\tyes\tolivia\tyes\tfile\tvalid\n`,
    );
    // With --host, only that host: here one with no token at all.
    const none = await user.run(['auth', 'status', '--json', '--host', 'https://gitlab.example.com'], { env });
    expect(none.exitCode).toBe(3);
    expect(none.json()).toEqual([
      {
        host: 'https://gitlab.example.com',
        default: false,
        user: null,
        active: false,
        source: null,
        command: null,
        valid: false,
        error: 'no token',
      },
    ]);
    expect(status.stdout + table.stdout + none.stdout + none.stderr).not.toContain(sandbox.tokens.maintainer);
  });
});

describe('tokens from a command (auth login --token-command)', () => {
  const { sandbox } = useSandbox({ seed: 5 });

  it('stores the command, not the token, checks it with GET /user, and runs it once a command', async () => {
    const user = fresh();
    const count = join(user.dir, 'runs');
    // The token lives elsewhere (as in a password store); the command that prints it is all collab keeps.
    const secret = join(user.dir, 'secret');
    writeFileSync(secret, `${sandbox.tokens.developer}\n`);
    const command = `echo run >> '${count}'; cat '${secret}'`;
    const login = await user.run(['auth', 'login', '--host', sandbox.url, '--token-command', command]);
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toContain('as dana');
    const text = readFileSync(user.file, 'utf8');
    expect(text).not.toContain('sandbox-developer-token');
    expect(JSON.parse(text).hosts[sandbox.url]).toEqual({
      token_command: command,
      user: 'dana',
      users: { dana: { token_command: command } },
    });
    writeFileSync(count, '');
    // Several requests, one run of the command; its output never shows, even with --verbose.
    const list = await user.run(['projects', 'list', '--all', '--per-page', '2', '-o', 'ndjson', '--verbose']);
    expect(list.exitCode).toBe(0);
    expect(list.lines().length).toBeGreaterThan(2);
    expect(readFileSync(count, 'utf8')).toBe('run\n');
    expect(list.stderr).not.toContain(sandbox.tokens.developer);
    const status = await user.run(['auth', 'status', '--json']);
    expect(status.json()).toEqual([
      {
        host: sandbox.url,
        default: true,
        user: 'dana',
        active: true,
        source: 'command',
        command,
        valid: true,
        error: null,
      },
    ]);
  });

  it("replaces an account's stored token with its command; another user's token is another account, made active", async () => {
    const user = fresh();
    await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], { input: sandbox.tokens.owner });
    expect(JSON.parse(readFileSync(user.file, 'utf8')).hosts[sandbox.url].token).toBe(sandbox.tokens.owner);
    await user.run(['auth', 'login', '--host', sandbox.url, '--token-command', `printf %s ${sandbox.tokens.owner}`]);
    const command = `printf %s ${sandbox.tokens.owner}`;
    expect(JSON.parse(readFileSync(user.file, 'utf8')).hosts[sandbox.url]).toEqual({
      token_command: command,
      user: 'olivia',
      users: { olivia: { token_command: command } },
    });
    await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], { input: sandbox.tokens.developer });
    expect(JSON.parse(readFileSync(user.file, 'utf8')).hosts[sandbox.url]).toEqual({
      token: sandbox.tokens.developer,
      user: 'dana',
      users: { olivia: { token_command: command }, dana: { token: sandbox.tokens.developer } },
    });
  });

  it('gives the command no standard input', async () => {
    const user = fresh();
    // Were stdin passed on, `read` would get the line below and the token would be wrong.
    const command = `if read line; then printf 'from-stdin-%s' "$line"; else printf %s ${sandbox.tokens.developer}; fi`;
    const login = await user.run(['auth', 'login', '--host', sandbox.url, '--token-command', command], {
      input: 'glpat-typed-on-stdin\n',
    });
    expect(login.exitCode).toBe(0);
    const me = await user.run(['api', 'user'], { input: 'glpat-typed-on-stdin\n' });
    expect(me.json<{ username: string }>().username).toBe('dana');
  });

  it('stops with exit 3 naming the host and the first line of stderr when the command fails, before any request', async () => {
    const user = fresh();
    writeFileSync(
      user.file,
      JSON.stringify({
        host: sandbox.url,
        hosts: {
          [sandbox.url]: { token_command: "echo 'gpg: decryption failed: No secret key' >&2; echo second >&2; exit 2" },
        },
      }),
      { mode: 0o600 },
    );
    const before = sandbox.stats.requests;
    const result = await user.run(['projects', 'list']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(
      `error: the token command for ${sandbox.url} failed (exit 2): gpg: decryption failed: No secret key`,
    );
    expect(result.stderr.split('\n')[1]).toBe(
      `hint: run it yourself to see what it prints: echo 'gpg: decryption failed: No secret key' >&2; echo second >&2; exit 2`,
    );
    expect(sandbox.stats.requests).toBe(before);
    // auth login stores nothing when the command fails.
    const other = fresh();
    const login = await other.run(['auth', 'login', '--host', sandbox.url, '--token-command', 'exit 1']);
    expect(login.exitCode).toBe(3);
    expect(login.stderr.split('\n')[0]).toBe(`error: the token command for ${sandbox.url} failed (exit 1)`);
    expect(() => readFileSync(other.file)).toThrow();
  });

  it('refuses a token the service rejects, storing nothing', async () => {
    const user = fresh();
    const login = await user.run([
      'auth',
      'login',
      '--host',
      sandbox.url,
      '--token-command',
      'printf %s glpat-from-a-command',
    ]);
    expect(login.exitCode).toBe(3);
    expect(login.stderr).toMatch(/^error: 401 Unauthorized/);
    expect(login.stderr).not.toContain('glpat-from-a-command');
    expect(() => readFileSync(user.file)).toThrow();
  });

  it('gives a command that does not answer 10 s, then exit 3, and ends what it started', async () => {
    const user = fresh();
    const pidFile = join(user.dir, 'pid');
    writeFileSync(
      user.file,
      JSON.stringify({
        host: sandbox.url,
        hosts: { [sandbox.url]: { token_command: `echo $$ > '${pidFile}'; exec sleep 60` } },
      }),
      { mode: 0o600 },
    );
    // The limit is timed by the run's clock: moved on here once the command has started, not waited for.
    const clock = manualClock();
    const running = user.run(['api', 'user'], { timeout: 30_000, clock });
    await clock.timerSet();
    await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n')).toBe(true);
    clock.advance(9_999);
    clock.advance(1);
    const result = await running;
    expect(result.exitCode).toBe(3);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: the token command for ${sandbox.url} printed no token within 10 s`,
    );
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isRunning(pid), { timeout: 5000 }).toBe(false);
  }, 40_000);

  it('refuses --token-command with --with-token, empty, or without a host', async () => {
    const user = fresh();
    const both = await user.run(['auth', 'login', '--host', sandbox.url, '--with-token', '--token-command', 'true']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--token-command and --with-token cannot be combined');
    const empty = await user.run(['auth', 'login', '--host', sandbox.url, '--token-command', ' ']);
    expect(empty.exitCode).toBe(2);
    const noHost = await user.run(['auth', 'login', '--token-command', 'true']);
    expect(noHost.exitCode).toBe(2);
    expect(noHost.stderr).toContain('pass --host <url> with --token-command');
  });
});
