import type { Command } from 'commander';
import type { ReadScope } from '../../src/commands/flags.js';
import type { CommandInput, CommandSpec } from '../../src/commands/spec.js';
import { buildCommand } from '../../src/program.js';

/** argv -> what commander hands the verb (the CLI's own option building), without running anything. */
export async function commandInput(spec: CommandSpec, argv: string[]): Promise<CommandInput> {
  let input: CommandInput | undefined;
  const run = {
    optionFailure: undefined as { message: string; hint: string | undefined } | undefined,
    runCommand: async (_spec: CommandSpec, cmd: Command) => {
      input = { args: [...cmd.args], options: cmd.opts() };
    },
  };
  const cmd = buildCommand(spec, run)
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  try {
    await cmd.parseAsync(argv, { from: 'user' });
  } catch (error) {
    throw new Error(run.optionFailure?.message ?? (error instanceof Error ? error.message : String(error)));
  }
  if (!input) throw new Error('not run');
  return input;
}

/** A read's scope that keeps what it was told: warnings and secrets. */
export function scope(): ReadScope & { warnings: string[]; secrets: string[] } {
  const warnings: string[] = [];
  const secrets: string[] = [];
  return { warnings, secrets, warn: (message) => warnings.push(message), addSecret: (secret) => secrets.push(secret) };
}
