import type { VerbContext } from '../context.js';
import type { VerbModule } from './spec.js';

/**
 * Verbs written once and declared per kind (members of a project or a group, protections of a
 * branch or a tag): each implementation exports one module per kind, whose `parse` and `run` are
 * given the kind, and whose `bind` puts a target of `--project -` into the options.
 */
export function modulesPerKind<K extends string, I, O>(
  kinds: readonly K[],
  bind: (options: O, target: string | number) => O,
  parse: (kind: K, input: I) => O,
  run: (kind: K, ctx: VerbContext, options: O) => Promise<void>,
): Record<K, VerbModule> {
  const make = (kind: K): VerbModule => ({
    parse: (input) => parse(kind, input as I),
    bind: (options, target) => bind(options as O, target),
    run: (ctx, options) => run(kind, ctx, options as O),
  });
  return Object.fromEntries(kinds.map((kind) => [kind, make(kind)])) as Record<K, VerbModule>;
}

/** A declaration's `load` for one kind: the module of that kind in what `loader` imports. */
export function loadKind<K extends string>(
  kind: K,
  loader: () => Promise<Record<K, VerbModule>>,
): () => Promise<VerbModule> {
  return async () => (await loader())[kind];
}
