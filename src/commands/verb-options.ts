import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import { listFlags } from './common-options.js';
import { type Arg, attributeOf, type Flag, type ReadScope } from './flags.js';
import type { CommandInput, CommandSpec, VerbModule } from './spec.js';
import type { TargetSlot } from './targets.js';

/**
 * Between the parser and a verb's run: a command's options made once a run, and one target's
 * options from them. A typed verb (src/commands/verb.ts) reads its declared values here, then its
 * own `parse` runs once (warnings print once, files are read once, whatever the number of
 * targets) and `bind` puts each target in without reading anything again.
 */
export interface Prepared {
  /** The options of the run as given (in a run over many: made with the first target in). */
  options: unknown;
  /** One target's options. */
  bind(target: string | number): unknown;
}

/** The declared arguments and flags of a typed verb, under their keys, each read by its parser. */
export function readInput(spec: CommandSpec, input: CommandInput, scope: ReadScope): Record<string, unknown> {
  const out: Record<string, unknown> = { ...spec.typed?.fixed };
  Object.entries(spec.typed?.args ?? {}).forEach(([key, declared], index) => {
    const label = `<${declared.spec.name}>`;
    const given = input.args[index];
    if (declared.mode === 'multiple') out[key] = input.args.slice(index).map((value) => declared.parse(value, label));
    else if (given !== undefined) out[key] = declared.parse(given, label);
    else if (declared.mode === 'required') throw new CollabError('usage', `missing argument ${label}`);
  });
  for (const [key, declared] of Object.entries(spec.typed?.flags ?? {})) out[key] = declared.read(input.options, scope);
  if (spec.list) out.list = listFlags(input.options);
  if (spec.confirm) out.yes = input.options.yes === true;
  return out;
}

/** The declared argument or flag a target slot stands for, under its key (where bind puts a target). */
function slotDeclared(spec: CommandSpec, slot: TargetSlot): [string, Flag<unknown> | Arg<unknown>] | undefined {
  if (slot.kind === 'arg') return Object.entries(spec.typed?.args ?? {})[slot.index];
  return Object.entries(spec.typed?.flags ?? {}).find(([, declared]) =>
    declared.options.some((option) => attributeOf(option) === slot.key),
  );
}

export async function prepare(
  spec: CommandSpec,
  module: VerbModule,
  input: CommandInput,
  ctx: VerbContext,
  slot?: TargetSlot,
): Promise<Prepared> {
  const scope: ReadScope = {
    warn: (message) => ctx.terminal.warn(message),
    addSecret: (secret) => ctx.terminal.addSecret(secret),
    ...(slot ? { targetsOnStdin: slot.label } : {}),
  };
  const read = readInput(spec, input, scope);
  const options = module.parse ? await module.parse(read, scope) : read;
  const [key, declared] = (slot && slotDeclared(spec, slot)) ?? [];
  return {
    options,
    bind: (target) => {
      if (module.bind) return module.bind(options, target);
      if (key === undefined || typeof options !== 'object' || options === null || !(key in options)) {
        throw new CollabError('internal', `${spec.name}: its options do not carry the target (give the verb a bind())`);
      }
      const given = (options as Record<string, unknown>)[key];
      return { ...options, [key]: declared?.retarget ? declared.retarget(given, target) : target };
    },
  };
}
