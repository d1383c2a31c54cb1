import type { VerbContext } from '../context.js';
import type { OptionSpec } from '../params/option.js';
import type { ArgSpec, Args, Flags, ReadScope } from './flags.js';

/**
 * Command definitions are data: the CLI builds commander commands from them, completion scripts
 * are generated from them, and the implementation behind each is loaded only when it runs.
 * A flag's definition (OptionSpec) lives below, in src/params/option.ts, because the parameter
 * tables derive flags too.
 */
export type { OptionSpec } from '../params/option.js';
export type { ArgSpec } from './flags.js';

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
  /** A mutating command's run that only reads (api's GET): a closed stdout ends it as a reader's. */
  reads?: (options: Readonly<Record<string, unknown>>) => boolean;
  /** Adds -y, --yes. */
  confirm?: boolean;
  /**
   * Removes or moves what it acts on, or makes it read-only: over many targets read from standard
   * input, the number of targets is typed first (or --yes given).
   */
  destructive?: boolean;
  /** Writes a document with -o markdown (a plan for a merge request's comment); other commands refuse it. */
  markdown?: boolean;
  /** Writes one document that is data (collab.yaml): -o json writes it as JSON; ndjson and csv, which are rows, are refused. */
  document?: boolean;
  /**
   * Talks to no service (reads or writes the config file): the run sets none of the V8 flags of
   * the commands' work, nor loads the built-ins a request needs before them (src/launcher.cjs).
   */
  offline?: boolean;
  /** A typed verb's declaration (src/commands/verb.ts): its arguments and flags as typed values. */
  typed?: { readonly args?: Args; readonly flags?: Flags; readonly fixed?: Readonly<Record<string, string>> };
  /** Command lines shown under "Examples" in the help, each a complete run. */
  examples?: readonly string[];
  subcommands?: readonly CommandSpec[];
  /** The implementation, loaded when the command runs. */
  load?: () => Promise<VerbModule>;
}

/** What the parser hands a command: positional arguments and raw flag values by camelCase name. */
export interface CommandInput {
  args: string[];
  options: Record<string, unknown>;
}

/**
 * A typed verb's implementation: `parse` once a run (usage errors, files read, warnings), `bind`
 * per target (pure: the options with the target in), `run` with the services. Without `parse` the
 * verb gets its declared input as it is; without `bind` the target takes the place of the value
 * under the key of the argument or flag it was given as (an owner's: src/commands/owner.ts).
 */
export interface VerbModule {
  parse?(input: unknown, scope: ReadScope): unknown;
  bind?(options: unknown, target: string | number): unknown;
  run(ctx: VerbContext, options: unknown): Promise<void>;
}

/** A noun (projects, groups...) whose verbs are loaded lazily. */
export interface NounEntry {
  name: string;
  aliases?: readonly string[];
  summary: string;
  load: () => Promise<{ spec: CommandSpec }>;
}
