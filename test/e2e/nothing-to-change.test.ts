import { describe, expect, it } from 'vitest';
import { LISTED_CHANGE_FLAGS } from '../../src/commands/flags.js';
import type { CommandSpec, OptionSpec } from '../../src/commands/spec.js';
import { loadCommandTree } from '../../src/commands/tree.js';
import { useSandbox } from '../helpers/cli.js';

/**
 * Every update verb (and push-rule's create and set, which the service refuses without a field
 * too) refuses a call with nothing to change the same way, through one helper (nothingToChange in
 * src/commands/flags.ts): exit 2 before any request, its hint naming the verb's change flags. What
 * those are is read from each verb's declaration, not written here: its flags but its owner
 * (--project/--group, or the note thread) and those a call always has, being required or having
 * a default (members' --user, variables' --environment-scope), or hidden (help leaves them out).
 */

/** Verbs not named update that refuse a call with no change flag as the update verbs do. */
const REFUSING_LIKEWISE = ['push-rule create', 'push-rule set'];

/** What names a note's thread besides its project: the owner's options are read together. */
const THREAD_OF: Record<string, string[]> = { 'notes update': ['--issue', '1'] };

interface ChangeVerb {
  path: string;
  /** The call with its arguments, owner and required flags, and no change flag. */
  argv: string[];
  /** How many change flags it declares. */
  count: number;
  /** Each change flag as a hint writes it: `--title`, `--can-push/--no-can-push` as two names. */
  names: string[];
}

const longOf = (option: OptionSpec) =>
  option.flags.split(/[ ,]+/).find((part) => part.startsWith('--')) ?? option.flags;

function changeVerb(path: string[], spec: CommandSpec): ChangeVerb {
  const flags = spec.typed?.flags ?? {};
  const { owner, ...rest } = flags;
  const options = Object.values(rest).flatMap((flag) => flag.options);
  const isChange = (option: OptionSpec) => !option.hidden && !option.required && option.default === undefined;
  const changes = options.filter(isChange);
  const names = changes.flatMap((option) =>
    option.negatable ? [longOf(option), `--no-${longOf(option).slice(2)}`] : [longOf(option)],
  );
  const ownerOption = owner?.options[0];
  const argv = [
    ...path,
    ...(spec.args ?? []).map(() => '1'),
    ...(ownerOption ? [longOf(ownerOption), '1'] : []),
    ...(THREAD_OF[path.join(' ')] ?? []),
    ...options.filter((option) => option.required).flatMap((option) => [longOf(option), '1']),
  ];
  return { path: path.join(' '), argv, count: changes.length, names };
}

async function changeVerbs(): Promise<ChangeVerb[]> {
  const found: ChangeVerb[] = [];
  const visit = (spec: CommandSpec, path: string[]) => {
    if (spec.subcommands) for (const sub of spec.subcommands) visit(sub, [...path, sub.name]);
    else if (spec.name === 'update' || REFUSING_LIKEWISE.includes(path.join(' '))) found.push(changeVerb(path, spec));
  };
  for (const spec of await loadCommandTree()) visit(spec, [spec.name]);
  return found;
}

const VERBS = await changeVerbs();

/** The flags a hint names, `--a/--no-a` as two. */
const flagsIn = (hint: string) => hint.match(/(?<![\w-])--[a-z][a-z0-9-]*/g) ?? [];

describe('a verb given nothing to change', () => {
  const { collab, sandbox } = useSandbox({ seed: 41 });

  it('is looked for in every update verb, nested ones and those refusing likewise too', () => {
    const paths = VERBS.map((verb) => verb.path);
    expect(paths).toEqual(expect.arrayContaining(['projects update', 'groups members update', ...REFUSING_LIKEWISE]));
    for (const verb of VERBS) expect(verb.names.length, verb.path).toBeGreaterThan(0);
  });

  it.each(VERBS)('$path: exit 2, `nothing to change` and no request', async ({ path, argv }) => {
    const before = sandbox.stats.requests;
    const result = await collab(argv);
    expect(result.exitCode, `${path}: ${result.stderr}`).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: nothing to change');
    expect(result.stdout).toBe('');
    expect(sandbox.stats.requests, path).toBe(before);
  });

  it.each(VERBS)(
    '$path: the hint names each change flag it declares, and no other flag',
    async ({ path, argv, count, names }) => {
      const hint = (await collab(argv)).stderr.split('\n')[1] ?? '';
      expect(hint).toMatch(/^hint: give /);
      const named = flagsIn(hint);
      if (count > LISTED_CHANGE_FLAGS) {
        // Too many to list (a project's settings): how many, two of them, and the help that lists them.
        expect(hint).toContain(`give at least one of its ${count} settings, such as ${names[0]} or `);
        expect(hint).toContain(`\`collab ${path} --help\` lists them`);
        expect(
          named.filter((name) => name !== '--help').every((name) => names.includes(name)),
          hint,
        ).toBe(true);
      } else {
        expect([...new Set(named)].sort(), hint).toEqual([...names].sort());
      }
    },
  );
});
