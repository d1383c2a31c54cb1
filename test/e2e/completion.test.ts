import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { BIN, runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';
import { manualClock } from '../helpers/clock.js';
import { until } from '../helpers/processes.js';

/**
 * Time enough for an answer on a busy machine (the default second counts from after start-up, but
 * a loaded test machine can take that to load the HTTP client). The cases that must give up keep
 * the default.
 */
const ROOMY = { COLLAB_COMPLETE_TIMEOUT: '20' };

/** A cache directory of its own, so that each case sees the service (or its own cache) and no other case's answers. */
function freshCache(): string {
  return mkdtempSync(join(tmpdir(), 'collab-cache-'));
}

const lines = (stdout: string) => stdout.split('\n').filter(Boolean);

/** A manual clock (test/helpers/clock.ts) that counts the timers set on it: the budget's is the first. */
function countingClock() {
  const clock = manualClock();
  const counting = Object.assign(Object.create(clock) as typeof clock, {
    set: 0,
    setTimeout(callback: () => void, ms: number) {
      counting.set++;
      return clock.setTimeout(callback, ms);
    },
  });
  return counting;
}

function hasShell(name: string): boolean {
  return spawnSync(name, ['-c', 'exit 0']).status === 0;
}

describe('collab __complete: projects and groups from the service', () => {
  const { collab, sandbox } = useSandbox({ seed: 30 });
  const complete = (words: string[], env: Record<string, string | undefined> = {}, as?: 'admin' | 'developer' | null) =>
    collab(['__complete', ...words], {
      env: { XDG_CACHE_HOME: freshCache(), ...ROOMY, ...env },
      ...(as === undefined ? {} : { as }),
    });

  it('completes a path one level at a time, as a file path completes', async () => {
    const first = await complete(['projects', 'view', 'acme/w']);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toBe('');
    expect(lines(first.stdout)).toContain('acme/web/');
    expect(lines(first.stdout).every((line) => line.startsWith('acme/w'))).toBe(true);
    const second = await complete(['projects', 'view', 'acme/web/']);
    expect(lines(second.stdout)).toContain('acme/web/storefront');
    expect(lines(second.stdout)).toContain('acme/web/design-system');
    expect(lines(second.stdout).every((line) => line.startsWith('acme/web/'))).toBe(true);
    // Subgroups go on with a slash; a project is a full path.
    const platform = await complete(['projects', 'view', 'acme/platform/']);
    expect(lines(platform.stdout)).toContain('acme/platform/infra/');
    expect(lines(platform.stdout)).toContain('acme/platform/api');
  });

  it('offers top-level groups and the projects matching a word without a slash', async () => {
    const result = await complete(['projects', 'view', 'glo']);
    expect(lines(result.stdout)).toContain('globex/');
    expect(lines(result.stdout)).toContain('globex/handbook');
    expect(lines(result.stdout)).not.toContain('acme/');
    const empty = await complete(['projects', 'view', '']);
    expect(lines(empty.stdout)).toEqual(['acme/', 'globex/', 'initech/']);
  });

  it('offers no projects where a group is wanted', async () => {
    const result = await complete(['groups', 'view', 'acme/']);
    expect(lines(result.stdout)).toEqual(['acme/platform/', 'acme/web/']);
  });

  it('completes the values of --project, --group, --namespace, --with, --parent, --to and --from, in every spelling', async () => {
    const cases: Array<[string[], string]> = [
      [['notes', 'list', '--project', 'acme/web/st'], 'acme/web/storefront'],
      [['notes', 'list', '--issue', '1', '--project', 'acme/web/st'], 'acme/web/storefront'],
      [['hooks', 'list', '--group', 'glo'], 'globex/'],
      [['projects', 'fork', 'acme/web/storefront', '--namespace', 'glo'], 'globex/'],
      [['share', 'add', '--project', 'acme/web/storefront', '--with', 'acme/pl'], 'acme/platform/'],
      [['groups', 'create', '--name', 'x', '--path', 'x', '--parent', 'glo'], 'globex/'],
      [['groups', 'transfer', 'acme/web', '--to', 'glo'], 'globex/'],
      [['projects', 'import-members', 'acme/web/storefront', '--from', 'globex/'], 'globex/handbook'],
      // zsh and fish pass --flag=value as one word: the candidates keep the flag.
      [['notes', 'list', '--project=acme/web/st'], '--project=acme/web/storefront'],
      // bash splits it at the '='.
      [['notes', 'list', '--project', '=', 'acme/web/st'], 'acme/web/storefront'],
      [['notes', 'list', '--project', '='], 'acme/'],
      // Global flags before the noun are skipped with their values.
      [['-o', 'json', 'projects', 'view', 'acme/web/st'], 'acme/web/storefront'],
    ];
    for (const [words, expected] of cases) {
      const result = await complete(words);
      expect(lines(result.stdout), words.join(' ')).toContain(expected);
    }
  });

  it('finds which positional argument is being completed', async () => {
    const project = await complete(['groups', 'transfer-project', 'acme/web', 'acme/web/st']);
    expect(lines(project.stdout)).toEqual(['acme/web/storefront']);
    const group = await complete(['groups', 'transfer-project', 'acme/w']);
    expect(lines(group.stdout)).toEqual(['acme/web/']);
    const upstream = await complete(['projects', 'fork-relation', 'add', 'acme/web/storefront', 'globex/h']);
    expect(lines(upstream.stdout)).toEqual(['globex/handbook']);
  });

  it('completes what the project or group on the line owns: label names, variable keys, protected branch names, badge IDs', async () => {
    // The project's labels include its groups' (bug, feature from acme); a key held in two scopes is offered once.
    expect(lines((await complete(['labels', 'view', '--project', 'acme/web/storefront', ''])).stdout)).toEqual([
      'bug',
      'checkout',
      'feature',
    ]);
    expect(lines((await complete(['labels', 'delete', '--group=acme', 'f'])).stdout)).toEqual(['feature']);
    expect(lines((await complete(['variables', 'update', '--project', 'acme/web/storefront', 'APP'])).stdout)).toEqual([
      'APP_ENV',
    ]);
    expect(
      lines((await complete(['protected-branches', 'view', '--project', 'acme/web/storefront', 'ma'])).stdout),
    ).toEqual(['main']);
    const badges = lines((await complete(['badges', 'view', '--group', 'acme', ''])).stdout);
    expect(badges).toHaveLength(1);
    for (const id of badges) expect(id).toMatch(/^\d+$/);
    // Without an owner on the line (or with `-`, many owners) there is no one list to read.
    const before = sandbox.stats.requests;
    expect((await complete(['labels', 'view', ''])).stdout).toBe('');
    expect((await complete(['labels', 'view', '--project', '-', ''])).stdout).toBe('');
    expect(sandbox.stats.requests).toBe(before);
  });

  it('offers nothing, and asks the service nothing, where no project or group is wanted', async () => {
    const before = sandbox.stats.requests;
    for (const words of [
      ['projects', 'list', ''],
      ['projects', 'view', 'acme/web/storefront', ''],
      ['config', 'get', ''],
      ['notes', 'view', '--project', 'acme/web/storefront', ''],
      ['projects', 'view', '--json'],
      ['nosuchnoun', 'a'],
      ['projects', ''],
    ]) {
      const result = await complete(words);
      expect(result.exitCode, words.join(' ')).toBe(0);
      expect(result.stdout, words.join(' ')).toBe('');
      expect(result.stderr).toBe('');
    }
    expect(sandbox.stats.requests).toBe(before);
  });

  it('keeps answers for a minute per host and word, in files only the user can read', async () => {
    const cache = freshCache();
    const before = sandbox.stats.requests;
    const first = await complete(['projects', 'view', 'acme/web/'], { XDG_CACHE_HOME: cache });
    const asked = sandbox.stats.requests - before;
    expect(asked).toBe(2);
    const again = await complete(['projects', 'view', 'acme/web/'], { XDG_CACHE_HOME: cache });
    expect(again.stdout).toBe(first.stdout);
    expect(sandbox.stats.requests - before).toBe(asked);
    const dir = join(cache, 'collab', 'completion');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const file = join(dir, files[0] as string);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Another word is another answer.
    await complete(['projects', 'view', 'acme/'], { XDG_CACHE_HOME: cache });
    expect(sandbox.stats.requests - before).toBeGreaterThan(asked);
    // An answer older than a minute is asked for again.
    const asOfNow = sandbox.stats.requests;
    const entry = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...entry, at: entry.at - 61_000 }));
    const stale = await complete(['projects', 'view', 'acme/web/'], { XDG_CACHE_HOME: cache });
    expect(stale.stdout).toBe(first.stdout);
    expect(sandbox.stats.requests).toBeGreaterThan(asOfNow);
    // Another host's answer for the same word is its own.
    const other = await startSandbox({ port: 0, seed: 30 });
    try {
      const elsewhere = await complete(['--host', other.url, 'projects', 'view', 'acme/web/'], {
        XDG_CACHE_HOME: cache,
        COLLAB_HOST: other.url,
        COLLAB_TOKEN: other.tokens.admin,
      });
      expect(elsewhere.stdout).toBe(first.stdout);
      expect(other.stats.requests).toBe(2);
    } finally {
      await other.close();
    }
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it('says nothing and ends well without a token, with a bad config file, or when the service cannot be reached', async () => {
    const noToken = await complete(['projects', 'view', 'acme/'], {}, null);
    const configDir = tempConfigDir();
    writeFileSync(join(configDir, 'config.json'), '{"timeout":"abc"');
    const badConfig = await complete(['projects', 'view', 'acme/'], { COLLAB_CONFIG_DIR: configDir, HOME: configDir });
    // The default second, on the run's clock: the client, refused, is backing off (a second timer
    // set on the clock) and would retry for longer; the budget ends it (or it ended already).
    const clock = countingClock();
    let offlineEnded = false;
    const offlineRun = collab(['__complete', 'projects', 'view', 'acme/'], {
      env: { XDG_CACHE_HOME: freshCache(), COLLAB_HOST: 'http://127.0.0.1:9' },
      clock,
    }).finally(() => {
      offlineEnded = true;
    });
    await until(() => clock.set >= 2 || offlineEnded, 'a refused connection to be retried');
    clock.advance(1000);
    const offline = await offlineRun;
    const noHost = await complete(['projects', 'view', 'acme/'], { COLLAB_HOST: undefined });
    for (const result of [noToken, badConfig, offline, noHost]) {
      expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    }
  });

  it('runs a token command (with no standard input) within its second, and offers nothing when it does not answer', async () => {
    const dir = tempConfigDir();
    const env = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir, XDG_CACHE_HOME: freshCache(), ...ROOMY };
    const answered = `${dir}/answered`;
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        host: sandbox.url,
        hosts: { [sandbox.url]: { token_command: `cat > '${answered}'; printf %s ${sandbox.tokens.developer}` } },
      }),
    );
    const found = await runMain(['__complete', 'projects', 'view', 'acme/web/'], env, {
      input: 'not for the command\n',
    });
    expect(lines(found.stdout)).toContain('acme/web/storefront');
    expect(readFileSync(answered, 'utf8')).toBe('');
    const started = join(dir, 'started');
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        host: sandbox.url,
        hosts: {
          [sandbox.url]: { token_command: `touch '${started}'; sleep 20; printf %s ${sandbox.tokens.developer}` },
        },
      }),
    );
    const before = sandbox.stats.requests;
    // The default second, on the run's clock: the command is running, and is given up on when the clock passes the second, not before.
    const clock = manualClock();
    let ended = false;
    const silentRun = runMain(
      ['__complete', 'projects', 'view', 'acme/'],
      { ...env, XDG_CACHE_HOME: freshCache(), COLLAB_COMPLETE_TIMEOUT: undefined },
      { clock },
    ).finally(() => {
      ended = true;
    });
    await until(() => existsSync(started), 'the token command to run');
    clock.advance(999);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toBe(false);
    clock.advance(1);
    expect(await silentRun).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    expect(sandbox.stats.requests).toBe(before);
  });

  /** The environment of a shell whose `collab` is bin/collab, against the sandbox. */
  const shellEnv = () => {
    const bin = mkdtempSync(join(tmpdir(), 'collab-bin-'));
    writeFileSync(join(bin, 'collab'), `#!/bin/sh\nexec node '${BIN}' "$@"\n`);
    chmodSync(join(bin, 'collab'), 0o755);
    return {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: tempConfigDir(),
      XDG_CACHE_HOME: freshCache(),
      COLLAB_HOST: sandbox.url,
      COLLAB_TOKEN: sandbox.tokens.admin,
      NO_COLOR: '1',
      ...ROOMY,
    };
  };
  // `collab completion <shell>` needs no process of its own: only the script's calls of collab do.
  const script = async (shell: string) => (await runMain(['completion', shell], { PATH: process.env.PATH })).stdout;

  it('is called by the bash script for <project> arguments and --project values', async () => {
    const bash = await script('bash');
    const env = shellEnv();
    const complete = async (words: string[]) => {
      const program = `${bash}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _collab; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return lines((await execa('bash', ['-c', program], { env, extendEnv: false })).stdout);
    };
    expect(await complete(['collab', 'projects', 'view', 'acme/w'])).toEqual(['acme/web/']);
    expect(await complete(['collab', 'projects', 'view', 'acme/web/'])).toContain('acme/web/storefront');
    expect(await complete(['collab', 'notes', 'list', '--project', 'acme/web/sto'])).toEqual(['acme/web/storefront']);
    // Commands and flags still come from the script itself.
    expect(await complete(['collab', 'projects', 'vi'])).toEqual(['view']);
    expect(await complete(['collab', 'projects', 'view', '--lic'])).toEqual(['--license']);
    // Aliases are read as the command they name: what follows them completes (not offered themselves).
    expect(await complete(['collab', 'project', 'show', '--lic'])).toEqual(['--license']);
    expect(await complete(['collab', 'groups', 'ls', '--top'])).toEqual(['--top-level-only']);
    expect(await complete(['collab', 'groups', 'show', 'acme/w'])).toEqual(['acme/web/']);
  });

  it('is called by the fish script (where fish is installed)', async (ctx) => {
    ctx.skip(!hasShell('fish'), 'fish is not installed');
    const file = join(freshCache(), 'collab.fish');
    writeFileSync(file, await script('fish'));
    const env = shellEnv();
    const complete = async (line: string) =>
      lines(
        (
          await execa('fish', ['--no-config', '-c', `source '${file}'; complete -C '${line}'`], {
            env,
            extendEnv: false,
          })
        ).stdout,
      ).map((l) => l.split('\t')[0]);
    expect(await complete('collab projects view acme/w')).toEqual(['acme/web/']);
    expect(await complete('collab projects view acme/web/')).toContain('acme/web/storefront');
    expect(await complete('collab notes list --project acme/web/sto')).toEqual(['acme/web/storefront']);
    expect(await complete('collab notes list --project=acme/web/sto')).toEqual(['--project=acme/web/storefront']);
    expect(await complete('collab projects vi')).toEqual(['view']);
  });

  it('is called by the zsh script (where zsh is installed; its completion builtins stand in as functions)', async (ctx) => {
    ctx.skip(!hasShell('zsh'), 'zsh is not installed');
    const file = join(freshCache(), '_collab');
    writeFileSync(file, await script('zsh'));
    const env = shellEnv();
    // compadd prints what it is given, with "/" when it adds no space after it; _describe its names.
    const stubs = `compdef() { : }
compadd() {
  local arrays=0 suffix=' ' name item
  while (( $# )); do case $1 in -S) suffix=$2; shift 2 ;; -a) arrays=1; shift ;; --) shift; break ;; -*) shift ;; *) break ;; esac; done
  if (( arrays )); then for name in "$@"; do for item in "\${(@P)name}"; do print -r -- "$item\${suffix:+ }"; done; done
  else for item in "$@"; do print -r -- "$item\${suffix:+ }"; done; fi
}
_describe() { local item; for item in "\${(@P)4}"; do print -r -- "\${item%%:*}"; done }
_files() { print -r -- '<files>' }`;
    const complete = async (words: string[]) => {
      const program = `${stubs}\nsource '${file}'\nwords=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; _collab`;
      return (await execa('zsh', ['-f', '-c', program], { env, extendEnv: false })).stdout.split('\n');
    };
    // A group is offered without a space after it, so that its contents complete next.
    expect(await complete(['collab', 'projects', 'view', 'acme/w'])).toEqual(['acme/web/']);
    expect(await complete(['collab', 'projects', 'view', 'acme/web/'])).toContain('acme/web/storefront ');
    expect(await complete(['collab', 'notes', 'list', '--project=acme/web/sto'])).toEqual([
      '--project=acme/web/storefront ',
    ]);
    expect(await complete(['collab', 'projects', 'list', ''])).toEqual(['<files>']);
    // The tables the script reads (subcommands, flags, choices) are found by their keys.
    expect(await complete(['collab', 'pro'])).toContain('projects');
    expect(await complete(['collab', 'projects', 'list', '-o', ''])).toEqual(['table ', 'json ', 'ndjson ', 'csv ']);
  });
});

describe('collab __complete against a slow service', () => {
  const { collab, sandbox } = useSandbox({ seed: 5, latency: 30_000 });

  // On the run's clock: the requests are on their way (the service takes 30 s), the budget runs
  // out when the clock passes it, not a moment before, and no test waits for it in real time.
  it('gives up when its time is out (1 s, or COLLAB_COMPLETE_TIMEOUT): no candidates, nothing on stderr, exit 0', async () => {
    for (const [env, budget] of [
      [{}, 1000],
      [{ COLLAB_COMPLETE_TIMEOUT: '3' }, 3000],
    ] as const) {
      const clock = manualClock();
      const before = sandbox.stats.requests;
      let ended = false;
      const running = collab(['__complete', 'projects', 'view', 'acme/'], {
        env: { XDG_CACHE_HOME: freshCache(), ...env },
        clock,
      }).finally(() => {
        ended = true;
      });
      await until(() => sandbox.stats.requests > before, 'the requests to reach the service');
      clock.advance(budget - 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ended, `before ${budget} ms`).toBe(false);
      clock.advance(1);
      expect(await running).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    }
  });
});
