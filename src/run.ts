import type { CommandInput, CommandSpec } from './commands/spec.js';
import { Context, type GlobalOptions } from './context.js';
import { streamIO } from './io.js';
import { knownTimeZone } from './output/format.js';
import { prepare } from './commands/verb-options.js';
import type { Runtime } from './runtime.js';
import type { BulkRun } from './commands/targets.js';

/**
 * The commands' side of the CLI: main.ts (the front: parsing, help, usage errors, exit codes) loads
 * this only when a command actually runs, so that help and bad flags never load the context, the
 * HTTP client or the output writers. They are in a separate bundle (dist/back.cjs), see build.mjs.
 */
export async function runVerb(
  spec: CommandSpec & { load: NonNullable<CommandSpec['load']> },
  input: CommandInput,
  globals: GlobalOptions & { color: boolean },
  runtime: Runtime,
  signal: AbortSignal,
  attach: (ctx: Context) => void,
  /** `-` was given as the target: run the command once per target read from standard input. */
  bulk?: BulkRun,
): Promise<void> {
  const io = streamIO(runtime.streams(), runtime.env, { noColor: !globals.color });
  // A bad --jq expression is a usage error before the command sends anything; jq's engine is loaded only for --jq.
  const jq = globals.jq === undefined ? undefined : await (await import('./output/jq.js')).JqFilter.compile(globals.jq);
  const ctx = new Context(io, globals, signal, {
    jq,
    env: runtime.env,
    dispatcher: runtime.dispatcher,
    clock: runtime.clock,
    credentialStore: runtime.credentialStore,
    dryRun: input.options.dryRun === true,
  });
  attach(ctx);
  // Dates on a terminal are in TZ's zone; a TZ that names none would shift them silently: said once.
  if (io.stdoutIsTTY && io.timeZone && !knownTimeZone(io.timeZone)) {
    ctx.terminal.warn(`TZ=${io.timeZone} is not a time zone name (such as Europe/Paris): dates may be shown in UTC`);
  }
  const module = await spec.load();
  if (bulk) {
    const { runTargets } = await import('./bulk/run-targets.js');
    try {
      await runTargets(ctx, spec, module, input, bulk);
    } finally {
      await ctx.close();
    }
    return;
  }
  const { options } = await prepare(spec, module, input, ctx);
  try {
    await module.run(ctx, options);
  } catch (error) {
    // `collab api` shows the path as it was given, encoded or not.
    if (spec.name === 'api') throw error;
    const { withNearbyPath } = await import('./desired/nearby.js');
    throw await withNearbyPath(ctx, error);
  } finally {
    await ctx.close();
  }
}
