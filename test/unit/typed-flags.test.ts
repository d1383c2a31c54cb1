import { describe, expect, expectTypeOf, it } from 'vitest';
import { arg, type bool, choice, type Flag, option, type params, type ValueOf } from '../../src/commands/flags.js';
import { parse as parseFork } from '../../src/commands/projects/fork.js';
import type { CREATE } from '../../src/commands/projects/create.js';
import { UPDATE } from '../../src/commands/projects/update.js';
import { FORK } from '../../src/commands/projects/fork.js';
import { readInput } from '../../src/commands/verb-options.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { type VerbInput, verb } from '../../src/commands/verb.js';
import type { ListFlags } from '../../src/list-flags.js';
import type { FORK_PARAMS } from '../../src/params/forks.js';
import { duration, integer, projectRef } from '../../src/params/parsers.js';
import { commandInput, scope } from '../helpers/parse.js';

/**
 * A verb's flags typed from their declaration (src/commands/flags.ts, verb.ts): the types are
 * pinned here as oclif pins its flags' (expectTypeOf fails the typecheck, `npm run typecheck`),
 * and flag parsing is tested alone: argv -> the verb's options or a usage error, no sandbox.
 */

describe('typed flags: the types', () => {
  it("follow oclif's rule: required or a default -> T, repeatable -> T[], else T | undefined", () => {
    expectTypeOf<ValueOf<ReturnType<typeof option<number>>>>().toEqualTypeOf<number | undefined>();
    const required = option('--n <n>', 'n', integer(1), { required: true });
    const withDefault = option('--n <n>', 'n', integer(1), { default: 3 });
    const repeated = option('--n <n>', 'n', integer(1), { repeatable: true });
    const optional = option('--n <n>', 'n', integer(1));
    expectTypeOf<ValueOf<typeof required>>().toEqualTypeOf<number>();
    expectTypeOf<ValueOf<typeof withDefault>>().toEqualTypeOf<number>();
    expectTypeOf<ValueOf<typeof repeated>>().toEqualTypeOf<number[]>();
    // Repeatable and required (members' --user): still a list.
    const repeatedRequired = option('--n <n>', 'n', integer(1), { repeatable: true, required: true });
    expectTypeOf<ValueOf<typeof repeatedRequired>>().toEqualTypeOf<number[]>();
    expect(repeatedRequired.mode).toBe('multiple');
    expectTypeOf<ValueOf<typeof optional>>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ValueOf<ReturnType<typeof bool>>>().toEqualTypeOf<boolean>();
    const order = choice('--order <o>', 'o', ['asc', 'desc']);
    expectTypeOf<ValueOf<typeof order>>().toEqualTypeOf<'asc' | 'desc' | undefined>();
    const project = arg({ name: 'project', description: 'p' }, projectRef);
    const maybe = arg({ name: 'other', description: 'o', required: false }, projectRef);
    expectTypeOf<ValueOf<typeof project>>().toEqualTypeOf<string | number>();
    expectTypeOf<ValueOf<typeof maybe>>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf(option('--x <x>', 'x', projectRef)).toMatchTypeOf<Flag<string | number, 'optional'>>();
  });

  it("a parameter table's flags read back as its parameters, typed by the table (choices -> union)", () => {
    type ForkParams = ValueOf<ReturnType<typeof params<typeof FORK_PARAMS>>>;
    expectTypeOf<ForkParams>().toEqualTypeOf<{
      name?: string;
      path?: string;
      visibility?: 'private' | 'internal' | 'public';
      description?: string;
      mr_default_target_self?: boolean;
    }>();
  });

  it("a verb's input is derived from its declaration: projects fork, create, update", () => {
    type Fork = VerbInput<typeof FORK>;
    expectTypeOf<keyof Fork>().toEqualTypeOf<'project' | 'namespace' | 'params' | 'wait' | 'timeout'>();
    expectTypeOf<Fork['project']>().toEqualTypeOf<string | number>();
    expectTypeOf<Fork['namespace']>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<Fork['wait']>().toEqualTypeOf<boolean>();
    expectTypeOf<Fork['timeout']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Fork['params']['visibility']>().toEqualTypeOf<'private' | 'internal' | 'public' | undefined>();
    expectTypeOf<VerbInput<typeof CREATE>['forUser']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<VerbInput<typeof UPDATE>['project']>().toEqualTypeOf<string | number>();
    expectTypeOf<'project' extends keyof VerbInput<typeof CREATE> ? true : false>().toEqualTypeOf<false>();
    const listing = verb({
      name: 'x',
      summary: 'x',
      list: true,
      confirm: true,
      flags: { depth: option('--depth <n>', 'd', integer(1)) },
    });
    expectTypeOf<VerbInput<typeof listing>['list']>().toEqualTypeOf<ListFlags>();
    expectTypeOf<VerbInput<typeof listing>['yes']>().toEqualTypeOf<boolean>();
    expectTypeOf<VerbInput<typeof listing>['depth']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(duration).returns.toEqualTypeOf<number>();
  });
});

