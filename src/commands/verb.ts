import type { ListFlags } from '../list-flags.js';
import type { Args, Flags, Values } from './flags.js';
import { lazyOptions } from './lazy-options.js';
import type { CommandSpec } from './spec.js';

/**
 * A verb defined once: its arguments and flags as typed values (src/commands/flags.ts), the rest
 * like any command (summary, examples, list, mutating, confirm, destructive). `verb()` yields the
 * CommandSpec that help, completion, docs and the parser read, and keeps the typed declaration
 * (`typed`) for two readers: the run (src/commands/verb-options.ts reads the values under their
 * keys) and the compiler (`VerbInput<typeof DECLARATION>` in the verb's own file).
 */
export interface VerbDeclaration extends Omit<CommandSpec, 'args' | 'options' | 'load' | 'subcommands' | 'typed'> {
  readonly args?: Args;
  readonly flags?: Flags;
  /**
   * Values the verb receives whatever the command line says: one implementation declared under
   * several nouns, each saying which it is (`fixed: { kind: 'tag' }` under protected-tags).
   */
  readonly fixed?: Readonly<Record<string, string>>;
}

export type TypedSpec<D extends VerbDeclaration> = Omit<CommandSpec, 'typed'> & { readonly typed: D };

/**
 * The CommandSpec of a declaration. Its implementation is named where the noun lists its verbs
 * (`{ ...FORK, load: () => import('./fork.js') }`): the help and the parser read the declaration
 * without loading the run.
 */
export function verb<const D extends VerbDeclaration>(declaration: D): TypedSpec<D> {
  const { args, flags, fixed: _fixed, ...rest } = declaration;
  return {
    ...rest,
    ...(args ? { args: Object.values(args).map((a) => a.spec) } : {}),
    ...(flags ? { options: lazyOptions(() => Object.values(flags).flatMap((f) => f.options)) } : {}),
    typed: declaration,
  };
}

type Empty = Record<never, never>;

/**
 * What a typed verb receives before its own parse: each declared argument and flag under its key,
 * typed by its parser (oclif's rule), plus `list` (a list verb's --limit, --all...) and `yes`
 * (a verb that confirms).
 */
export type VerbInput<S> = S extends { readonly typed: infer D extends VerbDeclaration }
  ? (D extends { args: infer A extends Args } ? Values<A> : Empty) &
      (D extends { flags: infer F extends Flags } ? Values<F> : Empty) &
      (D extends { fixed: infer V } ? V : Empty) &
      (D extends { list: true } ? { list: ListFlags } : Empty) &
      (D extends { confirm: true } ? { yes: boolean } : Empty)
  : never;
