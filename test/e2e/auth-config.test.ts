import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

describe('collab auth and config', () => {
  const { sandbox } = useSandbox({ seed: 5 });

  /** A user with nothing in the environment: only the config file it builds up. */
  function fresh() {
    const dir = tempConfigDir();
    const env = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir };
    return { dir, run: (args: string[], input = '') => runMain(args, env, { input }) };
  }

  it('logs in with a token from stdin, stores it 0600, and uses it afterwards', async () => {
    const user = fresh();
    const login = await user.run(
      ['auth', 'login', '--host', sandbox.url, '--with-token'],
      `${sandbox.tokens.developer}\n`,
    );
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toContain('as dana');
    const file = join(user.dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.host).toBe(sandbox.url);
    expect(stored.hosts[sandbox.url].user).toBe('dana');
    // The default host and stored token are used without any environment.
    const me = await user.run(['api', 'user']);
    expect(me.exitCode).toBe(0);
    expect(me.json<{ username: string }>().username).toBe('dana');
  });

  it('refuses a rejected token with exit 3 and stores nothing', async () => {
    const user = fresh();
    const login = await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], 'glpat-not-a-token\n');
    expect(login.exitCode).toBe(3);
    expect(login.stderr).toMatch(/^error: 401 Unauthorized/);
    expect(login.stderr).not.toContain('glpat-not-a-token');
    const status = await user.run(['auth', 'status']);
    expect(status.exitCode).toBe(3);
    expect(status.stderr).toContain('not logged in');
  });

  it('refuses a token of two lines on standard input, saying to pipe it alone, sending nothing', async () => {
    const user = fresh();
    sandbox.resetStats();
    const login = await user.run(
      ['auth', 'login', '--host', sandbox.url, '--with-token'],
      `${sandbox.tokens.developer}\nsecond-line-secret\n`,
    );
    expect(login.exitCode).toBe(3);
    expect(login.stderr).toBe(
      'error: the token on standard input holds a space, a line break or a non-ASCII character, which no token has\n' +
        'hint: pipe the token alone, on one line: collab auth login --with-token --host <url> < token.txt\n',
    );
    expect(sandbox.stats.requests).toBe(0);
  });

  it('shows status without the token, as a table and as JSON', async () => {
    const user = fresh();
    await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], sandbox.tokens.owner);
    const table = await user.run(['auth', 'status']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toBe(`${sandbox.url}\tyes\tolivia\tyes\tfile\tvalid\n`);
    const json = await user.run(['auth', 'status', '--json']);
    expect(json.json()).toEqual([
      {
        host: sandbox.url,
        default: true,
        user: 'olivia',
        active: true,
        source: 'file',
        command: null,
        valid: true,
        error: null,
      },
    ]);
    expect(table.stdout + table.stderr + json.stdout).not.toContain(sandbox.tokens.owner);
  });

  it('logs out of a host', async () => {
    const user = fresh();
    await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], sandbox.tokens.owner);
    const logout = await user.run(['auth', 'logout']);
    expect(logout.exitCode).toBe(0);
    const again = await user.run(['auth', 'logout', '--host', sandbox.url]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain('not logged in to');
    const api = await user.run(['api', 'user']);
    expect(api.exitCode).toBe(2);
    expect(api.stderr).toContain('error: no host given');
  });

  it('logs out of the host COLLAB_HOST names, as every command reads it, not the default', async () => {
    const user = fresh();
    await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], sandbox.tokens.owner);
    const other = `http://localhost:${new URL(sandbox.url).port}`;
    await user.run(['auth', 'login', '--host', other, '--with-token'], sandbox.tokens.developer);
    const logout = await runMain(['auth', 'logout'], {
      HOME: user.dir,
      COLLAB_CONFIG_DIR: user.dir,
      COLLAB_HOST: other,
    });
    expect(logout.exitCode, logout.stderr).toBe(0);
    expect(logout.stderr).toContain(`logged out of ${other}`);
    const stored = JSON.parse(readFileSync(join(user.dir, 'config.json'), 'utf8'));
    expect(Object.keys(stored.hosts)).toEqual([sandbox.url]);
  });

  it('requires a host with --with-token and a terminal for prompts', async () => {
    const user = fresh();
    const noHost = await user.run(['auth', 'login', '--with-token'], 'x');
    expect(noHost.exitCode).toBe(2);
    expect(noHost.stderr).toContain('pass --host <url> with --with-token');
    const prompt = await user.run(['auth', 'login', '--host', sandbox.url]);
    expect(prompt.exitCode).toBe(2);
    expect(prompt.stderr).toContain('cannot prompt: standard input is not a terminal');
  });

  it('sets, gets and lists settings, validating values', async () => {
    const user = fresh();
    expect((await user.run(['config', 'set', 'timeout', '45'])).exitCode).toBe(0);
    expect((await user.run(['config', 'get', 'timeout'])).stdout).toBe('45\n');
    expect((await user.run(['config', 'get', 'retries'])).stdout).toBe('5\n');
    const bad = await user.run(['config', 'set', 'timeout', 'soon']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('invalid timeout "soon"');
    const unknown = await user.run(['config', 'set', 'colour', 'red']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('unknown setting "colour"');
    expect(
      (await user.run(['config', 'set', 'ca_file', '/tmp/ca.pem', '--host', 'https://gitlab.example.com'])).exitCode,
    ).toBe(0);
    const list = await user.run(['config', 'list', '--json']);
    expect(list.json()).toContainEqual({ key: 'ca_file', value: '/tmp/ca.pem', host: 'https://gitlab.example.com' });
    expect(list.json()).toContainEqual({ key: 'timeout', value: 45, host: '' });
  });

  it('prints where the config file is, from the environment alone (even when the file is broken)', async () => {
    const user = fresh();
    expect((await user.run(['config', 'path'])).stdout).toBe(`${join(user.dir, 'config.json')}\n`);
    writeFileSync(join(user.dir, 'config.json'), '{"timeout":');
    const broken = await user.run(['config', 'path']);
    expect(broken.exitCode).toBe(0);
    expect(broken.stdout).toBe(`${join(user.dir, 'config.json')}\n`);
    const xdg = await runMain(['config', 'path'], {
      PATH: process.env.PATH,
      HOME: user.dir,
      XDG_CONFIG_HOME: join(user.dir, 'xdg'),
    });
    expect(xdg.stdout).toBe(`${join(user.dir, 'xdg', 'collab', 'config.json')}\n`);
  });

  it('checks every value of the config file on read: exit 2 naming the key, the file and the accepted values, nothing sent', async () => {
    const user = fresh();
    const file = join(user.dir, 'config.json');
    // The host is one nothing listens on: before the check, this was "cannot reach 127.0.0.1:9: invalid headersTimeout", exit 1.
    writeFileSync(file, JSON.stringify({ host: 'http://127.0.0.1:9', timeout: 'abc' }), { mode: 0o600 });
    const result = await runMain(['projects', 'list'], {
      PATH: process.env.PATH,
      HOME: user.dir,
      COLLAB_CONFIG_DIR: user.dir,
      COLLAB_TOKEN: 'glpat-x',
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `error: invalid timeout "abc" in the config file ${file}: expected a whole number from 1 to 3600\nhint: run \`collab config set timeout <value>\`, or edit the file\n`,
    );
    // config set repairs it, keeping the rest.
    const fix = await user.run(['config', 'set', 'timeout', '20']);
    expect(fix.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ host: 'http://127.0.0.1:9', timeout: 20 });
    writeFileSync(
      file,
      JSON.stringify({ hosts: { [sandbox.url]: { token: sandbox.tokens.owner, insecure_http: 'yes' } } }),
      { mode: 0o600 },
    );
    const host = await user.run(['api', 'user', '--host', sandbox.url]);
    expect(host.exitCode).toBe(2);
    expect(host.stderr.split('\n')[0]).toBe(
      `error: invalid insecure_http "yes" for ${sandbox.url} in the config file ${file}: expected true or false`,
    );
    expect(host.stderr).not.toContain(sandbox.tokens.owner);
  });

  it('uses the configured output format', async () => {
    const user = fresh();
    await user.run(['auth', 'login', '--host', sandbox.url, '--with-token'], sandbox.tokens.owner);
    await user.run(['config', 'set', 'output', 'json']);
    const status = await user.run(['auth', 'status']);
    expect(Array.isArray(status.json())).toBe(true);
  });

  it('refuses a malformed host before sending', async () => {
    const user = fresh();
    const result = await user.run(['api', 'user', '--host', 'not a url']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('error: invalid host "not a url": expected a URL such as https://gitlab.example.com\n');
  });
});
