import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

/**
 * `auth login` warns when COLLAB_TOKEN will be sent instead of what it
 * stores; a rejected token's hint points where that token came from (never to `auth login` or
 * COLLAB_TOKEN when neither is where it was); reading a token or targets from a terminal says so.
 */
describe('auth: what overrides what, and where a rejected token came from', () => {
  const { sandbox, collab } = useSandbox({ seed: 5 });

  function fresh() {
    const dir = tempConfigDir();
    const base = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir };
    return {
      file: join(dir, 'config.json'),
      run: (
        args: string[],
        options: { env?: Record<string, string | undefined>; input?: string; stdinTTY?: boolean } = {},
      ) => runMain(args, { ...base, ...options.env }, { input: options.input ?? '', stdinTTY: options.stdinTTY }),
    };
  }

  it('auth login warns when COLLAB_TOKEN belongs to the host it logs in to, and only then', async () => {
    const user = fresh();
    const env = { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.maintainer };
    const login = await user.run(['auth', 'login', '--with-token'], { env, input: sandbox.tokens.owner });
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toContain(
      `warning: COLLAB_TOKEN is set and is sent to ${sandbox.url} (COLLAB_HOST) instead of the token stored for it; unset COLLAB_TOKEN to use the stored one\n`,
    );
    expect(login.stderr).not.toContain(sandbox.tokens.maintainer);

    const elsewhere = await user.run(['auth', 'login', '--with-token', '--host', sandbox.url], {
      env: { COLLAB_HOST: 'https://gitlab.example.com', COLLAB_TOKEN: 'glpat-other' },
      input: sandbox.tokens.owner,
    });
    expect(elsewhere.exitCode).toBe(0);
    expect(elsewhere.stderr).not.toContain('warning');
    const none = await fresh().run(['auth', 'login', '--with-token', '--host', sandbox.url], {
      input: sandbox.tokens.owner,
    });
    expect(none.stderr).not.toContain('warning');
  });

  it('a rejected token’s hint names where it came from: environment, stored, command, or the one being logged in', async () => {
    const env = await collab(['projects', 'list'], { env: { COLLAB_TOKEN: 'glpat-revoked' } });
    expect(env.exitCode).toBe(3);
    expect(env.stderr).toContain('hint: the token in COLLAB_TOKEN was rejected');

    const user = fresh();
    await user.run(['auth', 'login', '--with-token', '--host', sandbox.url], { input: sandbox.tokens.owner });
    writeFileSync(user.file, readFileSync(user.file, 'utf8').replace(sandbox.tokens.owner, 'glpat-revoked'));
    const stored = await user.run(['projects', 'list']);
    expect(stored.exitCode).toBe(3);
    expect(stored.stderr).toContain(
      `hint: the token stored for ${sandbox.url} was rejected (expired or revoked?): run \`collab auth login --host ${sandbox.url}\` again`,
    );

    const config = JSON.parse(readFileSync(user.file, 'utf8'));
    config.hosts[sandbox.url] = { token_command: 'printf %s glpat-revoked', user: 'olivia' };
    writeFileSync(user.file, JSON.stringify(config));
    const command = await user.run(['projects', 'list']);
    expect(command.exitCode).toBe(3);
    const hint = command.stderr.split('\n').find((line) => line.startsWith('hint:')) ?? '';
    expect(hint).toContain('token command');
    expect(hint).not.toMatch(/auth login|COLLAB_TOKEN/);

    const login = await fresh().run(['auth', 'login', '--with-token', '--host', sandbox.url], {
      input: 'glpat-revoked',
    });
    expect(login.exitCode).toBe(3);
    expect(login.stderr).toMatch(/\nhint: .* rejected this token/);
    expect(login.stderr).not.toMatch(/auth login|COLLAB_TOKEN/);
  });

  it('a rejected COLLAB_TOKEN points to the stored token only where the host has one', async () => {
    const user = fresh();
    const bare = await user.run(['projects', 'list'], {
      env: { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: 'glpat-revoked' },
    });
    expect(bare.exitCode).toBe(3);
    expect(bare.stderr.split('\n')[1]).toBe(
      `hint: the token in COLLAB_TOKEN was rejected by ${sandbox.url}: check that it is not expired or revoked and has the api scope`,
    );
    await user.run(['auth', 'login', '--with-token', '--host', sandbox.url], { input: sandbox.tokens.owner });
    const stored = await user.run(['projects', 'list'], {
      env: { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: 'glpat-revoked' },
    });
    expect(stored.exitCode).toBe(3);
    expect(stored.stderr.split('\n')[1]).toBe(
      `hint: the token in COLLAB_TOKEN was rejected by ${sandbox.url}: check it, or unset COLLAB_TOKEN to use the token stored for ${sandbox.url}`,
    );
  });

  it('auth status words the sources as docs/accounts.md does', async () => {
    const status = await collab(['auth', 'status']);
    expect(status.stdout).toContain('\tenvironment: COLLAB_TOKEN\t');
    const readme = readFileSync(new URL('../../docs/accounts.md', import.meta.url), 'utf8');
    expect(readme).toContain('(`environment`: COLLAB_TOKEN, `keyring`, `file`, `command`: the token command)');
  });

  it('says when it reads a token or targets from a terminal, and how to end', async () => {
    const login = await fresh().run(['auth', 'login', '--with-token', '--host', sandbox.url], {
      input: sandbox.tokens.owner,
      stdinTTY: true,
    });
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toMatch(/^reading the token from standard input \(Ctrl-D to end\)…\n/);
    const piped = await fresh().run(['auth', 'login', '--with-token', '--host', sandbox.url], {
      input: sandbox.tokens.owner,
    });
    expect(piped.stderr).not.toContain('reading');

    const star = await collab(['projects', 'star', '-'], { input: '1\n', stdinTTY: true });
    expect(star.exitCode).toBe(0);
    expect(star.stderr).toMatch(/^reading targets from standard input \(Ctrl-D to end\)…\n/);
    const pipedStar = await collab(['projects', 'unstar', '-'], { input: '1\n' });
    expect(pipedStar.stderr).not.toContain('reading');
  });
});
