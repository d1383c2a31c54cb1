import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCollab, runMain, useSandbox } from '../helpers/cli.js';

const env = { PATH: process.env.PATH };

describe('the command line', () => {
  const { collab } = useSandbox({ seed: 5 });

  it('prints the version from package.json', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    // bin/collab answers --version itself, without loading the rest: a real process.
    const result = await runCollab(['--version'], env);
    expect(result.stdout).toBe(`${pkg.version}\n`);
    expect(result.exitCode).toBe(0);
  });

  it('lists every noun in help', async () => {
    const result = await runMain(['--help'], env);
    expect(result.exitCode).toBe(0);
    for (const noun of [
      'projects',
      'groups',
      'notes',
      'hooks',
      'push-rule',
      'share',
      'api',
      'auth',
      'config',
      'completion',
      'sandbox',
    ])
      expect(result.stdout).toContain(noun);
  });

  it('rejects unknown commands and flags with exit 2 and one line naming the fix', async () => {
    const unknown = await runMain(['porjects'], env);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'porjects'");
    expect(unknown.stderr).toContain('did you mean projects?');
    const flag = await collab(['api', 'user', '--frobnicate']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain("unknown option '--frobnicate'");
  });

  it('rejects a bad output format before sending', async () => {
    const result = await collab(['api', 'user', '--output', 'xml']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: invalid value "xml" for --output: expected one of table, json, ndjson, csv/);
  });

  it('requires a host', async () => {
    const result = await runMain(['api', 'user'], { ...env, COLLAB_CONFIG_DIR: '/nonexistent-collab-test' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: no host given\nhint: pass --host <url>, set COLLAB_HOST, or run `collab auth login --host <url>`\n',
    );
  });

  it('keeps the committed completion scripts in step with the command tree', async () => {
    for (const [shell, file] of [
      ['bash', 'completions/collab.bash'],
      ['zsh', 'completions/_collab'],
      ['fish', 'completions/collab.fish'],
      ['markdown', 'docs/COMMANDS.md'],
    ]) {
      const generated = await runMain(['completion', shell as string], env);
      expect(generated.exitCode).toBe(0);
      const committed = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(generated.stdout, `${file} is stale: run npm run completions`).toBe(committed);
    }
  });

  it('refuses a shell it has no script for, even a name every object has (toString), as a usage error', async () => {
    for (const shell of ['toString', 'constructor', '__proto__', 'powershell']) {
      const result = await runMain(['completion', shell], env);
      expect(result.exitCode, shell).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`error: unsupported shell "${shell}"\nhint: choose bash, zsh or fish\n`);
    }
  });

  it('completes commands, flags and choices in bash', async () => {
    const script = (await runMain(['completion', 'bash'], env)).stdout;
    const { execa } = await import('execa');
    const complete = async (line: string) => {
      const words = line.split(' ');
      const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _collab; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return (await execa('bash', ['-c', program])).stdout.split('\n');
    };
    expect(await complete('collab pro')).toEqual([
      'projects',
      'protected-branches',
      'protected-tags',
      'protected-environments',
    ]);
    expect(await complete('collab auth ')).toEqual(['login', 'switch', 'status', 'logout', 'token']);
    expect(await complete('collab api x --met')).toEqual(['--method']);
    expect(await complete('collab -o ')).toEqual(['table', 'json', 'ndjson', 'csv', 'markdown']);
  });
});
