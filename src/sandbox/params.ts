import { ACCESS_LEVELS } from '../params/access.js';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '../params/avatar.js';
import type { ParamsOf } from '../params/derive.js';
import { type ParamRule, problemOf, ruleOf } from '../params/rules.js';
import type { ParamSpec } from '../params/types.js';
import { paramError, validationError } from './errors.js';
import type { StoredFile } from './model.js';
import { grapeBoolean } from '../params/grape-boolean.js';

/**
 * Reading request parameters the way Grape does: typed coercion from query/form strings,
 * `{"error": "<name> is missing"}` / `"<name> is invalid"` / `"<name> does not have a valid value"`.
 */
function has(input: Record<string, unknown>, name: string): boolean {
  return input[name] !== undefined;
}

export function str(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') throw paramError(`${name} is invalid`);
  return String(value);
}

export function requireStr(input: Record<string, unknown>, name: string): string {
  const value = str(input, name);
  if (value === undefined || value === '') throw paramError(`${name} is missing`);
  return value;
}

/**
 * A string Grape `requires` where the model has no presence check of it: it must be given, but
 * may be empty (Grape's presence validator asks only that the key be there).
 */
export function requireGiven(input: Record<string, unknown>, name: string): string {
  const value = str(input, name);
  if (value === undefined) throw paramError(`${name} is missing`);
  return value;
}

export function int(input: Record<string, unknown>, name: string): number | undefined {
  const value = input[name];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw paramError(`${name} is invalid`);
  return n;
}

export function requireInt(input: Record<string, unknown>, name: string): number {
  const value = int(input, name);
  if (value === undefined) throw paramError(`${name} is missing`);
  return value;
}

export function bool(input: Record<string, unknown>, name: string): boolean | undefined {
  const value = input[name];
  // Grape treats an empty value of a non-string parameter as absent.
  if (value === undefined || value === null || value === '') return undefined;
  const coerced = grapeBoolean(value);
  if (coerced !== undefined) return coerced;
  throw paramError(`${name} is invalid`);
}

/**
 * Array parameters as GitLab reads them (`CommaSeparatedToArray`): `a[]=x&a[]=y`, a JSON array,
 * or one text split on commas (`a=x,y`); items of an array are split too (`a[]=x,y`). Blank
 * items are dropped.
 */
function commaSeparated(input: Record<string, unknown>, name: string): string[] {
  const value = input[name];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    if (item === null || item === undefined) return [];
    if (typeof item === 'object') throw paramError(`${name} is invalid`);
    return String(item)
      .split(',')
      .map((text) => text.trim())
      .filter(Boolean);
  });
}

/** Integer arrays (`CommaSeparatedToIntegerArray`): the items of commaSeparated, each an integer. */
function intArray(input: Record<string, unknown>, name: string): number[] | undefined {
  if (input[name] === undefined) return undefined;
  return commaSeparated(input, name).map((item) => {
    const n = Number(item);
    if (!Number.isSafeInteger(n)) throw paramError(`${name} is invalid`);
    return n;
  });
}

export function choice<T extends string>(
  input: Record<string, unknown>,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = str(input, name);
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) throw paramError(`${name} does not have a valid value`);
  return value as T;
}

/** The numbers of the roles an access-level parameter takes. */
export function roleLevels(spec: ParamSpec): readonly number[] {
  return Object.values(ruleOf(spec)?.roles ?? ACCESS_LEVELS);
}

/** Coerces and checks every parameter of a table that is present; returns them typed by the table (`as const` tables). */
export function readParams<const T extends readonly ParamSpec[]>(
  input: Record<string, unknown>,
  specs: T,
): ParamsOf<T> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    if (!has(input, spec.name)) continue;
    out[spec.name] = coerce(input, spec);
  }
  // Each value was coerced by its parameter's type (coerce below), as ParamsOf reads the table.
  return out as ParamsOf<T>;
}

