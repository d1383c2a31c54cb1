import { CollabError } from '../errors.js';
import { collectParams, type ParamsOf, paramOption } from '../params/derive.js';
import { choiceParser, type OptionSpec, type ValueParser } from '../params/option.js';
import type { ParamSpec } from '../params/types.js';
import { orList } from '../util/words.js';
import { lazyOptions } from './lazy-options.js';

/**
 * A verb's flags and arguments as typed values. A declaration keys each by the name the verb
 * reads (`{ namespace: option('--namespace <id|path>', …, namespaceRef), wait: bool(…) }`) and its
 * builder carries the parser's type; `VerbInput<typeof DECLARATION>` is what the verb receives,
 * derived by one mapped type (oclif's rule: required or with a default -> T, repeatable -> T[],
 * else T | undefined). The declaration is data, in the front bundle: help, completion and docs
 * read the OptionSpec and ArgSpec it carries; the verb's file imports it with `import type`, which
 * loads nothing. Nothing here reads a value by a name typed twice: a flag's value is found under
 * the key commander gives its long flag, computed from the flag itself.
 */

export interface ArgSpec {
  name: string;
  description: string;
  required?: boolean;
  variadic?: boolean;
}

/** Commander's parsed values, by its camelCase attribute names. */
export type RawFlags = Readonly<Record<string, unknown>>;

/** What reading flags may do besides returning values: warn (a deprecated flag), once a run. */
export interface ReadScope {
  warn(message: string): void;
  /** A value never to be shown (an import URL's password): redacted from every message. */
  addSecret(secret: string): void;
  /**
   * In a run over many targets, the flag or argument whose `-` reads them from standard input
   * (`--project`): what a verb would read from it unasked (a URL given by no flag) it cannot.
   */
  readonly targetsOnStdin?: string;
}

/** How a flag's value is typed: oclif's rule. */
type FlagMode = 'optional' | 'required' | 'multiple';

export interface Flag<T, M extends FlagMode = FlagMode> {
  /** The commander options it is made of (one, or a group's several: a parameter table's, --wait with --timeout). */
  readonly options: readonly OptionSpec[];
  readonly mode: M;
  /** Its value out of commander's record; throws usage errors. */
  read(raw: RawFlags, scope: ReadScope): unknown;
  /** Type only (never set): the value's type. A method, so that any flag is a Flag<unknown>. */
  valueType?(value: T): void;
  /**
   * A flag that names what the verb acts on (an owner: src/commands/owner.ts): its value with one
   * target of a run over many in place. Without it, the target is the value.
   */
  retarget?(value: T, target: string | number): T;
}

export interface Arg<T, M extends FlagMode = FlagMode> {
  readonly spec: ArgSpec;
  readonly mode: M;
  readonly parse: ValueParser<T>;
  valueType?(value: T): void;
  /** As a flag's (Flag.retarget). */
  retarget?(value: T, target: string | number): T;
}

export type Flags = Readonly<Record<string, Flag<unknown>>>;
export type Args = Readonly<Record<string, Arg<unknown>>>;

/** oclif's rule, in one place. */
export type ValueOf<F> = F extends Flag<infer T, infer M> | Arg<infer T, infer M>
  ? M extends 'multiple'
    ? T[]
    : M extends 'required'
      ? T
      : T | undefined
  : never;

/** A declaration's flags and arguments as the verb reads them. */
export type Values<D extends Flags | Args> = { -readonly [K in keyof D]: ValueOf<D[K]> };

