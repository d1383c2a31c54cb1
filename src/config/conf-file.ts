import { basename, dirname } from 'node:path';
import Conf from 'conf';
import type { SettingValue } from './settings.js';
import { ACCOUNT, bySpec, CREDENTIALS, checkConfig, isHostUrl } from './schema.js';
import { readConfigFile } from './store.js';

/**
 * The config file as conf keeps it, for writing: its JSON Schema, built from the settings table as
 * schema.ts builds the zod one, conf made for the file, and a write through it. Loaded only by a
 * command that writes the file (`auth login`, `config set`…): conf and ajv cost nothing to the rest.
 */

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

const jsonShape = (entries: Array<[string, SettingValue]>) =>
  Object.fromEntries(entries.map(([key, value]) => [key, jsonValue(value)]));

/** The properties of the file (conf's `schema` option); unknown keys are kept, as above. */
const CONFIG_JSON_SCHEMA = {
  ...jsonShape(bySpec('global')),
  hosts: {
    type: 'object',
    propertyNames: { format: 'host-url' },
    additionalProperties: {
      type: 'object',
      properties: {
        ...jsonShape([...bySpec('host'), ...Object.entries(CREDENTIALS)]),
        users: {
          type: 'object',
          additionalProperties: { type: 'object', properties: jsonShape(Object.entries(ACCOUNT)) },
        },
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
      ...(validate
        ? {
            schema: CONFIG_JSON_SCHEMA as never,
            ajvOptions: { formats: { 'host-url': isHostUrl }, validateSchema: false, meta: false },
          }
        : {}),
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
