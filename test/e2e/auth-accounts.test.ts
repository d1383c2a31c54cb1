import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryCredentialStore, serviceName } from '../../src/config/credentials.js';
import { type RunOptions, runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

/**
 * Several accounts per host and tokens in a credential store, as gh keeps them: each case has its
 * own config directory and an in-memory store (never the user's keyring or file).
 */
describe('accounts and the credential store', () => {
  const { sandbox } = useSandbox({ seed: 5 });

  function person(options: { store?: MemoryCredentialStore | null } = {}) {
    const dir = tempConfigDir();
    const store = options.store === null ? undefined : (options.store ?? new MemoryCredentialStore());
    const env = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir };
    const run = (args: string[], input = '', extra: RunOptions = {}) =>
      runMain(args, { ...env, ...extra.env }, { input, ...extra, ...(store ? { credentialStore: store } : {}) });
    const login = (role: keyof typeof sandbox.tokens, ...flags: string[]) =>
      run(['auth', 'login', '--host', sandbox.url, '--with-token', ...flags], sandbox.tokens[role]);
    const file = () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    const me = async () => (await run(['api', 'user'])).json<{ username: string }>().username;
    return { dir, store, run, login, file, me };
  }

  const secretsOf = () => Object.values(sandbox.tokens);
  const expectNoTokens = (text: string) => {
    for (const token of secretsOf()) expect(text).not.toContain(token);
  };

  it('keeps each login in the store, adds an account and makes it active; the file holds no token', async () => {
    const p = person();
    const first = await p.login('owner');
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toBe(`logged in to ${sandbox.url} as olivia; token stored in the test keyring\n`);
    const second = await p.login('developer');
    expect(second.stderr).toContain('as dana; token stored in the test keyring; the active account of 2');
    expect(p.store?.entries.get(`${serviceName(sandbox.url)}\0olivia`)).toBe(sandbox.tokens.owner);
    expect(p.store?.entries.get(`${serviceName(sandbox.url)}\0dana`)).toBe(sandbox.tokens.developer);
    const text = readFileSync(join(p.dir, 'config.json'), 'utf8');
    expectNoTokens(text);
    expect(JSON.parse(text).hosts[sandbox.url]).toEqual({
      user: 'dana',
      users: { olivia: { keyring: true }, dana: { keyring: true } },
    });
    expect(await p.me()).toBe('dana');
  });

  it('lists every account in status, the active one and where each token is, never a token', async () => {
    const p = person();
    await p.login('owner');
    await p.login('developer', '--insecure-storage');
    const status = await p.run(['auth', 'status', '--json']);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.json()).toEqual([
      {
        host: sandbox.url,
        default: true,
        user: 'dana',
        active: true,
        source: 'file',
        command: null,
        valid: true,
        error: null,
      },
      {
        host: sandbox.url,
        default: true,
        user: 'olivia',
        active: false,
        source: 'keyring',
        command: null,
        valid: true,
        error: null,
      },
    ]);
    const table = await p.run(['auth', 'status']);
    expect(table.stdout).toBe(
      `${sandbox.url}\tyes\tdana\tyes\tfile\tvalid\n${sandbox.url}\tyes\tolivia\t\tkeyring\tvalid\n`,
    );
    expectNoTokens(status.stdout + status.stderr + table.stdout + table.stderr);
    // --insecure-storage chose the file on purpose: nothing of dana's is in the store.
    expect(p.store?.entries.has(`${serviceName(sandbox.url)}\0dana`)).toBe(false);
  });

  it('switches to the one other account without asking, and says when it is already active', async () => {
    const p = person();
    await p.login('owner');
    await p.login('developer');
    const sw = await p.run(['auth', 'switch']);
    expect(sw.exitCode, sw.stderr).toBe(0);
    expect(sw.stderr).toBe(`switched the active account on ${sandbox.url} to olivia\n`);
    expect(await p.me()).toBe('olivia');
    const same = await p.run(['auth', 'switch', '--user', 'olivia']);
    expect(same.exitCode).toBe(0);
    expect(same.stderr).toBe(`olivia is already the active account on ${sandbox.url}; nothing to do\n`);
  });

  it('--user names an account as GitLab names a user: any case, spaces and a leading @ dropped; empty is exit 2', async () => {
    const p = person();
    await p.login('owner');
    await p.login('developer');
    const sw = await p.run(['auth', 'switch', '--user', ' @OLIVIA ']);
    expect([sw.exitCode, sw.stderr]).toEqual([0, `switched the active account on ${sandbox.url} to olivia\n`]);
    expect(await p.me()).toBe('olivia');
    const token = await p.run(['auth', 'token', '--user', 'Dana']);
    expect([token.exitCode, token.stdout.trim()]).toEqual([0, sandbox.tokens.developer]);
    const empty = await p.run(['auth', 'switch', '--user', ' ']);
    expect([empty.exitCode, empty.stderr.split('\n')[0]]).toEqual([2, 'error: --user must not be empty']);
  });

  it('refuses an unknown user on switch, and several others without --user off a terminal (exit 2, nothing changed)', async () => {
    const p = person();
    await p.login('owner');
    await p.login('developer');
    const unknown = await p.run(['auth', 'switch', '--user', 'nobody']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toBe(`error: no account nobody on ${sandbox.url}\nhint: its accounts: dana, olivia\n`);
    await p.login('maintainer');
    const ambiguous = await p.run(['auth', 'switch']);
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toContain('--user');
    expect(ambiguous.stderr).toContain('has 2 other accounts (olivia, dana): name one with --user');
    expect(p.file().hosts[sandbox.url].user).toBe('max');
  });

  it('asks which account at a terminal when there are several others', async () => {
    const p = person();
    await p.login('owner');
    await p.login('developer');
    await p.login('maintainer');
    // The choices are in the order of the file (olivia, dana): one arrow down and Enter picks dana.
    const chosen = await p.run(['auth', 'switch'], '\u001b[B\r', { stdinTTY: true, tty: true });
    expect(chosen.exitCode, chosen.stderr).toBe(0);
    expect(p.file().hosts[sandbox.url].user).toBe('dana');
  });

  it('refuses to switch while COLLAB_TOKEN is what the host is sent', async () => {
    const p = person();
    await p.login('owner');
    await p.login('developer');
    const sw = await p.run(['auth', 'switch'], '', { env: { COLLAB_TOKEN: sandbox.tokens.admin } });
    expect(sw.exitCode).toBe(2);
    expect(sw.stderr).toContain('unset COLLAB_TOKEN');
    expectNoTokens(sw.stderr);
  });

  it('logs out of the active account: another becomes active, its token leaves the store', async () => {
    const p = person();
    await p.login('owner');
    await p.login('developer');
    const out = await p.run(['auth', 'logout']);
    expect(out.exitCode, out.stderr).toBe(0);
    expect(out.stderr).toBe(`logged out of ${sandbox.url} (dana); olivia is now the active account\n`);
    expect(p.store?.entries.has(`${serviceName(sandbox.url)}\0dana`)).toBe(false);
    expect(await p.me()).toBe('olivia');
    const byName = await p.run(['auth', 'logout', '--user', 'nobody']);
    expect(byName.exitCode).toBe(2);
    expect(byName.stderr).toContain('no account nobody');
    const last = await p.run(['auth', 'logout', '--user', 'olivia']);
    expect(last.exitCode).toBe(0);
    expect(p.file().hosts).toEqual({});
    expect(p.store?.entries.size).toBe(0);
  });

  it('prints a token for scripts, refusing a terminal unless --show; none is exit 3', async () => {
    const p = person();
    const none = await p.run(['auth', 'token', '--host', sandbox.url]);
    expect(none.exitCode).toBe(3);
    expect(none.stdout).toBe('');
    await p.login('owner');
    await p.login('developer');
    expect((await p.run(['auth', 'token'])).stdout).toBe(`${sandbox.tokens.developer}\n`);
    expect((await p.run(['auth', 'token', '--user', 'olivia'])).stdout).toBe(`${sandbox.tokens.owner}\n`);
    const tty = await p.run(['auth', 'token'], '', { tty: true });
    expect(tty.exitCode).toBe(2);
    expect(tty.stdout).toBe('');
    expect(tty.stderr).toContain('--show');
    expect((await p.run(['auth', 'token', '--show'], '', { tty: true })).stdout).toContain(sandbox.tokens.developer);
    const unknown = await p.run(['auth', 'token', '--user', 'nobody']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toBe(`error: no account nobody on ${sandbox.url}\nhint: its accounts: dana, olivia\n`);
  });

  it('falls back to the file in one line when the store fails mid-run, and reads say the store failed', async () => {
    const store = new MemoryCredentialStore();
    const p = person({ store });
    await p.login('owner');
    store.failing = 'failed';
    const login = await p.login('developer');
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toBe(
      `warning: the test keyring failed (failed): the token goes to the config file instead\nlogged in to ${sandbox.url} as dana; token stored in ${join(p.dir, 'config.json')} (mode 0600) as the test keyring failed; the active account of 2 (\`collab auth switch\` changes it)\n`,
    );
    expect(p.file().hosts[sandbox.url].users.dana).toEqual({ token: sandbox.tokens.developer });
    expect(await p.me()).toBe('dana');
    // olivia's token is in the store that now fails: exit 3 naming it, no stack.
    const olivia = await p.run(['auth', 'token', '--user', 'olivia']);
    expect(olivia.exitCode).toBe(3);
    expect(olivia.stderr).toContain('error: the test keyring failed');
    expectNoTokens(login.stderr + olivia.stderr);
  });

  // Elsewhere than Linux the system's store would answer: the user's, which no test may touch.
  it.skipIf(process.platform !== 'linux')(
    'says where the token went when no keyring answers (no D-Bus session), in the one line of the login',
    async () => {
      const p = person({ store: null });
      const login = await p.run(['auth', 'login', '--host', sandbox.url, '--with-token'], sandbox.tokens.owner, {
        env: { CI: undefined, DBUS_SESSION_BUS_ADDRESS: undefined },
      });
      expect(login.exitCode, login.stderr).toBe(0);
      expect(login.stderr).toBe(
        `logged in to ${sandbox.url} as olivia; token stored in ${join(p.dir, 'config.json')} (mode 0600): no system keyring (no D-Bus session)\n`,
      );
    },
  );

  it('keeps a one-account file working, migrates it once, and a new login moves its token into the store', async () => {
    const p = person();
    writeFileSync(
      join(p.dir, 'config.json'),
      JSON.stringify({ host: sandbox.url, hosts: { [sandbox.url]: { token: sandbox.tokens.owner, user: 'olivia' } } }),
      { mode: 0o600 },
    );
    expect(await p.me()).toBe('olivia');
    // Read once, migrated under the lock: the gh shape, the active token still at the host's level.
    expect(p.file().hosts[sandbox.url]).toEqual({
      token: sandbox.tokens.owner,
      user: 'olivia',
      users: { olivia: { token: sandbox.tokens.owner } },
    });
    const again = await p.login('owner');
    expect(again.stderr).toContain('token stored in the test keyring');
    expect(p.file().hosts[sandbox.url]).toEqual({ user: 'olivia', users: { olivia: { keyring: true } } });
    expect(p.store?.entries.get(`${serviceName(sandbox.url)}\0olivia`)).toBe(sandbox.tokens.owner);
    expect(await p.me()).toBe('olivia');
  });
});
