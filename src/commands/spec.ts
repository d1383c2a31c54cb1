import type { Context } from '../context.js';
import type { OptionSpec } from '../params/option.js';

/**
 * Command definitions are data: the CLI builds commander commands from them, completion scripts
 * are generated from them, and the implementation behind each is loaded only when it runs.
 * A flag's definition (OptionSpec) lives below, in src/params/option.ts, because the parameter
 * tables derive flags too.
 */
export type { OptionSpec, ValueParser } from '../params/option.js';

export interface ArgSpec {
  name: string;
  description: string;
  required?: boolean;
  variadic?: boolean;
}

export interface CommandSpec {
  name: string;
  aliases?: readonly string[];
  summary: string;
  /** Longer help text shown below the usage line. */
  description?: string;
  args?: readonly ArgSpec[];
  options?: readonly OptionSpec[];
  /** Adds --limit, --all, --per-page, --page and --concurrency. */
  list?: boolean;
  /** Adds --dry-run. */
  mutating?: boolean;
  /** Adds -y, --yes. */
  confirm?: boolean;
  /** Prints resources: -o/--json/--fields apply (they are global, this marks it in help). */
  examples?: readonly string[];
  subcommands?: readonly CommandSpec[];
  /** The implementation, loaded when the command runs. */
  load?: () => Promise<CommandModule>;
}

/** What the parser hands a command: positional arguments and raw flag values by camelCase name. */
export interface CommandInput {
  args: string[];
  options: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: each command narrows its own options type
export interface CommandModule<O = any> {
  /** Turns parsed flags into the command's typed options; throws usage errors (nothing sent yet). */
  options(input: CommandInput, ctx: Context): O | Promise<O>;
  run(ctx: Context, options: O): Promise<void>;
}

/** A noun (projects, groups...) whose verbs are loaded lazily. */
export interface NounEntry {
  name: string;
  aliases?: readonly string[];
  summary: string;
  load: () => Promise<{ spec: CommandSpec }>;
}
