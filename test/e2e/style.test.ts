import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommandTree } from '../../src/commands/tree.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { VERB_ALIASES } from '../../src/commands/style.js';
import { runMain } from '../helpers/cli.js';

/**
 * One style over every command, checked where it can be (docs/ARCHITECTURE.md,
 * "Style"): the same aliases for the same verbs on every noun, headers in words, status lines
 * and errors starting in lower case, `collab help <command>`.
 */
const SRC = new URL('../../src/', import.meta.url).pathname;

function commandFiles(): Array<{ file: string; text: string }> {
  return (readdirSync(join(SRC, 'commands'), { recursive: true }) as string[])
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: `commands/${name}`, text: readFileSync(join(SRC, 'commands', name), 'utf8') }));
}

function verbs(specs: readonly CommandSpec[], prefix = ''): Array<{ path: string; spec: CommandSpec }> {
  return specs.flatMap((spec) => {
    const path = `${prefix} ${spec.name}`.trim();
    return spec.subcommands ? verbs(spec.subcommands, path) : [{ path, spec }];
  });
}

describe('one style', () => {
  it('every noun’s list, view, update, delete and remove answer to the same aliases (ls, show, edit, rm)', async () => {
    const all = verbs(await loadCommandTree());
    const kinds = all.filter(({ spec }) => VERB_ALIASES[spec.name]);
    // groups, hooks, notes, push-rule, share, config... not only projects.
    expect(new Set(kinds.map(({ path }) => path.split(' ')[0])).size).toBeGreaterThan(5);
    const missing = kinds
      .filter(({ spec }) => !(VERB_ALIASES[spec.name] ?? []).every((alias) => spec.aliases?.includes(alias)))
      .map(({ path }) => path);
    expect(missing).toEqual([]);
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
  });

  it('table headers are words in capitals, spaced: no CREATED_AT or GROUP_ID', () => {
    const headers = commandFiles().flatMap(({ file, text }) =>
      [...text.matchAll(/header: '([^']*)'/g)].map((m) => ({ file, header: m[1] as string })),
    );
    expect(headers.length).toBeGreaterThan(20);
    expect(headers.filter(({ header }) => !/^[A-Z0-9 ()/.-]+$/.test(header))).toEqual([]);
  });

  it('status lines, warnings and errors start in lower case (a name in capitals, such as LDAP or COLLAB_TOKEN, aside)', () => {
    const messages = commandFiles().flatMap(({ file, text }) =>
      [...text.matchAll(/\b(?:terminal\.info|presenter\.unchanged|terminal\.warn)\(\s*[`'"]([^`'"$]*)/g)].map((m) => ({
        file,
        message: m[1] as string,
      })),
    );
    expect(messages.length).toBeGreaterThan(20);
    // A message that starts with a choice: `${existing ? 'updated' : 'created'} the push rule…`.
    const chosen = commandFiles().flatMap(({ file, text }) =>
      [
        ...text.matchAll(
          /\b(?:terminal\.info|presenter\.unchanged|terminal\.warn)\(\s*`\$\{[^}]*?\?\s*'([^']*)'\s*:\s*'([^']*)'/g,
        ),
      ].flatMap((m) => [m[1], m[2]].map((message) => ({ file, message: message as string }))),
    );
    expect(chosen.length).toBeGreaterThan(0);
    const capitalised = [...messages, ...chosen].filter(({ message }) => /^[A-Z][a-z]/.test(message));
    expect(capitalised).toEqual([]);
    const errors = commandFiles().flatMap(({ file, text }) =>
      [...text.matchAll(/new CollabError\(\s*'[a-z-]+',\s*[`'"]([^`'"$]*)/g)].map((m) => ({
        file,
        message: m[1] as string,
      })),
    );
    expect(errors.length).toBeGreaterThan(20);
    expect(errors.filter(({ message }) => /^[A-Z][a-z]/.test(message))).toEqual([]);
  });
});