/** commander's attribute for a long flag: `--merge-method` -> `mergeMethod`, `--no-color` -> `color`. */
export function attributeOf(option: OptionSpec): string {
  const long = option.flags.split(/[ ,]+/).find((part) => part.startsWith('--')) ?? option.flags;
  return long
    .slice(2)
    .replace(/^no-/, '')
    .replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

type OptionExtra = Pick<OptionSpec, 'hidden' | 'aliases' | 'choices' | 'negatable' | 'peerNames'>;

function single<T, M extends FlagMode>(spec: OptionSpec, mode: M): Flag<T, M> {
  const key = attributeOf(spec);
  // A repeatable flag not given is an empty list, as its type (T[]) says, not undefined.
  return { options: [spec], mode, read: mode === 'multiple' ? (raw) => raw[key] ?? [] : (raw) => raw[key] };
}

/** A flag with a value read by `parse`; `required`, a `default` or `repeatable` decide its type. */
// Repeatable first: a flag both repeatable and required (members' --user) is a list, T[].
export function option<T>(
  flags: string,
  description: string,
  parse: ValueParser<T>,
  extra: OptionExtra & { repeatable: true; required?: boolean },
): Flag<T, 'multiple'>;
export function option<T>(
  flags: string,
  description: string,
  parse: ValueParser<T>,
  extra: OptionExtra & { required: true },
): Flag<T, 'required'>;
export function option<T extends string | number | boolean>(
  flags: string,
  description: string,
  parse: ValueParser<T>,
  extra: OptionExtra & { default: T },
): Flag<T, 'required'>;
export function option<T>(
  flags: string,
  description: string,
  parse: ValueParser<T>,
  extra?: OptionExtra,
): Flag<T, 'optional'>;
export function option<T>(
  flags: string,
  description: string,
  parse: ValueParser<T>,
  extra: OptionExtra & { required?: boolean; default?: string | number | boolean; repeatable?: boolean } = {},
): Flag<T, FlagMode> {
  const mode: FlagMode = extra.repeatable
    ? 'multiple'
    : extra.required || extra.default !== undefined
      ? 'required'
      : 'optional';
  return single<T, FlagMode>({ flags, description, parse, ...extra }, mode);
}

/**
 * Every long flag of a declaration's flags, as a hint names them: `--ref`, `--active/--no-active`
 * for a negatable one. Taken from the flags themselves, so a hint naming what a verb takes misses
 * none; a hidden flag (there only to be refused) is left out, as help leaves it out.
 */
function longFlags(flags: Flags): string[] {
  return Object.values(flags).flatMap((flag) =>
    flag.options
      .filter((spec) => !spec.hidden)
      .map((spec) => {
        const long = spec.flags.split(/[ ,]+/).find((part) => part.startsWith('--')) ?? spec.flags;
        return spec.negatable ? `${long}/--no-${long.slice(2)}` : long;
      }),
  );
}

/** `--a, --b or --c`: a declaration's long flags, for words that name them (a verb's description). */
export function flagNames(flags: Flags): string {
  return orList(longFlags(flags));
}

/** A hint lists this many change flags at most; more (a project's settings), it names two and points at help. */
export const LISTED_CHANGE_FLAGS = 12;

/**
 * The usage error of a verb given nothing to change (every update verb, and push-rule's create
 * and set): exit 2, before any request. `flags` are the verb's change flags, exactly (not its
 * owner, its target, or output flags): the hint lists them, or with more than
 * LISTED_CHANGE_FLAGS says how many and names the first two, `extra` then pointing at the help
 * (`\`collab projects update --help\` lists them`). `extra` follows after a semicolon.
 */
export function nothingToChange(flags: Flags, extra?: string): CollabError {
  const names = longFlags(flags);
  const give =
    names.length > LISTED_CHANGE_FLAGS
      ? `give at least one of its ${names.length} settings, such as ${orList(names.slice(0, 2))}`
      : `give ${orList(names)}`;
  return new CollabError('usage', 'nothing to change', { hint: extra ? `${give}; ${extra}` : give });
}

/** Text as given. */
export const asText: ValueParser<string> = (value) => value;

/** `--wait`: true when given, false otherwise. */
export function bool(
  flags: string,
  description: string,
  extra: Pick<OptionSpec, 'hidden' | 'aliases' | 'peerNames'> = {},
): Flag<boolean, 'required'> {
  const spec: OptionSpec = { flags, description, ...extra };
  const key = attributeOf(spec);
  return { options: [spec], mode: 'required', read: (raw) => raw[key] === true };
}

/** `--x` / `--no-x`: true, false, or left unset. */
export function tristate(flags: string, description: string): Flag<boolean, 'optional'> {
  return single({ flags, description, negatable: true }, 'optional');
}

/** One of `choices`, exactly as written (commander checks them; help and completion list them). */
export function choice<const C extends string>(
  flags: string,
  description: string,
  choices: readonly C[],
  extra: Pick<OptionSpec, 'hidden'> = {},
): Flag<C, 'optional'> {
  return single({ flags, description, choices, parse: choiceParser(choices), ...extra }, 'optional');
}

/**
 * Several options read as one value: a parameter table's flags as its parameters, --wait with
 * --timeout. `read` runs once a run (its warnings print once, whatever the number of targets).
 */
export function group<T>(
  options: readonly OptionSpec[],
  read: (raw: RawFlags, scope: ReadScope) => T,
): Flag<T, 'required'> {
  return { options, mode: 'required', read };
}

/** A parameter table's flags (src/params/), read back as its parameters, typed by the table; deprecated ones warn. */
export function params<const T extends readonly ParamSpec[]>(table: T): Flag<ParamsOf<T>, 'required'> {
  return group(
    table.map((param) => paramOption(param)),
    (raw, scope) => collectParams(raw, table, { warn: (message) => scope.warn(message) }),
  );
}

/**
 * Many options' values as given, by commander's keys, for a verb whose parse reads them together
 * by a rule of its own (project settings: which are accepted depends on another flag), made
 * when first read.
 */
export function given(options: () => readonly OptionSpec[]): Flag<RawFlags, 'required'> {
  // Made when read (lazyOptions): a table's flags cost a noun's every command its start.
  const made = lazyOptions(options);
  return group(made, (raw) =>
    Object.fromEntries(
      made
        .map(attributeOf)
        .filter((key) => raw[key] !== undefined)
        .map((key) => [key, raw[key]]),
    ),
  );
}

/** A positional argument read by `parse`. */
// Variadic first: `[targets...]` (variadic, not required) is a list, empty when none is given.
export function arg<T>(spec: ArgSpec & { variadic: true }, parse: ValueParser<T>): Arg<T, 'multiple'>;
export function arg<T>(spec: ArgSpec & { required: false }, parse: ValueParser<T>): Arg<T, 'optional'>;
export function arg<T>(spec: ArgSpec, parse: ValueParser<T>): Arg<T, 'required'>;
export function arg<T>(spec: ArgSpec, parse: ValueParser<T>): Arg<T, FlagMode> {
  return { spec, parse, mode: spec.variadic ? 'multiple' : spec.required === false ? 'optional' : 'required' };
}
