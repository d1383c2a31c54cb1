import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, tempConfigDir, useSandbox } from '../helpers/cli.js';

/**
 * The system keyring for real: bin/collab against a Secret Service (gnome-keyring-daemon) in a
 * private D-Bus session (`dbus-run-session`), with a home of its own, so the user's keyring and
 * config file are never touched. Where those programs are missing (.ci/run installs them when it
 * runs as root and apt answers), the case is skipped and its title says why.
 */
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter(
  (program) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0,
);
const why =
  process.platform !== 'linux'
    ? `skipped: Secret Service is Linux's (this is ${process.platform})`
    : missing.length > 0
      ? `skipped: ${missing.join(' and ')} not installed (apt-get install gnome-keyring dbus)`
      : '';

describe(`the system keyring through a real Secret Service${why ? ` (${why})` : ''}`, () => {
  const { sandbox } = useSandbox({ seed: 5 });

  it('keeps the token there, not in the file; commands read it back; logout removes it', async (ctx) => {
    ctx.skip(why !== '', why);
    const home = tempConfigDir();
    const dir = join(home, 'config');
    mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'token'), sandbox.tokens.owner);
    const collab = `node '${BIN}'`;
    // One D-Bus session for the whole script: the daemon lives as long as it. A keyring made with a
    // password is the "login" collection, unlocked, that keyring-rs writes to by default.
    const script = [
      'printf collab-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1',
      `${collab} auth login --host '${sandbox.url}' --with-token < '${join(home, 'token')}' 2>&1`,
      'echo "--"',
      `${collab} api user`,
      'echo "--"',
      `${collab} auth token`,
      'echo "--"',
      `${collab} auth logout 2>&1`,
      'echo "--"',
      // What the store holds for the account now, asked of the store itself.
      `node -e "new (require('@napi-rs/keyring').AsyncEntry)('collab:${sandbox.url}', 'olivia').getPassword().then((p) => console.log('left: ' + p))"`,
    ].join('\n');
    const run = await execa('dbus-run-session', ['--', 'sh', '-c', script], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: join(home, 'data'),
        XDG_RUNTIME_DIR: join(home, 'run'),
        COLLAB_CONFIG_DIR: dir,
        NO_COLOR: '1',
      },
      extendEnv: false,
      // node -e resolves @napi-rs/keyring from here.
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      reject: false,
      timeout: 60_000,
    });
    const [login, user, token, logout, after] = String(run.stdout).split('--\n');
    expect(login, String(run.stderr)).toBe(
      `logged in to ${sandbox.url} as olivia; token stored in the system keyring\n`,
    );
    expect(JSON.parse(user ?? '{}').username).toBe('olivia');
    expect(token).toBe(`${sandbox.tokens.owner}\n`);
    expect(logout).toContain(`logged out of ${sandbox.url} (olivia)`);
    expect(after).toBe('left: null');
    // The file said where the token was, never what it was.
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain(sandbox.tokens.owner);
  }, 60_000);
});
