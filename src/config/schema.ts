import {
  boolean,
  enum as oneOf,
  int,
  looseObject,
  maximum,
  minimum,
  minLength,
  optional,
  record,
  refine,
  string,
  type ZodMiniType,
} from 'zod/mini';
import { CollabError } from '../errors.js';
import { apiBaseUrl } from '../http/url.js';
import { accepted, SETTINGS, type SettingSpec, type SettingValue } from './settings.js';

/**
 * The config file's schema, built from the settings table (src/config/settings.ts), so that a
 * setting is described once: as a zod schema, which checks the file each command reads and names
 * the first value refused as a person reads it, and as a JSON Schema (conf-file.ts), which conf
 * checks the file against whenever it writes it. Reading does not compile ajv's validator: that
 * would cost every command that reads the file more than the whole check. Loaded only when there
 * is a file to check.
 */

/** What a host's entry holds besides its settings: written by `collab auth login`, never by `config set`; never quoted back. */
export const CREDENTIALS: Readonly<Record<string, SettingValue>> = {
  token: { type: 'text' },
  token_command: { type: 'text' },
  user: { type: 'text' },
};

/** Where one account's token is (accounts.ts). */
export const ACCOUNT: Readonly<Record<string, SettingValue>> = {
  token: { type: 'text' },
  token_command: { type: 'text' },
  keyring: { type: 'boolean' },
};

export function isHostUrl(text: string): boolean {
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

export const bySpec = (scope: SettingSpec['scope']) =>
  SETTINGS.filter((s) => s.scope === scope).map((s): [string, SettingValue] => [s.key, s.value]);

/** Unknown keys are kept and ignored: a newer collab may have written them. */
const CONFIG_SCHEMA = looseObject({
  ...shape(bySpec('global')),
  hosts: optional(
    record(
      string().check(refine(isHostUrl)),
      looseObject({
        ...shape([...bySpec('host'), ...Object.entries(CREDENTIALS)]),
        users: optional(record(string(), looseObject(shape(Object.entries(ACCOUNT))))),
      }),
    ),
  ),
});

/** A value from the file as a message quotes it: as JSON (so a string shows its quotes), short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let at = data;
  for (const key of path)
    at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
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
  const fail = (what: string, expected: string, hint: string) =>
    new CollabError('usage', `invalid ${what} in the config file ${path}: expected ${expected}`, { hint });
  if (top !== 'hosts') {
    const setting = SETTINGS.find((s) => s.key === top);
    if (!setting) throw fail('settings', 'a JSON object of settings', edit);
    throw fail(
      `${top} ${shown(valueAt(data, where))}`,
      accepted(setting.value),
      `run \`collab config set ${top} <value>\`, or edit the file`,
    );
  }
  if (host === undefined) throw fail('hosts', 'an object of host URLs and their entries', edit);
  if (issue?.code === 'invalid_key') throw fail(`host ${shown(host)} under hosts`, accepted({ type: 'url' }), edit);
  if (field === undefined) throw fail(`entry for ${host} under hosts`, 'an object', edit);
  if (field === 'users')
    throw fail(
      `accounts (users) for ${host}`,
      'an object of user names and where their tokens are',
      `run \`collab auth login --host ${host}\` again, or edit the file`,
    );
  const credential = CREDENTIALS[field];
  if (credential)
    throw fail(
      `${field} for ${host}`,
      accepted(credential),
      `run \`collab auth login --host ${host}\` again, or edit the file`,
    );
  const setting = SETTINGS.find((s) => s.key === field) as SettingSpec;
  throw fail(
    `${field} ${shown(valueAt(data, where))} for ${host}`,
    accepted(setting.value),
    `run \`collab config set ${field} <value> --host ${host}\`, or edit the file`,
  );
}
