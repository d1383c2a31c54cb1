import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Owner } from '../../src/api/owner.js';
import type { ReadScope } from '../../src/commands/flags.js';
import { bindOwner, ownerFlags } from '../../src/commands/owner-options.js';
import { verb, type VerbInput } from '../../src/commands/verb.js';

/** The typed --project | --group pair (hooks, push-rule, and the other owner-taking nouns). */
const scope: ReadScope = { warn: () => undefined, addSecret: () => undefined };
const DECLARED = verb({ name: 'x', summary: 'x', flags: { owner: ownerFlags() } });

describe('ownerFlags', () => {
  it('types the owner and keeps the two options as help shows them', () => {
    expectTypeOf<VerbInput<typeof DECLARED>['owner']>().toEqualTypeOf<Owner>();
    expect(DECLARED.options?.map((o) => o.flags)).toEqual(['--project <project>', '--group <group>']);
  });

  it('reads exactly one of --project and --group', () => {
    const flag = ownerFlags();
    expect(flag.read({ project: 'acme/web' }, scope)).toEqual({ kind: 'project', ref: 'acme/web' });
    expect(flag.read({ group: 42 }, scope)).toEqual({ kind: 'group', ref: 42 });
    expect(() => flag.read({}, scope)).toThrow(/^missing --project or --group$/);
    expect(() => flag.read({ project: 1, group: 2 }, scope)).toThrow(/^--project and --group cannot be used together$/);
  });

  it('binds each target of a run over many as the owner, of the kind given', () => {
    const options = { owner: { kind: 'group', ref: '-' } as Owner, strict: true };
    expect(bindOwner(options, 'acme/sub')).toEqual({ owner: { kind: 'group', ref: 'acme/sub' }, strict: true });
    expect(options.owner.ref).toBe('-');
  });
});
