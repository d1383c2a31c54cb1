import { basename, dirname } from 'node:path';
import Conf from 'conf';
import { boolean, enum as oneOf, int, looseObject, maximum, minimum, minLength, optional, record, refine, string, type ZodMiniType } from 'zod/mini';
import { CollabError } from '../errors.js';
import { apiBaseUrl } from '../http/url.js';
import { accepted, SETTINGS, type SettingSpec, type SettingValue } from './settings.js';
import { readConfigFile } from './store.js';

/**
 * The config file's schema, built from the settings table (src/config/settings.ts), so that a
 * setting is described once: as a JSON Schema, which conf checks the file against whenever it
 * reads or writes it, and as a zod schema of the same table, which names the first value refused
 * as a person reads it (conf's message is ajv's: "`hosts/https:~1~1h/timeout` must be <= 3600").
 * Loaded only when there is a file to check or write: a back entry (build.mjs), compiled ahead.
 */

/** What a host's entry holds besides its settings: written by `collab auth login`, never by `config set`; never quoted back. */
const CREDENTIALS: Readonly<Record<string, SettingValue>> = {
  token: { type: 'text' },
  token_command: { type: 'text' },
  user: { type: 'text' },
};

/** Where one account's token is (accounts.ts). */
const ACCOUNT: Readonly<Record<string, SettingValue>> = { token: { type: 'text' }, token_command: { type: 'text' }, keyring: { type: 'boolean' } };

function isHostUrl(text: string): boolean {
  try {
    apiBaseUrl(text);
    return true;
  } catch {
    return false;
  }
}

function valueSchema(value: SettingValue): ZodMiniType {
  switch (value.type) {
    case 'text':
      return string().check(minLength(1));
    case 'url':
      return string().check(refine(isHostUrl));
    case 'integer':
      return int().check(minimum(value.min), maximum(value.max));
    case 'choice':
      return oneOf(value.choices as [string, ...string[]]);
    case 'boolean':
      return boolean();
  }
}

function shape(entries: Array<[string, SettingValue]>): Record<string, ZodMiniType> {
  return Object.fromEntries(entries.map(([key, value]) => [key, optional(valueSchema(value))]));
}

const bySpec = (scope: SettingSpec['scope']) => SETTINGS.filter((s) => s.scope === scope).map((s): [string, SettingValue] => [s.key, s.value]);

/** Unknown keys are kept and ignored: a newer collab may have written them. */
const CONFIG_SCHEMA = looseObject({
  ...shape(bySpec('global')),
  hosts: optional(
    record(
      string().check(refine(isHostUrl)),
      looseObject({ ...shape([...bySpec('host'), ...Object.entries(CREDENTIALS)]), users: optional(record(string(), looseObject(shape(Object.entries(ACCOUNT))))) }),
    ),
  ),
});

/** The same table as JSON Schema, for conf (ajv); `host-url` is the HTTP layer's rule, given to ajv as a format. */
function jsonValue(value: SettingValue): Record<string, unknown> {
  switch (value.type) {
    case 'text':
      return { type: 'string', minLength: 1 };
    case 'url':
      return { type: 'string', format: 'host-url' };
    case 'integer':
      return { type: 'integer', minimum: value.min, maximum: value.max };
    case 'choice':
      return { enum: [...value.choices] };
    case 'boolean':
      return { type: 'boolean' };
  }
}

const jsonShape = (entries: Array<[string, SettingValue]>) => Object.fromEntries(entries.map(([key, value]) => [key, jsonValue(value)]));

/** The properties of the file (conf's `schema` option); unknown keys are kept, as above. */
export const CONFIG_JSON_SCHEMA = {
  ...jsonShape(bySpec('global')),
  hosts: {
    type: 'object',
    propertyNames: { format: 'host-url' },
    additionalProperties: {
      type: 'object',
      properties: {
        ...jsonShape([...bySpec('host'), ...Object.entries(CREDENTIALS)]),
        users: { type: 'object', additionalProperties: { type: 'object', properties: jsonShape(Object.entries(ACCOUNT)) } },
      },
    },
  },
};

/** What the store writes through (store.ts). */
export interface ConfFile {
  store: Record<string, unknown>;
}

/**
 * conf for the file at `path` (its directory, its name), mode 0600; with the schema, conf refuses
 * a file or a write that breaks it, and the refusal is the zod schema's message. The schema is
 * compiled without checking it against the JSON Schema meta-schema (ours is built here, and that
 * check is most of the cost of opening conf).
 */
export function openConf(path: string, validate: boolean): ConfFile {
  try {
    return new Conf<Record<string, unknown>>({
      cwd: dirname(path),
      configName: basename(path, '.json'),
      fileExtension: 'json',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
      ...(validate ? { schema: CONFIG_JSON_SCHEMA as never, ajvOptions: { formats: { 'host-url': isHostUrl }, validateSchema: false, meta: false } } : {}),
    });
  } catch (error) {
    // A refused value, named from the file as it is; a file conf cannot parse, named by our reader.
    if (isSchemaViolation(error)) checkConfig(readConfigFile(path), path);
    throw error;
  }
}

/** Writes `data` as the whole file through conf (its check, its atomic write); a refused value is named as check() names it. */
export function writeThroughConf(conf: ConfFile, data: Record<string, unknown>, path: string): void {
  try {
    conf.store = data;
  } catch (error) {
    if (isSchemaViolation(error)) checkConfig(data, path);
    throw error;
  }
}

function isSchemaViolation(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Config schema violation');
}

/** A value from the file as a message quotes it: as JSON (so a string shows its quotes), short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let at = data;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

/**
 * The settings of a config file, checked: the first value the schema refuses is a usage error
 * naming the key, the file and the values accepted, with how to fix it.
 */
export function checkConfig(data: Record<string, unknown>, path: string): void {
  const result = CONFIG_SCHEMA.safeParse(data);
  if (result.success) return;
  const issue = result.error.issues[0];
  const where = issue?.path ?? [];
  const [top, host, field] = where.map(String);
  const edit = `edit the file, or move it away (mv ${path} ${path}.bak)`;
  const fail = (what: string, expected: string, hint: string) => new CollabError('usage', `invalid ${what} in the config file ${path}: expected ${expected}`, { hint });
  if (top !== 'hosts') {
    const setting = SETTINGS.find((s) => s.key === top);
    if (!setting) throw fail('settings', 'a JSON object of settings', edit);
    throw fail(`${top} ${shown(valueAt(data, where))}`, accepted(setting.value), `run \`collab config set ${top} <value>\`, or edit the file`);
  }
  if (host === undefined) throw fail('hosts', 'an object of host URLs and their entries', edit);
  if (issue?.code === 'invalid_key') throw fail(`host ${shown(host)} under hosts`, accepted({ type: 'url' }), edit);
  if (field === undefined) throw fail(`entry for ${host} under hosts`, 'an object', edit);
  if (field === 'users') throw fail(`accounts (users) for ${host}`, 'an object of user names and where their tokens are', `run \`collab auth login --host ${host}\` again, or edit the file`);
  const credential = CREDENTIALS[field];
  if (credential) throw fail(`${field} for ${host}`, accepted(credential), `run \`collab auth login --host ${host}\` again, or edit the file`);
  const setting = SETTINGS.find((s) => s.key === field) as SettingSpec;
  throw fail(`${field} ${shown(valueAt(data, where))} for ${host}`, accepted(setting.value), `run \`collab config set ${field} <value> --host ${host}\`, or edit the file`);
}