describe('typed flags: parsing alone (argv -> options)', () => {
  const cases: Array<[string[], unknown]> = [
    [['acme/web/storefront'], { project: 'acme/web/storefront', params: {}, wait: false, timeoutMs: 600_000 }],
    [
      ['42', '--namespace', '7', '--wait', '--timeout', '2m'],
      { project: 42, params: { namespace_id: 7 }, wait: true, timeoutMs: 120_000 },
    ],
    [
      ['42', '--namespace-id', 'globex/team', '--visibility', 'private', '--no-mr-default-target-self'],
      {
        project: 42,
        params: { namespace_path: 'globex/team', visibility: 'private', mr_default_target_self: false },
        wait: false,
        timeoutMs: 600_000,
      },
    ],
  ];
  for (const [argv, expected] of cases) {
    it(`projects fork ${argv.join(' ')}`, async () => {
      const input = await commandInput(FORK, argv);
      expect(parseFork(readInput(FORK, input, scope()) as VerbInput<typeof FORK>)).toEqual(expected);
    });
  }

  const refused: Array<[string[], RegExp]> = [
    [['42', '--timeout', '2m'], /--timeout applies only with --wait/],
    [['42', '--path', 'a b'], /--path: invalid project path "a b": must be letters/],
    [['42', '--namespace', '../x'], /invalid value "..\/x" for --namespace/],
    [['42', '--visibility', 'secret'], /secret/],
  ];
  for (const [argv, message] of refused) {
    it(`projects fork ${argv.join(' ')} is a usage error`, async () => {
      await expect(async () =>
        parseFork(readInput(FORK, await commandInput(FORK, argv), scope()) as VerbInput<typeof FORK>),
      ).rejects.toThrow(message);
    });
  }

  it('reads declared values by their keys, whatever commander calls them (an alias lands under its flag)', async () => {
    const input = readInput(FORK, await commandInput(FORK, ['acme/x', '--namespace-id', '5']), scope());
    expect(input).toMatchObject({ project: 'acme/x', namespace: 5, wait: false, timeout: undefined, params: {} });
  });

  // An import URL's credentials once came on argv and were registered here; argv is refused them
  // now (credentialed-url.ts), and a URL read from a file registers its secrets when it is read.
  it('a deprecated setting warns when the flags are read', async () => {
    const { parse } = await import('../../src/commands/projects/update.js');
    const reading = scope();
    const argv = ['acme/x', '--tag-list', 'a,b', '--import-url', 'https://example.com/x.git'];
    const options = await parse(
      readInput(UPDATE, await commandInput(UPDATE, argv), reading) as VerbInput<typeof UPDATE>,
      reading,
    );
    expect(options).toMatchObject({ project: 'acme/x', params: { tag_list: ['a', 'b'] } });
    expect(reading.warnings).toEqual([
      '--tag-list is deprecated: use --topics (deprecated since 14.0, removal in API v5)',
    ]);
  });
});

describe('destructive verbs', () => {
  it('are declared (destructive: true), not guessed from their name: over many targets they ask for the count', async () => {
    const { NOUNS } = await import('../../src/commands/manifest.js');
    const declared: string[] = [];
    const named: string[] = [];
    const walk = (spec: CommandSpec, path: string) => {
      if (spec.destructive) declared.push(path);
      // A guard, not the rule: a new verb that removes or moves is declared as the others are.
      if (!spec.subcommands && /^(delete|remove|archive|transfer(-project)?)$/.test(spec.name)) named.push(path);
      for (const sub of spec.subcommands ?? []) walk(sub, `${path} ${sub.name}`);
    };
    for (const noun of NOUNS) walk((await noun.load()).spec, noun.name);
    expect(declared).toEqual(
      expect.arrayContaining([
        'projects delete',
        'projects archive',
        'projects transfer',
        'groups delete',
        'groups transfer-project',
        'share remove',
      ]),
    );
    expect(named.filter((path) => !declared.includes(path))).toEqual([]);
  });
});