function coerce(input: Record<string, unknown>, spec: ParamSpec): unknown {
  const { name } = spec;
  switch (spec.type) {
    case 'boolean':
      return bool(input, name);
    case 'integer': {
      const n = int(input, name);
      if (n !== undefined && spec.choices && !spec.choices.map(Number).includes(n))
        throw paramError(`${name} does not have a valid value`);
      return n;
    }
    case 'access-level': {
      // A role: GitLab's `values: Gitlab::Access.all_values`, or the roles the parameter's rule takes
      // (an LDAP link's: values_with_minimal_access).
      const n = int(input, name);
      if (n !== undefined && !roleLevels(spec).includes(n)) throw paramError(`${name} does not have a valid value`);
      return n;
    }
    case 'integer-array':
      return intArray(input, name);
    case 'string-array':
      return commaSeparated(input, name);
    case 'hash': {
      const value = input[name];
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw paramError(`${name} is invalid`);
      const hash = value as Record<string, unknown>;
      return spec.keys ? readParams(hash, spec.keys) : hash;
    }
    case 'date': {
      const value = str(input, name);
      if (value === undefined) return undefined;
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
        Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
        new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
      )
        throw paramError(`${name} is invalid`);
      return value;
    }
    case 'datetime': {
      const value = str(input, name);
      if (value === undefined) return undefined;
      if (Number.isNaN(Date.parse(value))) throw paramError(`${name} is invalid`);
      return value;
    }
    case 'file':
      return input[name];
    default: {
      const value = str(input, name);
      if (value !== undefined && spec.choices && !spec.choices.map(String).includes(value))
        throw paramError(`${name} does not have a valid value`);
      return value;
    }
  }
}

/**
 * What the model says of a value its parameter's rule (src/params/rules.ts) refuses, in Rails'
 * words (`is too long (maximum is 255 characters)`), or undefined when it is accepted, as a value
 * failing only a check the model does not make (`serviceAccepts`) is. Where the answer goes (a
 * 400, a fork's 409) is the route's: the model's check is not Grape's.
 */
export function modelError(rule: ParamRule | undefined, value: unknown): string | undefined {
  return rule && problemOf(rule, value, { asService: true })?.service;
}

/** A value its rule refuses, as most models answer it: 400 `{"message": {"<attribute>": ["…"]}}` (a label's name is its `title`). */
export function checkParam(spec: ParamSpec, value: unknown): void {
  const error = modelError(spec.rule, value);
  if (error) throw validationError({ [spec.rule?.service?.field ?? spec.name]: [error] });
}

/** Parses a query string into Grape-style params: `a[]=1&a[]=2` -> {a: [1, 2]}, `h[k]=v` -> {h: {k: v}}. */
export function parseQuery(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of search) assignParam(out, key, value);
  return out;
}

export function assignParam(out: Record<string, unknown>, key: string, value: unknown): void {
  // `a[][k]=1&a[][j]=2&a[][k]=3` -> {a: [{k: 1, j: 2}, {k: 3}]}: Rack starts a new hash when the last has the key.
  const hashes = /^([^[]+)\[\]\[([^\]]+)\]$/.exec(key);
  if (hashes) {
    const [, name, field] = hashes as unknown as [string, string, string];
    const list = Array.isArray(out[name]) ? (out[name] as Array<Record<string, unknown>>) : [];
    const last = list[list.length - 1];
    if (last && typeof last === 'object' && !(field in last)) last[field] = value;
    else list.push({ [field]: value });
    out[name] = list;
    return;
  }
  const array = /^(.+)\[\]$/.exec(key);
  if (array) {
    const name = array[1] as string;
    const list = Array.isArray(out[name]) ? (out[name] as unknown[]) : [];
    list.push(value);
    out[name] = list;
    return;
  }
  const hash = /^([^[]+)\[([^\]]+)\]$/.exec(key);
  if (hash) {
    const name = hash[1] as string;
    const target =
      out[name] && typeof out[name] === 'object' && !Array.isArray(out[name])
        ? (out[name] as Record<string, unknown>)
        : {};
    target[hash[2] as string] = value;
    out[name] = target;
    return;
  }
  out[key] = value;
}

/**
 * An avatar as GitLab's Avatarable validates it, for projects and groups alike: an uploaded file
 * (400 "avatar is invalid" otherwise), an image type, at most 200 KiB (the model's errors).
 */
export function checkAvatar(value: unknown): StoredFile {
  const file = value as StoredFile | undefined;
  if (!file || typeof file !== 'object' || !Buffer.isBuffer(file.data)) throw paramError('avatar is invalid');
  const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
    throw validationError({
      avatar: [
        `file format is not supported. Please try one of the following supported formats: ${AVATAR_EXTENSIONS.join(', ')}`,
      ],
    });
  }
  if (file.data.length > AVATAR_MAX_BYTES)
    throw validationError({ avatar: [`is too big (should be at most ${AVATAR_MAX_BYTES / 1024} KiB)`] });
  return file;
}
