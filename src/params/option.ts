/**
 * A flag as data. The parameter tables (src/params/) derive flags from their parameters, and the
 * command definitions (src/commands/) declare their own; the CLI builds commander options from
 * both, and completion scripts are generated from them.
 */
export interface OptionSpec {
  /** Commander flags: `--merge-method <method>`, `-y, --yes`, `--lfs-enabled`. */
  flags: string;
  description: string;
  choices?: readonly string[];
  /** How the value is read; failures become one-line usage errors before anything is sent. */
  parse?: ValueParser;
  /** The flag may be given several times; values are collected in order. */
  repeatable?: boolean;
  /** Also offer `--no-<name>` (a boolean left unset stays unset). */
  negatable?: boolean;
  default?: string | number | boolean;
  hidden?: boolean;
}

/** Reads a flag's value; throws a usage error naming `flag` when the value is not acceptable. */
export type ValueParser = (value: string, flag: string) => unknown;
