import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOBAL_OPTIONS, commandOptions, longFlag, takesValue } from '../../src/commands/common-options.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { loadCommandTree } from '../../src/commands/tree.js';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

/**
 * The token is never on argv, never in output, --verbose, --dry-run, errors or
 * crash text; hook tokens and import URL credentials are never shown; the config file is 0600
 * and a warning says when it is not; a token is never sent over plain http to a host that is
 * not loopback.
 */

const { collab, sandbox, configDir } = useSandbox({ seed: 30 });

function leaves(spec: CommandSpec, path: string[] = []): Array<{ path: string[]; spec: CommandSpec }> {
  if (spec.subcommands?.length) return spec.subcommands.flatMap((sub) => leaves(sub, [...path, spec.name]));
  return [{ path: [...path, spec.name], spec }];
}

/** Every secret of the sandbox: no output may hold any of them. */
function expectNoSecrets(text: string): void {
  for (const token of Object.values(sandbox.tokens)) expect(text).not.toContain(token);
}

describe('the token is never taken from argv', () => {
  it('no command has an option that takes a token, password or secret as its value', async () => {
    const offenders: string[] = [];
    for (const noun of await loadCommandTree()) {
      for (const { path, spec } of leaves(noun)) {
        for (const option of [...commandOptions(spec), ...GLOBAL_OPTIONS]) {
          const flag = longFlag(option);
          // A file to read a secret from, or a command that prints it, is how secrets are meant to
          // come in (hooks --token-file, auth login --token-command: the command is no secret);
          // a hidden flag exists only to refuse the value with a better message (checked below).
          if (
            takesValue(option) &&
            /token|password|secret|private/i.test(flag) &&
            !/-(file|command)$/.test(flag) &&
            !option.hidden
          )
            offenders.push(`${path.join(' ')} ${flag}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('refuses a hook token on argv without echoing it, before sending anything', async () => {
    sandbox.resetStats();
    const result = await collab([
      'hooks',
      'create',
      '--project',
      'acme/web/storefront',
      '--url',
      'https://hooks.example/argv',
      '--token',
      'argv-hook-secret-1234',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: --token is not accepted/);
    expect(result.stderr).not.toContain('argv-hook-secret-1234');
    expect(sandbox.stats.requests).toBe(0);
  });

  it('refuses --token and a PRIVATE-TOKEN header before sending anything', async () => {
    sandbox.resetStats();
    const flag = await collab(['api', 'user', '--token', 'glpat-on-argv-secret']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/^error: unknown option '--token'/);
    const header = await collab(['api', 'user', '-H', 'PRIVATE-TOKEN: glpat-on-argv-secret']);
    expect(header.exitCode).toBe(2);
    expect(header.stderr).toMatch(/^error: do not pass the token as a header/);
    expect(sandbox.stats.requests).toBe(0);
  });
});

describe('the token is never shown', () => {
  it.each([
    [['api', 'user', '--verbose']],
    [['api', 'projects', '--paginate', '--verbose']],
    [['projects', 'list', '--verbose', '--json']],
    [['projects', 'view', 'acme/web/storefront', '--verbose', '--json']],
    [['projects', 'create', '--name', 'never-created', '--dry-run', '--verbose']],
    [['api', '-X', 'POST', 'projects', '-f', 'name=never', '--dry-run', '--verbose']],
    [['api', 'projects/acme%2Fnope', '--verbose']],
    [['projects', 'view', 'acme/nope', '--verbose']],
    [['auth', 'status']],
    [['config', 'list']],
  ])('collab %j', async (args) => {
    const result = await collab(args, { as: 'owner' });
    expect(result.exitCode).not.toBe(1);
    expectNoSecrets(result.stdout + result.stderr);
    if (args.includes('--verbose') && !args.includes('--dry-run'))
      expect(result.stderr).toContain('private-token: [redacted]');
  });

  it('keeps the value of a secret-named field `collab api` sends in the query out of --verbose and the error', async () => {
    const result = await collab(['api', '-X', 'GET', 'nosuch', '-f', 'password=hunter2 and more', '--verbose']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('> GET ');
    expect(result.stderr).not.toMatch(/hunter2/);
    expect(result.stderr).toContain('error: 404 Not Found (GET /nosuch?password=[redacted])');
  });

  it.each([['masked=true'], ['masked_and_hidden=true'], ['hidden=true']])(
    'redacts a variable value `collab api --dry-run` would send with %s',
    async (mark) => {
      const value = 's3cr3t-variable-value';
      const result = await collab([
        'api',
        '-X',
        'POST',
        'projects/1/variables',
        '-f',
        'key=DEPLOY_KEY',
        '-f',
        `value=${value}`,
        '-f',
        mark,
        '--dry-run',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain('"value": "[redacted]"');
      expect(result.stdout + result.stderr).not.toContain(value);
    },
  );

  it('keeps a masked variable value `collab api` sends in the query out of --verbose and the error', async () => {
    const result = await collab([
      'api',
      '-X',
      'GET',
      'nosuch',
      '-f',
      'value=hunter2-value',
      '-F',
      'masked=true',
      '--verbose',
    ]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('> GET ');
    expect(result.stderr).not.toContain('hunter2-value');
    expect(result.stderr).toContain('value=[redacted]');
  });

  it('shows a variable value `collab api --dry-run` would send unmasked', async () => {
    const result = await collab([
      'api',
      '-X',
      'POST',
      'projects/1/variables',
      '-f',
      'key=PLAIN',
      '-f',
      'value=plain-value',
      '-f',
      'masked=false',
      '--dry-run',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('"value": "plain-value"');
  });

  it('keeps the value of a secret-named key in the query of an `api` path out of --verbose and the error', async () => {
    const result = await collab(['api', 'nosuch?job_token=hunter2%2Bmore', '--verbose']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).not.toMatch(/hunter2/);
    expect(result.stderr).toContain('error: 404 Not Found (GET /nosuch?job_token=[redacted])');
  });

  it('keeps a rejected token out of the error', async () => {
    const secret = 'glpat-wrong-but-still-secret';
    const result = await collab(['api', 'user', '--verbose'], { env: { COLLAB_TOKEN: secret } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('error: 401 Unauthorized');
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it('refuses a token that cannot be a header (a carriage return from a Windows file) without showing it', async () => {
    sandbox.resetStats();
    const secret = 'glpat-carriage-return-secret\r';
    const result = await collab(['api', 'user', '--verbose'], { env: { COLLAB_TOKEN: secret } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^error: the token contains a space, a line break or a non-ASCII character/);
    expect(result.stderr).not.toContain('carriage-return-secret');
    expect(sandbox.stats.requests).toBe(0);
  });

  it('keeps the token out of crash text, even a failure before any request', async () => {
    const dir = tempConfigDir();
    // A config file that cannot be parsed: the failure happens before the client exists.
    writeFileSync(join(dir, 'config.json'), '{"hosts": {');
    const secret = 'glpat-crash-time-secret';
    const result = await runMain(['api', 'user', '--verbose'], {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: sandbox.url,
      COLLAB_TOKEN: secret,
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it('never shows a hook token: read from a file, redacted in --dry-run, write-only on the service', async () => {
    const hookSecret = 'hook-shared-secret-7d1f';
    const file = join(configDir, 'hook-token.txt');
    writeFileSync(file, `${hookSecret}\n`);
    const dry = await collab(
      [
        'hooks',
        'create',
        '--project',
        'acme/web/storefront',
        '--url',
        'https://hooks.example/dry',
        '--token-file',
        file,
        '--dry-run',
      ],
      { as: 'owner' },
    );
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('[redacted]');
    expect(dry.stdout + dry.stderr).not.toContain(hookSecret);

    const real = await collab(
      [
        'hooks',
        'create',
        '--project',
        'acme/web/storefront',
        '--url',
        'https://hooks.example/real',
        '--token-file',
        file,
        '--verbose',
        '--json',
      ],
      { as: 'owner' },
    );
    expect(real.exitCode).toBe(0);
    expect(real.stdout + real.stderr).not.toContain(hookSecret);
    const stored = [...sandbox.store.hooks.values()].find((h) => h.url === 'https://hooks.example/real');
    expect(stored?.token).toBe(hookSecret);
  });

  it('masks credentials in a URL that a flag refuses, quoted in the usage error', async () => {
    const password = 's3cr3t-hook-password';
    const result = await collab(['hooks', 'create', '--project', '1', '--url', `ftp://robot:${password}@h.example/x`]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('"ftp://robot:****@h.example/x"');
    expect(result.stderr).not.toContain(password);
  });

  it.each([
    ['--host', ['projects', 'list', '--host', 'robot:s3cr3t-host-password@gitlab.example.com'], {}],
    ['COLLAB_HOST', ['projects', 'list'], { COLLAB_HOST: 'robot:s3cr3t-host-password@gitlab.example.com' }],
    ['config set host', ['config', 'set', 'host', 'robot:s3cr3t-host-password@gitlab.example.com:8443/x'], {}],
    [
      'auth login --host',
      ['auth', 'login', '--with-token', '--host', 'robot:s3cr3t-host-password@gitlab.example.com'],
      {},
    ],
  ])('refuses a host with a password and no scheme (%s) without showing the password', async (_how, args, env) => {
    const dir = tempConfigDir();
    const result = await runMain(
      args,
      { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir, ...env },
      { input: 'glpat-never-sent\n' },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: the host URL must not carry credentials: use `collab auth login` or COLLAB_TOKEN\n',
    );
  });

  it('masks a password before a host with no scheme in any message quoting it', async () => {
    const result = await collab(['projects', 'list', '--visibility', 'robot:s3cr3t-any-password@gitlab.example.com']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('"robot:****@gitlab.example.com"');
    expect(result.stderr).not.toContain('s3cr3t-any-password');
  });

  it('leaves an address and an SSH remote unmasked, which hold no password', async () => {
    const result = await collab(['projects', 'list', '--visibility', 'dana@example.com,git@example.com:x.git']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('"dana@example.com,git@example.com:x.git"');
  });

  it('keeps a token in the query of a mirror URL out of --dry-run', async () => {
    const token = 'glpat-mirror-query-secret';
    const dir = tempConfigDir();
    const file = join(dir, 'mirror-url');
    writeFileSync(file, `https://git.example.com/x.git?private_token=${token}`);
    const result = await collab([
      'mirrors',
      'create',
      '--project',
      'acme/web/storefront',
      '--url-file',
      file,
      '--dry-run',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('"url": "[redacted]"');
    expect(result.stdout + result.stderr).not.toContain(token);
  });

  it('refuses a mirror URL with a token in its query on argv', async () => {
    const url = 'https://git.example.com/x.git?private_token=glpat-mirror-argv-secret';
    const result = await collab(['mirrors', 'create', '--project', 'acme/web/storefront', '--url', url]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: --url with credentials is refused/);
    expect(result.stderr).not.toContain('glpat-mirror-argv-secret');
  });

  it('masks credentials in an import URL wherever it is shown', async () => {
    const password = 's3cr3t-import-password';
    const dry = await collab(
      ['projects', 'create', '--name', 'mirror-demo', '--import-url-file', '-', '--dry-run', '--verbose'],
      { as: 'owner', input: `https://robot:${password}@git.example.com/x.git\n` },
    );
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout + dry.stderr).not.toContain(password);
    expect(dry.stdout).toContain('https://robot:****@git.example.com/x.git');
  });

  it.each([
    ['projects', 'create', '--name', 'never-imported'],
    ['projects', 'update', 'acme/web/storefront'],
  ])('refuses an import URL with credentials on argv (%s %s), before sending anything', async (...args) => {
    sandbox.resetStats();
    for (const url of [
      'https://robot:s3cr3t-argv-password@git.example.com/x.git',
      'https://s3cr3t-argv-token@git.example.com/x.git',
      'https://git.example.com/x.git?private_token=s3cr3t-argv-token',
    ]) {
      const result = await collab([...args, '--import-url', url], { as: 'owner' });
      expect(result.exitCode, url).toBe(2);
      expect(result.stderr).toBe(
        'error: --import-url with credentials is refused: the command line ends up in shell history and process lists\n' +
          'hint: put the URL in a file and give --import-url-file <path>, or pipe it to standard input (--import-url-file -)\n',
      );
    }
    expect(sandbox.stats.requests).toBe(0);
  });

  it('keeps a token in the query of an import URL out of --dry-run and --verbose', async () => {
    const token = 'glpat-import-query-secret';
    const dir = tempConfigDir();
    const file = join(dir, 'import-url');
    writeFileSync(file, `https://git.example.com/x.git?private_token=${token}`);
    const result = await collab(
      ['projects', 'update', 'acme/web/storefront', '--import-url-file', file, '--dry-run', '--verbose'],
      { as: 'owner' },
    );
    expect(result.exitCode).toBe(0);
    // A push mirror's rule: the whole URL, whose query may hold more than the rule names.
    expect(result.stdout).toContain('"import_url": "[redacted]"');
    expect(result.stdout + result.stderr).not.toContain(token);
  });
});

describe('the token stays within the API root', () => {
  it('refuses `collab api` paths that climb out of /api/v4, sending nothing', async () => {
    sandbox.resetStats();
    for (const path of ['../../users', 'projects/../../../admin', '%2e%2e/%2e%2e/users']) {
      const result = await collab(['api', path]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(
        /^error: refusing to send GET \/.*: it leads out of the API root \/api\/v4\nhint: /,
      );
    }
    expect(sandbox.stats.requests).toBe(0);
  });
});

describe('the config file', () => {
  it('is created 0600 by auth login --with-token, and a warning says when others can read it', async () => {
    const dir = tempConfigDir();
    const env = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir };
    const login = await runMain(['auth', 'login', '--with-token', '--host', sandbox.url], env, {
      input: `${sandbox.tokens.developer}\n`,
    });
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toMatch(/^logged in to http:\/\/127\.0\.0\.1:\d+ as dana; token stored in /);
    expectNoSecrets(login.stdout + login.stderr);
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const quiet = await runMain(['api', 'user'], env);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stderr).toBe('');

    chmodSync(file, 0o644);
    const warned = await runMain(['api', 'user'], env);
    expect(warned.exitCode).toBe(0);
    expect((JSON.parse(warned.stdout) as { username: string }).username).toBe('dana');
    expect(warned.stderr).toBe(`warning: ${file} is readable by others (mode 644); run: chmod 600 ${file}\n`);
  });
});

describe('plain http to a host that is not loopback', () => {
  const remote = 'http://10.255.255.1';

  it('is refused before anything is sent', async () => {
    const result = await collab(['api', 'user', '--verbose'], { env: { COLLAB_HOST: remote }, timeout: 15_000 });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `error: refusing to send the token over plain http to 10.255.255.1\nhint: use https, or allow it with \`collab config set insecure_http true --host ${remote}\`\n`,
    );
  });

  it('is refused by auth login too, before the token is checked', async () => {
    const dir = tempConfigDir();
    const result = await runMain(
      ['auth', 'login', '--with-token', '--host', remote, '--verbose'],
      { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir },
      { input: 'glpat-never-sent\n', timeout: 15_000 },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: refusing to send the token over plain http to 10\.255\.255\.1\n/);
    expect(result.stderr).not.toContain('> GET');
  });

  it('can be allowed per host with config set insecure_http', async () => {
    const dir = tempConfigDir();
    const env = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir };
    const set = await runMain(['config', 'set', 'insecure_http', 'true', '--host', remote], env);
    expect(set.exitCode).toBe(0);
    const get = await runMain(['config', 'get', 'insecure_http', '--host', remote], env);
    expect(get.stdout).toBe('true\n');
    // Another host stays refused.
    const other = await runMain(
      ['api', 'user'],
      { ...env, COLLAB_HOST: 'http://10.255.255.2', COLLAB_TOKEN: 'glpat-x' },
      { timeout: 15_000 },
    );
    expect(other.exitCode).toBe(2);
  });
});
