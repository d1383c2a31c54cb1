import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Owner } from '../../src/api/owner.js';
import { LIST as DEPLOY_KEYS_LIST } from '../../src/commands/deploy-keys/list.js';
import { DELETE as HOOKS_DELETE } from '../../src/commands/hooks/delete.js';
import { LIST as HOOKS_LIST } from '../../src/commands/hooks/list.js';
import { addVerb } from '../../src/commands/members/add.js';
import { VIEW as NOTES_VIEW } from '../../src/commands/notes/view.js';
import type { OwnerOf } from '../../src/commands/owner.js';
import { prepare, readInput } from '../../src/commands/verb-options.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { bulkRun } from '../../src/commands/targets.js';
import type { VerbInput } from '../../src/commands/verb.js';
import type { VerbContext } from '../../src/context.js';
import { commandInput, scope } from '../helpers/parse.js';

/** The owner-kind factory (src/commands/owner.ts): argv -> the owner a verb receives, or a usage error; no sandbox. */

async function read(spec: CommandSpec, argv: string[]): Promise<Record<string, unknown>> {
  return readInput(spec, await commandInput(spec, argv), scope());
}

/** What prepare needs of a context: somewhere to warn and to keep secrets. */
const reading = { warn: () => undefined, addSecret: () => undefined } as unknown as VerbContext;

describe('ownerVerb: the owner types', () => {
  it('is Owner for --project|--group, and a project for a verb of projects only', () => {
    expectTypeOf<VerbInput<typeof HOOKS_LIST>['owner']>().toEqualTypeOf<Owner>();
    expectTypeOf<VerbInput<typeof DEPLOY_KEYS_LIST>['owner']>().toEqualTypeOf<OwnerOf<'project'>>();
    expectTypeOf<VerbInput<typeof DEPLOY_KEYS_LIST>['owner']['kind']>().toEqualTypeOf<'project'>();
    expectTypeOf<VerbInput<ReturnType<typeof addVerb>>['owner']>().toEqualTypeOf<Owner>();
  });
});

describe('ownerVerb: flags and arguments as help lists them', () => {
  it('puts --project and --group first among the flags', () => {
    expect(HOOKS_DELETE.options?.map((option) => option.flags)).toEqual([
      '--project <project>',
      '--group <group>',
      '--strict',
    ]);
  });

  it('makes --project required for a verb of projects only', () => {
    expect(DEPLOY_KEYS_LIST.options).toEqual([
      expect.objectContaining({ flags: '--project <project>', required: true }),
    ]);
  });

  it('names the owner by the noun’s argument when asked to', () => {
    expect(addVerb('group').args?.map((a) => a.name)).toEqual(['group']);
  });
});

describe('ownerVerb: argv -> owner', () => {
  const cases: Array<[string, CommandSpec, string[], Owner]> = [
    ['--project', HOOKS_LIST, ['--project', 'acme/web'], { kind: 'project', ref: 'acme/web' }],
    ['--group with an ID', HOOKS_LIST, ['--group', '42'], { kind: 'group', ref: 42 }],
    ['--project alone', DEPLOY_KEYS_LIST, ['--project', '7'], { kind: 'project', ref: 7 }],
    [
      'the <group> argument',
      addVerb('group'),
      ['acme/web', '--user', 'dana', '--access', 'developer'],
      { kind: 'group', ref: 'acme/web' },
    ],
  ];
  it('reads an owner with more than its flags: a note thread', async () => {
    expect((await read(NOTES_VIEW, ['5', '--group', 'acme', '--epic', '7'])).owner).toEqual({
      kind: 'epic',
      parent: 'acme',
      ref: 7,
    });
  });

  for (const [name, spec, argv, owner] of cases) {
    it(`reads ${name}`, async () => {
      expect((await read(spec, argv)).owner).toEqual(owner);
    });
  }

  const refused: Array<[string, CommandSpec, string[], RegExp]> = [
    ['neither --project nor --group', HOOKS_LIST, [], /^missing --project or --group$/],
    [
      'both --project and --group',
      HOOKS_LIST,
      ['--project', '1', '--group', '2'],
      /^--project and --group cannot be used together$/,
    ],
    [
      '--group for a verb of projects only',
      DEPLOY_KEYS_LIST,
      ['--project', '1', '--group', 'acme'],
      /unknown option '--group'/,
    ],
    ['no --project for a verb of projects only', DEPLOY_KEYS_LIST, [], /--project <project>/],
    ['a path that is no path', HOOKS_LIST, ['--group', 'a b'], /invalid value "a b" for --group/],
  ];
  for (const [name, spec, argv, message] of refused) {
    it(`refuses ${name}`, async () => {
      await expect(read(spec, argv)).rejects.toThrow(message);
    });
  }
});

describe('ownerVerb: - as the owner', () => {
  it('makes each target the owner, of the kind given, keeping the other options', async () => {
    const input = await commandInput(HOOKS_DELETE, ['3', '--group', '-', '--strict']);
    const bulk = bulkRun(HOOKS_DELETE, input, 'collab hooks delete');
    const first = { ...input, options: { ...input.options, group: 'acme' } };
    const prepared = await prepare(HOOKS_DELETE, { run: async () => undefined }, first, reading, bulk?.slot);
    expect(prepared.bind('acme/sub')).toEqual({
      owner: { kind: 'group', ref: 'acme/sub' },
      hookId: 3,
      strict: true,
      yes: false,
    });
  });

  it('makes each target the project of a note thread, the issue staying as given', async () => {
    const input = await commandInput(NOTES_VIEW, ['5', '--project', '-', '--issue', '3']);
    const bulk = bulkRun(NOTES_VIEW, input, 'collab notes view');
    const first = { ...input, options: { ...input.options, project: 'acme/web' } };
    const prepared = await prepare(NOTES_VIEW, { run: async () => undefined }, first, reading, bulk?.slot);
    expect(prepared.bind(12)).toEqual({ noteId: 5, owner: { kind: 'issue', parent: 12, ref: 3 } });
  });

  it('makes each target the owner named by the argument', async () => {
    const spec = addVerb('project');
    const input = await commandInput(spec, ['-', '--user', 'dana', '--access', 'developer']);
    const bulk = bulkRun(spec, input, 'collab projects members add');
    const first = { ...input, args: ['acme/web'] };
    const prepared = await prepare(spec, { run: async () => undefined }, first, reading, bulk?.slot);
    expect(prepared.bind(9)).toMatchObject({ owner: { kind: 'project', ref: 9 }, users: ['dana'] });
  });
});
