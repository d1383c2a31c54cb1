import { CollabError } from '../errors.js';

/**
 * A flag as data. The parameter tables (src/params/) derive flags from their parameters, and the
 * command definitions (src/commands/) declare their own; the CLI builds commander options from
 * both, and completion scripts are generated from them.
 */
export interface OptionSpec<T = unknown> {
  /** Commander flags: `--merge-method <method>`, `-y, --yes`, `--lfs-enabled`. */
  flags: string;
  description: string;
  choices?: readonly string[];
  /** How the value is read; failures become one-line usage errors before anything is sent. */
  parse?: ValueParser<T>;
  /** The flag may be given several times; values are collected in order. */
  repeatable?: boolean;
  /** Also offer `--no-<name>` (a boolean left unset stays unset). */
  negatable?: boolean;
  default?: string | number | boolean;
  hidden?: boolean;
  /**
   * The command cannot run without it: commander refuses its absence (exit 2, naming the flag,
   * before anything is loaded or sent), and help marks it "(required)". A flag required only
   * with or without another is a cross-flag rule, checked in the command's options().
   */
  required?: boolean;
  /**
   * Other long flags that mean the same (`--namespace` for `--namespace-id`), so that a flag has
   * the same name on every command that takes it. Help names them after the description; each
   * becomes a hidden option of its own (`aliasOf`), whose value lands under this flag's key.
   */
  aliases?: readonly string[];
  /** Set on the options made from `aliases` (never written by hand): the long flag it stands for. */
  aliasOf?: string;
  /**
   * What glab, gh or python-gitlab call this flag (glab's `auth login --stdin` for --with-token):
   * not accepted, as an alias is (another tool's meaning is not ours to take on), but named as
   * this flag when one is given, where a near spelling would guess another flag (error-text.ts);
   * one of its choices (glab's `--private` for --visibility) as that value of it.
   */
  peerNames?: readonly string[];
}

/** Reads a flag's value as a `T`; throws a usage error naming `flag` when the value is not acceptable. */
export type ValueParser<T = unknown> = (value: string, flag: string) => T;

/**
 * The rule of a flag with `choices`: one of them, exactly as written. The CLI gives it to every
 * such flag that has no parser of its own, so that every refusal of a choice reads the same
 * (commander's own says "argument 'x' is invalid. Allowed choices are …").
 */
export function choiceParser<const C extends string>(choices: readonly C[]): ValueParser<C> {
  return (value, flag) => {
    const found = choices.find((c) => c === value);
    if (found === undefined)
      throw new CollabError('usage', `invalid value "${value}" for ${flag}: expected one of ${choices.join(', ')}`);
    return found;
  };
}
