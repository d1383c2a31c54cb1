import { CollabError } from '../errors.js';
import type { OptionSpec, ValueParser } from './option.js';
import { booleanValue, commaList, date, dateTime, integerList, keyValue, roleParser } from './parsers.js';
import { ACCESS_LEVEL_RULE, checkValue, ruleOf } from './rules.js';
import type { ParamSpec, SettingSpec, SettingsColumn } from './types.js';
import { COLUMN_COMMANDS } from './types.js';

/** A parameter's flag: its API name kebab-cased, whatever alias it has (`merge_method` -> `merge-method`). */
export function flagName(param: Pick<ParamSpec, 'name'>): string {
  return param.name.replace(/_/g, '-');
}

/** The camelCase key commander gives an option: `merge-method` -> `mergeMethod`. */
export function optionKey(param: ParamSpec): string {
  return flagName(param).replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function placeholder(param: ParamSpec): string {
  switch (param.type) {
    case 'integer':
      return '<n>';
    case 'string-array':
      return '<a,b>';
    case 'integer-array':
      return '<ids>';
    case 'hash':
      return param.keys ? '<key=value,...>' : '<key=value>';
    case 'file':
      return '<file>';
    case 'date':
      return '<YYYY-MM-DD>';
    case 'datetime':
      return '<date-time>';
    case 'access-level':
      return '<level>';
    default:
      return param.choices ? '<value>' : '<text>';
  }
}

/**
 * The value of a parameter given as text after `key=` (a hash's key, `--property key=value`), as
 * its flag would take it, and checked as its flag is before any request: a boolean takes a value
 * (enabled=true), unlike a boolean flag; then its type's parser and rule, then its choices.
 * `where` names it in the error (`--property push_events`).
 */
export function keyedValue(param: ParamSpec, raw: string, where: string): unknown {
  const parse = param.type === 'boolean' ? booleanValue : valueParser(param);
  const value = parse ? parse(raw, where) : raw;
  if (param.choices && !param.choices.map(String).includes(String(value)))
    throw new CollabError('usage', `invalid value "${raw}" for ${where}: expected one of ${param.choices.join(', ')}`);
  return value;
}

/** `cadence=7d,keep_n=5,enabled=true` against the hash's keys. */
function hashParser(param: ParamSpec): ValueParser {
  return (value, flag) => {
    const out: Record<string, unknown> = {};
    for (const part of value.split(',').filter(Boolean)) {
      const at = part.indexOf('=');
      const key = at > 0 ? part.slice(0, at).trim() : '';
      const keySpec = param.keys?.find((k) => k.name === key);
      if (!keySpec)
        throw new CollabError(
          'usage',
          `invalid value "${part}" for ${flag}: expected key=value with key one of ${(param.keys ?? []).map((k) => k.name).join(', ')}`,
        );
      out[key] = keyedValue(keySpec, part.slice(at + 1), `${flag} ${key}`);
    }
    if (Object.keys(out).length === 0)
      throw new CollabError('usage', `invalid value for ${flag}: expected key=value pairs`);
    return out;
  };
}

/** The flag's parser: its type's, after its rule (rules.ts), so that the flag refuses what collab.yaml and the service refuse, in the same words. */
export function valueParser(param: ParamSpec): ValueParser | undefined {
  const parse = typeParser(param);
  if (!param.rule) return parse;
  return (value, flag) => {
    checkValue(param, value, flag);
    return parse ? parse(value, flag) : value;
  };
}

function typeParser(param: ParamSpec): ValueParser | undefined {
  switch (param.type) {
    case 'integer':
      // The rule collab.yaml holds the same parameter to (rules.ts ruleOf), so both say it alike.
      return param.choices
        ? undefined
        : (value, flag) => {
            checkValue(param, value, flag);
            return Number(value.trim());
          };
    case 'boolean':
      return undefined;
    case 'string-array':
      return commaList;
    case 'integer-array':
      return integerList;
    case 'hash':
      // With known keys, one flag holds them all; with free keys (custom_attributes), each
      // `key=value` is a flag of its own, repeated.
      return param.keys ? hashParser(param) : keyValue;
    case 'date':
      return date;
    case 'datetime':
      return dateTime;
    case 'access-level':
      // The roles its rule takes: an LDAP link's group_access also takes minimal access.
      return roleParser(ruleOf(param) ?? ACCESS_LEVEL_RULE);
    default:
      return undefined;
  }
}

function describe(param: ParamSpec, extra = ''): string {
  const marks = [
    param.paid ? 'paid tier' : '',
    param.adminOnly ? 'administrators only' : '',
    param.deprecated ? `deprecated: ${param.deprecated}` : '',
  ].filter(Boolean);
  return `${param.description}${extra}${marks.length ? ` [${marks.join('; ')}]` : ''}`;
}

/** A flag for an API parameter: booleans are `--x` / `--no-x` (unset stays unset), enums have choices. */
export function paramOption(param: ParamSpec, options: { hidden?: boolean; extra?: string } = {}): OptionSpec {
  const flag = `--${flagName(param)}`;
  const spec: OptionSpec =
    param.type === 'boolean'
      ? { flags: flag, description: describe(param, options.extra), negatable: true }
      : {
          flags: `${flag} ${placeholder(param)}`,
          description: describe(param, options.extra),
          ...(param.choices ? { choices: param.choices.map(String) } : {}),
          ...(valueParser(param) ? { parse: valueParser(param) as ValueParser } : {}),
          ...(param.type === 'hash' && !param.keys ? { repeatable: true } : {}),
        };
  if (param.alias) spec.aliases = [`--${param.alias}`];
  if (param.peerNames) spec.peerNames = param.peerNames;
  if (options.hidden) spec.hidden = true;
  return spec;
}

/**
 * Flags for every setting of a table on one command. Settings outside the command's column are
 * still flags (hidden), so that using one is refused with a message naming where it belongs.
 */
export function settingOptions(
  settings: readonly SettingSpec[],
  column: SettingsColumn,
  skip: readonly string[] = [],
): OptionSpec[] {
  return settings
    .filter((s) => !skip.includes(s.name))
    .map((s) => paramOption(s, { hidden: !s.columns.includes(column) }));
}

/** A parameter's value as collectParams returns it: by its type, a choice as the union of its choices. */
type ParamValue<P extends ParamSpec> = P['choices'] extends readonly (infer C)[]
  ? C
  : P['type'] extends 'integer' | 'access-level'
    ? number
    : P['type'] extends 'boolean'
      ? boolean
      : P['type'] extends 'string-array'
        ? string[]
        : P['type'] extends 'integer-array'
          ? number[]
          : P['type'] extends 'hash'
            ? Record<string, unknown>
            : string;

/** A table's parameters as collectParams returns them (a table written `as const satisfies readonly ParamSpec[]`). */
export type ParamsOf<T extends readonly ParamSpec[]> = string extends T[number]['name']
  ? Record<string, unknown>
  : { [P in T[number] as P['name']]?: ParamValue<P> };

/**
 * Reads the given flags back into API parameters (only those given: unset stays unset),
 * refusing settings that the column does not accept, and warning about deprecated ones.
 */
export function collectParams<const T extends readonly ParamSpec[]>(
  raw: Readonly<Record<string, unknown>>,
  params: T,
  options: { column?: SettingsColumn; commandName?: string; warn?: (message: string) => void } = {},
): ParamsOf<T> {
  const out: Record<string, unknown> = {};
  for (const param of params) {
    const value = raw[optionKey(param)];
    if (value === undefined) continue;
    const setting = param as SettingSpec;
    if (options.column && setting.columns && !setting.columns.includes(options.column)) {
      const where = setting.columns
        .map((c) => `\`${options.commandName ?? 'projects'} ${COLUMN_COMMANDS[c]}\``)
        .join(', ');
      throw new CollabError(
        'usage',
        `--${flagName(param)} is not accepted by ${options.commandName ?? ''} ${COLUMN_COMMANDS[options.column]}`
          .replace(/\s+/g, ' ')
          .trim(),
        {
          hint: where ? `it is accepted by ${where}` : 'it cannot be set here',
        },
      );
    }
    if (param.deprecated) options.warn?.(`--${flagName(param)} is deprecated: ${param.deprecated}`);
    if (param.type === 'hash' && !param.keys)
      out[param.name] = Object.fromEntries(value as Array<readonly [string, string]>);
    else out[param.name] = param.type === 'integer' && param.choices ? Number(value) : value;
  }
  // Each value was read by the parser of its parameter's type (valueParser above): the table's type says which.
  return out as ParamsOf<T>;
}

/** A parameter's flag as its table describes it (help text, paid-tier and deprecation marks). */
export function tableOption(table: readonly ParamSpec[], name: string): OptionSpec {
  const param = table.find((p) => p.name === name);
  if (!param) throw new Error(`no parameter ${name} in its table`);
  return paramOption(param);
}
