import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadCommandTree } from '../../src/commands/tree.js';
import { bashCompletion, fishCompletion, zshCompletion } from '../../src/completion/generate.js';
import { BIN } from '../helpers/cli.js';
import { useHostileServer } from '../helpers/hostile-server.js';

/**
 * Completion never runs server data. A service whose groups and projects are
 * named `$(touch …)`, with backticks, `;`, quotes and spaces: Tab in bash (zsh and fish where
 * installed) creates no file and offers each name as the text it is. The old bash script passed
 * `collab __complete`'s lines to `compgen -W`, which expanded them: the file was made.
 */

const server = useHostileServer();
const { collab, answer } = server;

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'collab-inject-'));
});

/** Names that run a command, or break a word, if a shell reads them as code. */
function hostileNames(dir: string): string[] {
  return [
    `x$(touch ${dir}/dollar)`,
    `x\`touch ${dir}/backtick\``,
    `x;touch ${dir}/semicolon`,
    `x"double'single`,
    'x with spaces',
    `x$(touch ${dir}/a)$(touch ${dir}/b)`,
  ];
}

function serve(names: readonly string[]): void {
  answer(/^GET \/groups\?/, { body: names.map((name, id) => ({ id, name, path: name, full_path: name })) });
  // A name with a line break would be two candidates: it is not offered.
  answer(/^GET \/projects\?/, {
    body: [
      ...names.map((name, id) => ({ id, name, path_with_namespace: `${name}/p` })),
      { id: 99, path_with_namespace: 'x\nrm -rf ~' },
    ],
  });
}

/** What the candidates must be: every group (with its slash) and project, literally. */
const expected = (names: readonly string[]) => [
  ...names.map((name) => `${name}/`).sort(),
  ...names.map((name) => `${name}/p`).sort(),
];

/** A shell environment whose `collab` is bin/collab, against the hostile server. */
function shellEnv(): Record<string, string> {
  const bin = mkdtempSync(join(tmpdir(), 'collab-bin-'));
  writeFileSync(join(bin, 'collab'), `#!/bin/sh\nexec node '${BIN}' "$@"\n`);
  chmodSync(join(bin, 'collab'), 0o755);
  const home = mkdtempSync(join(tmpdir(), 'collab-home-'));
  return {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: home,
    COLLAB_CONFIG_DIR: home,
    XDG_CACHE_HOME: join(home, 'cache'),
    COLLAB_HOST: server.origin,
    COLLAB_TOKEN: 'glpat-hostile-test-token',
    NO_COLOR: '1',
    COLLAB_COMPLETE_TIMEOUT: '20',
  };
}

function hasShell(name: string): boolean {
  return spawnSync(name, ['-c', 'exit 0']).status === 0;
}

describe('completion of names the service chose', () => {
  it('collab __complete prints them one a line, as they are, and leaves out those with a line break', async () => {
    const names = hostileNames(work);
    serve(names);
    const result = await collab(['__complete', 'projects', 'view', 'x'], {
      env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'collab-cache-')), COLLAB_COMPLETE_TIMEOUT: '20' },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(expected(names));
  });

  it('collab __complete leaves out names holding an escape sequence, a C1 control or a bidi override', async () => {
    const hostile = ['x\x1b]0;title\x07', 'x\x9b2J', 'x\x9d8;;http://evil/\x9c', 'x\u202eexe.txt', 'x\u2066y'];
    answer(/^GET \/groups\/acme\/subgroups/, { body: [] });
    answer(/^GET \/groups\/acme\/projects/, {
      body: [...hostile, 'xplain'].map((name, id) => ({ id, path_with_namespace: `acme/${name}` })),
    });
    const result = await collab(['__complete', 'projects', 'view', 'acme/x'], {
      env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'collab-cache-')), COLLAB_COMPLETE_TIMEOUT: '20' },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('acme/xplain\n');
  });

  it('bash: Tab runs nothing and offers each name literally', { timeout: 60_000 }, async () => {
    const names = hostileNames(work);
    serve(names);
    const script = bashCompletion(await loadCommandTree());
    const words = ['collab', 'projects', 'view', 'x'];
    // compopt stands in as a function (outside a real Tab it does nothing): it says what bash is asked.
    const asked = join(mkdtempSync(join(tmpdir(), 'collab-compopt-')), 'asked');
    const program = `${script}\ncompopt() { echo "$*" >> '${asked}'; }\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _collab; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const run = await execa('bash', ['-c', program], { env: shellEnv(), extendEnv: false, cwd: work });
    expect(readdirSync(work)).toEqual([]);
    expect(run.stdout.split('\n')).toEqual(expected(names));
    // Names with shell characters are inserted quoted, as file names are.
    expect(readFileSync(asked, 'utf8')).toContain('-o filenames');
    // The prefix is matched as text, not as a pattern: `x$(` offers the two names starting so.
    const narrowed = `${script}\nCOMP_WORDS=(collab projects view 'x$('); COMP_CWORD=3; _collab; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const second = await execa('bash', ['-c', narrowed], { env: shellEnv(), extendEnv: false, cwd: work });
    expect(readdirSync(work)).toEqual([]);
    expect(second.stdout.split('\n')).toEqual(expected(names).filter((name) => name.startsWith('x$(')));
  });

  it('zsh: Tab runs nothing and offers each name literally (where zsh is installed)', {
    timeout: 60_000,
  }, async (ctx) => {
    ctx.skip(!hasShell('zsh'), 'zsh is not installed');
    const names = hostileNames(work);
    serve(names);
    const file = join(mkdtempSync(join(tmpdir(), 'collab-zsh-')), '_collab');
    writeFileSync(file, zshCompletion(await loadCommandTree()));
    const stubs = `compdef() { : }
compadd() {
  local arrays=0 name item
  while (( $# )); do case $1 in -S) shift 2 ;; -a) arrays=1; shift ;; --) shift; break ;; -*) shift ;; *) break ;; esac; done
  if (( arrays )); then for name in "$@"; do for item in "\${(@P)name}"; do print -r -- "$item"; done; done; fi
}`;
    const program = `${stubs}\nsource '${file}'\nwords=(collab projects view x); CURRENT=4; _collab`;
    const run = await execa('zsh', ['-f', '-c', program], { env: shellEnv(), extendEnv: false, cwd: work });
    expect(readdirSync(work)).toEqual([]);
    expect(run.stdout.split('\n')).toEqual(expected(names));
  });

  it('fish: Tab runs nothing and offers each name literally (where fish is installed)', {
    timeout: 60_000,
  }, async (ctx) => {
    ctx.skip(!hasShell('fish'), 'fish is not installed');
    const names = hostileNames(work);
    serve(names);
    const file = join(mkdtempSync(join(tmpdir(), 'collab-fish-')), 'collab.fish');
    writeFileSync(file, fishCompletion(await loadCommandTree()));
    const run = await execa('fish', ['--no-config', '-c', `source '${file}'; complete -C 'collab projects view x'`], {
      env: shellEnv(),
      extendEnv: false,
      cwd: work,
    });
    expect(readdirSync(work)).toEqual([]);
    // fish orders them its own way.
    expect(run.stdout.split('\n').filter(Boolean).sort()).toEqual(expected(names).sort());
  });
});
