import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandOptions, GLOBAL_OPTIONS, longFlag, takesValue } from '../../src/commands/common-options.js';
import type { CommandSpec, OptionSpec } from '../../src/commands/spec.js';
import { loadCommandTree } from '../../src/commands/tree.js';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

/**
 * Random and adversarial argv thrown at every command of the tree. Whatever
 * comes in, collab answers with success, a usage error (exit 2) sent before any request, or a
 * service error (3, 4, 5; 6 and 7 for awaited forks), in one `error:` line and at most one
 * `hint:` line, never a stack trace and never a crash (exit 1 cannot happen against a sandbox
 * without faults).
 */

const { sandbox } = useSandbox({ seed: 20, forkDuration: 50 });

interface Leaf {
  path: string[];
  spec: CommandSpec;
}

function leaves(spec: CommandSpec, path: string[] = []): Leaf[] {
  if (spec.subcommands?.length) return spec.subcommands.flatMap((sub) => leaves(sub, [...path, spec.name]));
  return [{ path: [...path, spec.name], spec }];
}

/** `collab sandbox` serves until Ctrl-C: it is the one command a fuzz run cannot wait for. */
const EXCLUDED = new Set(['sandbox']);

/** Values that break parsers: wrong types, huge numbers, unicode, empty strings, traversal, bad dates. */
const ADVERSARIAL = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e9',
  '0x1f',
  '99999999999999999999',
  '-99999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'null',
  'abc',
  '../../users',
  '..',
  '../',
  'acme/../../admin',
  '%2e%2e%2fusers',
  'acme//web',
  '/etc/passwd',
  'ü✓😀',
  'Ω≈ç√',
  '\u202eevil',
  'a\nb',
  'tab\there',
  "'; DROP TABLE projects; --",
  '$(touch /tmp/collab-fuzz-pwned)',
  '--yes',
  '-',
  '2026-02-30',
  '2026-13-01',
  '2025-02-29',
  '2026-01-31T25:00:00Z',
  'x'.repeat(5000),
  'https://',
  'ftp://example.com/x',
  'javascript:alert(1)',
];

/** Values a command could accept, so that runs also get past parsing and reach the service. */
const PLAUSIBLE = [
  '1',
  '2',
  '3',
  '42',
  '20',
  '100',
  'acme',
  'acme/web',
  'acme/web/storefront',
  'globex',
  'globex/handbook',
  'developer',
  'maintainer',
  '30',
  'api,cli',
  'https://hooks.example/fuzz',
  '2030-01-01',
  '2030-01-01T10:00:00Z',
  '90s',
  'fuzz-name',
  'id',
  'asc',
  'desc',
  'private',
  'public',
  'json',
  'bash',
];

/** Options whose value is a file to read or write: only safe places, never traversal (the fuzz must not touch the machine). */
function isFileOption(option: OptionSpec): boolean {
  return /<(path|file)[^>]*>/.test(option.flags) || /file|avatar|input/.test(longFlag(option));
}

/** `--host` only with values refused before sending: the fuzz talks to nothing but the sandbox. */
const HOST_VALUES = ['', 'not a url', 'ftp://example.com', 'http://10.255.255.1', 'http://user:pw@127.0.0.1:1'];

let work: string;
let fileValues: string[];

function optionArgs(option: OptionSpec): fc.Arbitrary<string[]> {
  const flag = longFlag(option);
  if (!takesValue(option)) return fc.constant([flag]);
  let values: fc.Arbitrary<string>;
  if (flag === '--host') values = fc.constantFrom(...HOST_VALUES);
  else if (isFileOption(option)) values = fc.constantFrom(...fileValues);
  else {
    const choices = option.choices?.length ? [{ arbitrary: fc.constantFrom(...option.choices), weight: 4 }] : [];
    values = fc.oneof(
      { arbitrary: fc.constantFrom(...ADVERSARIAL), weight: 3 },
      { arbitrary: fc.constantFrom(...PLAUSIBLE), weight: 4 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => !s.includes('\u0000')), weight: 1 },
      ...choices,
    );
  }
  return values.map((value) => [flag, value]);
}

function pick(options: OptionSpec[], most: number): fc.Arbitrary<string[][]> {
  if (options.length === 0) return fc.constant([]);
  return fc
    .subarray(options, { maxLength: Math.min(most, options.length) })
    .chain((picked) => (picked.length ? fc.tuple(...picked.map(optionArgs)) : fc.constant([] as string[][])));
}

