import { CollabError } from '../errors.js';
import { OUTPUT_FORMATS } from '../output/format.js';

/** Every setting `collab config` knows, described once: help, validation and defaults come from here. */
export interface SettingSpec {
  key: string;
  scope: 'global' | 'host';
  description: string;
  /** Parses and validates the text given to `config set`. */
  parse(text: string): string | number | boolean;
  default?: string | number | boolean;
}

/** The longest stretch of a typed key or value a message quotes. */
const QUOTED_MAX = 40;

/**
 * Text from argv as a message quotes it: argv may hold anything (a pasted file, escape
 * sequences), so control characters become `?` and it is cut to QUOTED_MAX characters.
 */
function quoted(text: string): string {
  const characters = Array.from(text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?'));
  return `"${characters.length > QUOTED_MAX ? `${characters.slice(0, QUOTED_MAX).join('')}…` : characters.join('')}"`;
}

const integer = (key: string, min: number, max: number) => (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new CollabError('usage', `invalid ${key} ${quoted(text)}: expected a whole number from ${min} to ${max}`);
  return n;
};
const boolean = (key: string) => (text: string) => {
  if (/^(true|yes|1|on)$/i.test(text)) return true;
  if (/^(false|no|0|off)$/i.test(text)) return false;
  throw new CollabError('usage', `invalid ${key} ${quoted(text)}: expected true or false`);
};

export const SETTINGS: readonly SettingSpec[] = [
  { key: 'host', scope: 'global', description: 'default host (URL) when neither --host nor COLLAB_HOST is given', parse: (t) => t },
  {
    key: 'output',
    scope: 'global',
    description: `default output format: ${OUTPUT_FORMATS.join(', ')}`,
    default: 'table',
    parse: (t) => {
      if (!(OUTPUT_FORMATS as readonly string[]).includes(t)) throw new CollabError('usage', `invalid output ${quoted(t)}: expected one of ${OUTPUT_FORMATS.join(', ')}`);
      return t;
    },
  },
  { key: 'timeout', scope: 'global', description: 'seconds to wait for a connection or a response', default: 30, parse: integer('timeout', 1, 3600) },
  { key: 'retries', scope: 'global', description: 'retries of a failed request (429, 5xx, network) before giving up', default: 5, parse: integer('retries', 0, 20) },
  { key: 'concurrency', scope: 'global', description: 'pages fetched at once by --all', default: 8, parse: integer('concurrency', 1, 32) },
  { key: 'editor', scope: 'global', description: 'editor for note bodies (else $VISUAL, $EDITOR, vi)', parse: (t) => t },
  { key: 'ca_file', scope: 'host', description: 'PEM file of extra CA certificates for this host', parse: (t) => t },
  { key: 'insecure_http', scope: 'host', description: 'allow sending the token over plain http to this (non-loopback) host', default: false, parse: boolean('insecure_http') },
];

export function findSetting(key: string): SettingSpec {
  const spec = SETTINGS.find((s) => s.key === key);
  if (!spec) throw new CollabError('usage', `unknown setting ${quoted(key)}`, { hint: `known settings: ${SETTINGS.map((s) => s.key).join(', ')}` });
  return spec;
}
