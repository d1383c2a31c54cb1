import type { Owner } from '../api/owner.js';
import { CollabError } from '../errors.js';
import type { OptionSpec } from '../params/option.js';
import { groupRef, projectRef } from '../params/parsers.js';
import { type Arg, type Args, type Flag, type Flags, group, type RawFlags } from './flags.js';
import { GROUP_ARG, PROJECT_ARG } from './resource-args.js';
import { type TypedSpec, type VerbDeclaration, verb } from './verb.js';

/**
 * A verb of what a project or a group holds (hooks, variables, members...), declared once for
 * every kind of owner it takes: `ownerVerb({ kinds: ['project', 'group'], ... })`. The factory
 * adds how the owner is named, `--project`/`--group` (exactly one, refused before any request),
 * `--project` alone (required), or the `<project>`/`<group>` argument of a verb mounted under
 * `collab projects`/`collab groups`, and the verb receives it as `owner`. `-` as the owner reads
 * the owners from standard input: each target then becomes the owner, of the kind given, with
 * nothing for the verb to write (its options keep the owner under `owner`).
 */
export type OwnerKind = Owner['kind'];

/** The owner as a verb of these kinds receives it: a verb of projects only gets `kind: 'project'`. */
export type OwnerOf<K extends OwnerKind> = [OwnerKind] extends [K] ? Owner : Owner & { kind: K };

const REF_OF: Record<OwnerKind, (value: string, flag: string) => string | number> = {
  project: projectRef,
  group: groupRef,
};

/** `--project <project>`, `--group <group>`: how help shows the owner's flag (`describe` where it says more, as notes'). */
export function ownerOption(kind: OwnerKind, describe = `the ${kind} (ID or full path)`): OptionSpec {
  return { flags: `--${kind} <${kind}>`, description: describe, parse: REF_OF[kind] };
}

/** A reference as commander's parsers (projectRef, groupRef) left it: an ID or a path. */
function refOf(value: unknown): string | number | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** Exactly one of --project and --group. */
function exactlyOne(raw: RawFlags): Owner {
  const project = refOf(raw.project);
  const group = refOf(raw.group);
  if (project !== undefined && group === undefined) return { kind: 'project', ref: project };
  if (group !== undefined && project === undefined) return { kind: 'group', ref: group };
  throw new CollabError(
    'usage',
    project === undefined ? 'missing --project or --group' : '--project and --group cannot be used together',
    { hint: 'give exactly one: --project <id|path> or --group <id|path>' },
  );
}

/** One target of a run over many: the owner is that target, of the kind given. */
function retargetOwner<O extends Owner>(owner: O, target: string | number): O {
  return { ...owner, ref: target };
}

/** The owner flags of these kinds: one kind's flag is required (commander says so), two are exactly one. */
function ownerFlag<K extends OwnerKind>(kinds: readonly K[]): Flag<OwnerOf<K>, 'required'> {
  const [only, ...more] = kinds;
  if (only !== undefined && more.length === 0) {
    const option = { ...ownerOption(only), required: true };
    return {
      ...group([option], (raw) => ({ kind: only, ref: refOf(raw[only]) }) as OwnerOf<K>),
      retarget: retargetOwner,
    };
  }
  return {
    ...group(
      kinds.map((kind) => ownerOption(kind)),
      (raw) => exactlyOne(raw) as OwnerOf<K>,
    ),
    retarget: retargetOwner,
  };
}

/** The `<project>` or `<group>` argument of a verb mounted under that noun (`collab groups members add <group>`). */
function ownerArg<K extends OwnerKind>(kind: K): Arg<OwnerOf<K>, 'required'> {
  return {
    spec: kind === 'project' ? PROJECT_ARG : GROUP_ARG,
    mode: 'required',
    parse: (value, label) => ({ kind, ref: REF_OF[kind](value, label) }) as OwnerOf<K>,
    retarget: retargetOwner,
  };
}

type Empty = Record<never, never>;
type FlagsOf<D> = D extends { flags: infer F extends Flags } ? F : Empty;
type ArgsOf<D> = D extends { args: infer A extends Args } ? A : Empty;
type KindOf<D> = D extends { kinds: readonly (infer K extends OwnerKind)[] } ? K : never;

interface OwnerDeclaration extends VerbDeclaration {
  /** The kinds of owner the verb takes. */
  readonly kinds?: readonly OwnerKind[];
  /** Named by the noun's `<project>`/`<group>` argument (one kind), not by a flag. */
  readonly argument?: true;
  /** An owner read with more than its flags (notes: the project or group, and its issue or epic), in place of `kinds`. */
  readonly owner?: Flag<unknown, 'required'>;
}

type Owned<D extends OwnerDeclaration> = D extends { owner: infer F extends Flag<unknown, 'required'> }
  ? Omit<D, 'owner' | 'flags'> & { readonly flags: { owner: F } & FlagsOf<D> }
  : D extends { argument: true }
    ? Omit<D, 'kinds' | 'argument' | 'args'> & {
        readonly args: { owner: Arg<OwnerOf<KindOf<D>>, 'required'> } & ArgsOf<D>;
      }
    : Omit<D, 'kinds' | 'flags'> & { readonly flags: { owner: Flag<OwnerOf<KindOf<D>>, 'required'> } & FlagsOf<D> };

/** The verb of a declaration with its owner: first among its flags (or its arguments), as help lists them. */
export function ownerVerb<const D extends OwnerDeclaration>(declaration: D): TypedSpec<Owned<D>> {
  const { kinds = [], argument, owner, args, flags, ...rest } = declaration;
  if (argument) {
    const [kind] = kinds;
    if (kind === undefined || kinds.length > 1)
      throw new CollabError('internal', `${declaration.name}: an owner argument names one kind`);
    return verb({ ...rest, args: { owner: ownerArg(kind), ...args }, ...(flags ? { flags } : {}) }) as TypedSpec<
      Owned<D>
    >;
  }
  return verb({
    ...rest,
    ...(args ? { args } : {}),
    flags: { owner: owner ?? ownerFlag(kinds), ...flags },
  }) as TypedSpec<Owned<D>>;
}