function argvFor(leaf: Leaf): fc.Arbitrary<string[]> {
  const globals = GLOBAL_OPTIONS.filter((o) => !['--no-color', '--verbose'].includes(longFlag(o)));
  const positional = (leaf.spec.args ?? []).map((arg) =>
    /file/.test(arg.name)
      ? fc.constantFrom(...fileValues)
      : fc.oneof(
          { arbitrary: fc.constantFrom(...ADVERSARIAL), weight: 2 },
          { arbitrary: fc.constantFrom(...PLAUSIBLE), weight: 3 },
        ),
  );
  // Mostly the command's own options; a global one now and then.
  const own = pick(commandOptions(leaf.spec), 4);
  const global = fc.oneof(
    { arbitrary: fc.constant([] as string[][]), weight: 3 },
    { arbitrary: pick(globals, 1), weight: 1 },
  );
  // Now and then a positional is left out, or an unknown option or a flag without its value added.
  const extra = fc.constantFrom<string[]>([], [], [], [], [], [], ['--no-such-option'], ['--limit']);
  const dropOne = fc.constantFrom(false, false, false, false, false, true);
  return fc.tuple(fc.tuple(...positional), dropOne, own, global, extra).map(([args, drop, opts, globalOpts, more]) => {
    const positionals = drop && args.length > 0 ? args.slice(0, -1) : args;
    return [...leaf.path, ...positionals, ...opts.flat(), ...globalOpts.flat(), ...more];
  });
}

