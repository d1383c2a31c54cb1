import type { CommandInput, CommandModule } from './commands/spec.js';
import { Context, type GlobalOptions } from './context.js';
import { processIO } from './io.js';

/**
 * The commands' side of the CLI: main.ts (the front: parsing, help, usage errors, exit codes) loads
 * this only when a command actually runs, so that help and bad flags never load the context, the
 * HTTP client or the output writers. They are in a separate bundle (dist/back.cjs), see build.mjs.
 */
export async function runVerb(
  load: () => Promise<CommandModule>,
  input: CommandInput,
  globals: GlobalOptions & { color: boolean },
  signal: AbortSignal,
  attach: (ctx: Context) => void,
): Promise<void> {
  const io = processIO({ noColor: !globals.color });
  const ctx = new Context(io, globals, signal);
  attach(ctx);
  ctx.dryRun = input.options.dryRun === true;
  const module = await load();
  const options = await module.options(input, ctx);
  try {
    await module.run(ctx, options);
  } finally {
    await ctx.close();
  }
}
