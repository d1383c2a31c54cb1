import { describe, expect, it } from 'vitest';
import { loadCommandTree } from '../../src/commands/tree.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { VERB_ALIASES } from '../../src/commands/style.js';
import { runMain } from '../helpers/cli.js';

/**
 * One style over every command: the same aliases for the same verbs on every noun, and
 * `collab help <command>`. Headers and the case of messages are lint/words-of-the-output.grit's.
 */
function verbs(specs: readonly CommandSpec[], prefix = ''): Array<{ path: string; spec: CommandSpec }> {
  return specs.flatMap((spec) => {
    const path = `${prefix} ${spec.name}`.trim();
    return spec.subcommands ? verbs(spec.subcommands, path) : [{ path, spec }];
  });
}

describe('one style', () => {
  it('every noun’s list, view, update, delete and remove answer to the same aliases (ls, show and get, edit, rm)', async () => {
    const all = verbs(await loadCommandTree());
    const kinds = all.filter(({ spec }) => VERB_ALIASES[spec.name]);
    // groups, hooks, notes, push-rule, share, config... not only projects.
    expect(new Set(kinds.map(({ path }) => path.split(' ')[0])).size).toBeGreaterThan(5);
    const missing = kinds
      .filter(({ spec }) => !(VERB_ALIASES[spec.name] ?? []).every((alias) => spec.aliases?.includes(alias)))
      .map(({ path }) => path);
    expect(missing).toEqual([]);
  });

  it('every summary writes a possessive as the others do: a project’s repository, with ’', async () => {
    const all = verbs(await loadCommandTree());
    const off = all
      .filter(({ spec }) => /[a-z]'s\b| a project repository/.test(spec.summary ?? ''))
      .map(({ path, spec }) => `${path}: ${spec.summary}`);
    expect(off).toEqual([]);
  });

  it('the aliases run the verb, and help <command> is the command’s help', async () => {
    const env = { PATH: process.env.PATH };
    const help = await runMain(['help', 'groups', 'ls'], env);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^Usage: collab groups list\|ls /);
    const noun = await runMain(['help', 'hooks'], env);
    expect(noun.stdout).toMatch(/^Usage: collab hooks\|hook /);
    expect(noun.stdout).toMatch(/\n {2}list\|ls /);
    expect((await runMain(['groups', 'show', '--help'], env)).stdout).toMatch(/^Usage: collab groups view\|show /);
    // get, as glab (`glab variable get`) and kubectl say it.
    expect((await runMain(['variables', 'get', '--help'], env)).stdout).toMatch(/^Usage: collab variables view\|show /);
  });
});