describe('fuzzed argv at every command', () => {
  let tree: Leaf[];
  beforeAll(async () => {
    tree = (await loadCommandTree()).filter((noun) => !EXCLUDED.has(noun.name)).flatMap((noun) => leaves(noun));
    work = mkdtempSync(join(tmpdir(), 'collab-fuzz-'));
    const big = join(work, 'over-the-limit.md');
    writeFileSync(big, 'x'.repeat(1_000_001));
    const small = join(work, 'small.txt');
    writeFileSync(small, 'hello\n');
    const image = join(work, 'avatar.png');
    writeFileSync(
      image,
      Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082',
        'hex',
      ),
    );
    fileValues = [big, small, image, join(work, 'missing.txt'), work, '', '-', join(work, 'out', 'nested.tar')];
  });

  it('has commands to fuzz', () => {
    expect(tree.length).toBeGreaterThan(30);
  });

  it('would notice each kind of failure it looks for', () => {
    const ok = {
      exitCode: 2,
      stdout: '',
      stderr:
        'error: invalid value "x" for --limit: expected a whole number from 1\nhint: see `collab projects list --help`\n',
    };
    expect(check(ok, 0)).toEqual([]);
    expect(check(ok, 1)).toEqual(['a usage error after 1 requests']);
    expect(check({ ...ok, exitCode: 1 }, 0)).toEqual(['exit 1']);
    expect(check({ ...ok, stderr: 'error: boom\n    at run (file:///x/main.js:1:2)\n' }, 0)).toContain('a stack trace');
    expect(check({ ...ok, stderr: 'error: one\nerror: two\n' }, 0)).toContain('2 error lines');
    expect(check({ ...ok, stderr: 'error: one\nsecond line\n' }, 0)).toContain('more than an error and a hint line');
    expect(
      check({ ...ok, stderr: 'error: x\nhint: this is a bug in collab; run again with --verbose for details\n' }, 0),
    ).toContain('an internal error');
  });

  it('answers every argv with an exit code that means something, one error line, and nothing sent for bad input', async () => {
    const arbitrary = fc.constantFrom(...tree).chain(argvFor);
    const failures: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(arbitrary, async (argv) => {
          const before = sandbox.stats.requests;
          const dir = tempConfigDir();
          const result = await runMain(
            argv,
            {
              PATH: process.env.PATH,
              HOME: dir,
              COLLAB_CONFIG_DIR: dir,
              COLLAB_HOST: sandbox.url,
              COLLAB_TOKEN: sandbox.tokens.owner,
              EDITOR: 'false',
              VISUAL: 'false',
            },
            { timeout: 20_000 },
          );
          const sent = sandbox.stats.requests - before;
          const problems = check(result, sent);
          if (problems.length)
            failures.push(
              `${JSON.stringify(argv).slice(0, 400)} -> exit ${result.exitCode}, ${sent} requests: ${problems.join('; ')}\n${result.stderr.slice(0, 600)}`,
            );
          return problems.length === 0;
        }),
        // Bounded and seeded for CI; COLLAB_FUZZ_RUNS and COLLAB_FUZZ_SEED explore further by hand.
        {
          seed: Number(process.env.COLLAB_FUZZ_SEED ?? 20260122),
          numRuns: Number(process.env.COLLAB_FUZZ_RUNS ?? 200),
          endOnFailure: true,
        },
      )
      .catch((error: unknown) => {
        // A failed property is in `failures` already, with the argv and what was wrong; anything else is a broken test.
        if (failures.length === 0) throw error;
      });
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('hostile inputs (path traversal, huge numbers and bodies, impossible dates, empty values) are refused before anything is sent', () => {
  const over = join(mkdtempSync(join(tmpdir(), 'collab-body-')), 'over.md');
  writeFileSync(over, 'ü'.repeat(1_000_001));
  const cases: Array<[string, string[], RegExp]> = [
    [
      'path traversal in a project',
      ['projects', 'view', '../../users'],
      /^error: invalid value "\.\.\/\.\.\/users" for <project>: expected a project ID or full path/,
    ],
    [
      'path traversal in a group option',
      ['hooks', 'list', '--group', 'acme/../../admin'],
      /^error: invalid value "acme\/\.\.\/\.\.\/admin" for --group: /,
    ],
    [
      'path traversal in a share target',
      ['share', 'add', '--project', 'acme/web/storefront', '--with', '../users', '--access', 'developer'],
      /^error: invalid value "\.\.\/users" for --with: /,
    ],
    [
      'a body over 1,000,000 characters',
      ['notes', 'create', '--project', 'acme/web/storefront', '--issue', '1', '--body-file', over],
      /^error: the note body is 1,000,001 characters; the service accepts at most 1,000,000$/,
    ],
    [
      'an impossible date',
      [
        'share',
        'add',
        '--project',
        'acme/web/storefront',
        '--with',
        'globex',
        '--access',
        'developer',
        '--expires',
        '2026-02-30',
      ],
      /^error: --expires: invalid date "2026-02-30": must be a real calendar date as YYYY-MM-DD$/,
    ],
    [
      'a huge number',
      ['projects', 'list', '--limit', '99999999999999999999'],
      /^error: invalid value "99999999999999999999" for --limit: expected a whole number from 1$/,
    ],
    [
      'a huge ID',
      ['hooks', 'view', '99999999999999999999', '--project', '1'],
      /^error: invalid value "99999999999999999999" for <hook-id>: /,
    ],
    [
      'a wrong type',
      ['projects', 'list', '--per-page', 'ten'],
      /^error: invalid value "ten" for --per-page: expected a whole number from 1 to 100$/,
    ],
    ['unicode in a path', ['groups', 'view', 'ü✓😀'], /^error: invalid value "ü✓😀" for <group>: /],
    ['an empty string', ['projects', 'view', ''], /^error: invalid value "" for <project>: /],
    [
      'an empty body',
      ['notes', 'create', '--project', '1', '--issue', '1', '--body', ''],
      /^error: the note body is empty; nothing was sent$/,
    ],
    [
      'an unknown access level',
      ['share', 'add', '--project', '1', '--with', 'globex', '--access', 'admin'],
      /^error: --access: invalid access level "admin": must be a role: guest \(10\)/,
    ],
  ];

  it.each(cases)('%s', async (_name, argv, message) => {
    const before = sandbox.stats.requests;
    const dir = tempConfigDir();
    const result = await runMain(argv, {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: sandbox.url,
      COLLAB_TOKEN: sandbox.tokens.owner,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(message);
    expect(lines.length === 1 || (lines.length === 2 && lines[1]?.startsWith('hint: '))).toBe(true);
    expect(sandbox.stats.requests).toBe(before);
  });
});

/** What is wrong with how collab answered, if anything. */
function check(result: { exitCode: number; stdout: string; stderr: string }, sent: number): string[] {
  const problems: string[] = [];
  const { exitCode, stderr } = result;
  if (![0, 2, 3, 4, 5, 6, 7].includes(exitCode)) problems.push(`exit ${exitCode}`);
  if (/^\s+at .+\(.*:\d+:\d+\)$/m.test(stderr) || /^\s+at [\w.<>]+ \(/m.test(stderr)) problems.push('a stack trace');
  if (/this is a bug/.test(stderr)) problems.push('an internal error');
  if (exitCode === 2 && sent > 0) problems.push(`a usage error after ${sent} requests`);
  if (exitCode !== 0) {
    const lines = stderr.split('\n').filter(Boolean);
    const errors = lines.filter((line) => line.startsWith('error: '));
    if (errors.length !== 1) problems.push(`${errors.length} error lines`);
    const at = lines.findIndex((line) => line.startsWith('error: '));
    const after = at === -1 ? [] : lines.slice(at + 1);
    if (after.length > 1 || (after.length === 1 && !after[0]?.startsWith('hint: ')))
      problems.push('more than an error and a hint line');
    if (errors[0] && errors[0].length > 700) problems.push('an error line over 700 characters');
  }
  return problems;
}
