import { CollabError } from '../errors.js';
import type { ConfigStore } from './store.js';
import { MAX_TARGET_CONCURRENCY } from '../commands/targets.js';
import { OUTPUT_FORMATS } from '../output/format.js';
import { didYouMean } from '../util/suggest.js';
import { pagesCeiling } from '../http/pages-in-flight.js';

/** Pages in flight by default, and targets with - (within their own limit). */
const CONCURRENCY_DEFAULT = 8;

/**
 * What a setting holds. `collab config set` parses typed text into it (parseSetting), the config
 * file's schema is built from it (src/config/schema.ts), and both name the accepted values with
 * `accepted()`: one description of each setting, three uses.
 */
export type SettingValue =
  | { type: 'text' }
  /** A host URL (checked with the HTTP layer's rule where it is read: the front does not load it). */
  | { type: 'url' }
  | { type: 'integer'; min: number; max: number }
  | { type: 'choice'; choices: readonly string[] }
  | { type: 'boolean' };

/** Every setting `collab config` knows, described once: help, validation and defaults come from here. */
export interface SettingSpec {
  key: string;
  scope: 'global' | 'host';
  description: string;
  value: SettingValue;
  default?: string | number | boolean;
  /** What `config set` warns of for a value it stores but that is not used as such everywhere. */
  caveat?: (value: string | number | boolean) => string | undefined;
}

export const SETTINGS: readonly SettingSpec[] = [
  {
    key: 'host',
    scope: 'global',
    description: 'default host (URL) when neither --host nor COLLAB_HOST is given',
    value: { type: 'url' },
  },
  {
    key: 'output',
    scope: 'global',
    description: `default output format: ${OUTPUT_FORMATS.join(', ')}`,
    default: 'table',
    value: { type: 'choice', choices: OUTPUT_FORMATS },
  },
  {
    key: 'timeout',
    scope: 'global',
    description: 'seconds to wait for a connection or a response',
    default: 30,
    value: { type: 'integer', min: 1, max: 3600 },
  },
  {
    key: 'retries',
    scope: 'global',
    description: 'retries of a failed request (429, 5xx, network) before giving up',
    default: 5,
    value: { type: 'integer', min: 0, max: 20 },
  },
  {
    key: 'max_body',
    scope: 'global',
    description: 'MiB one response body may have before collab stops reading it (exit 1)',
    default: 512,
    value: { type: 'integer', min: 1, max: 65_536 },
  },
  {
    key: 'body_timeout',
    scope: 'global',
    description: 'seconds a response body may take to arrive in full (a body that trickles ends, exit 1)',
    default: 600,
    value: { type: 'integer', min: 1, max: 86_400 },
  },
  {
    key: 'concurrency',
    scope: 'global',
    // Unset, a listing starts at the default and goes up to twice it while the service keeps its
    // pace (src/http/pages-in-flight.ts); a value set is kept as set.
    description: `pages fetched at once by --all (unset: ${CONCURRENCY_DEFAULT}, up to ${pagesCeiling(CONCURRENCY_DEFAULT)} while the service keeps its pace); targets run at once with - (at most ${MAX_TARGET_CONCURRENCY})`,
    default: CONCURRENCY_DEFAULT,
    value: { type: 'integer', min: 1, max: 32 },
    // A target runs a whole command (several requests, pages of its own): fewer of them at once.
    caveat: (value) =>
      Number(value) > MAX_TARGET_CONCURRENCY
        ? `- as the target runs at most ${MAX_TARGET_CONCURRENCY} targets at once (each runs a whole command); ${value} applies to pages`
        : undefined,
  },
  {
    key: 'graphql',
    scope: 'global',
    description:
      "plan, apply, export and access-report read what GitLab's GraphQL API has through it, many targets a request (false: REST only, as --no-graphql)",
    default: true,
    value: { type: 'boolean' },
  },
  {
    key: 'editor',
    scope: 'global',
    description: 'editor for note bodies (else $VISUAL, $EDITOR, vi)',
    value: { type: 'text' },
  },
  {
    key: 'ca_file',
    scope: 'host',
    description: 'PEM file of extra CA certificates for this host',
    value: { type: 'text' },
  },
  {
    key: 'insecure_http',
    scope: 'host',
    description: 'allow sending the token over plain http to this (non-loopback) host',
    default: false,
    value: { type: 'boolean' },
  },
];

/**
 * The HTTP client's limits from the settings (seconds and MiB, as they are typed) in the client's
 * units (ms and bytes); a setting not set is its default above.
 */
export function clientLimits(config: Pick<ConfigStore, 'get'>): {
  timeoutMs: number;
  retries: number;
  maxBodyBytes: number;
  bodyDeadlineMs: number;
} {
  const value = (key: 'timeout' | 'retries' | 'max_body' | 'body_timeout') =>
    Number(config.get(key) ?? findSetting(key).default);
  return {
    timeoutMs: value('timeout') * 1000,
    retries: value('retries'),
    maxBodyBytes: value('max_body') * 1024 * 1024,
    bodyDeadlineMs: value('body_timeout') * 1000,
  };
}

/** The HTTP client's limits when no config file says otherwise (a client built without them: tests, scripts). */
export const DEFAULT_CLIENT_LIMITS = clientLimits({ get: () => undefined });

/** A setting's value: the config file's, else the table's default (the one place defaults are written). */
export function settingValue(config: Pick<ConfigStore, 'get'>, key: string): string | number | boolean | undefined {
  const value = config.get(key);
  return value === undefined ? findSetting(key).default : (value as string | number | boolean);
}

/** The same for a whole-number setting (concurrency...). */
export function numberSetting(config: Pick<ConfigStore, 'get'>, key: string): number {
  return Number(settingValue(config, key));
}

/** The values a setting accepts, as a message ends: `expected <this>`. */
export function accepted(value: SettingValue): string {
  switch (value.type) {
    case 'text':
      return 'a non-empty text';
    case 'url':
      return 'an http(s) URL such as https://gitlab.example.com';
    case 'integer':
      return `a whole number from ${value.min} to ${value.max}`;
    case 'choice':
      return `one of ${value.choices.join(', ')}`;
    case 'boolean':
      return 'true or false';
  }
}

/** The longest stretch of a typed key or value a message quotes. */
const QUOTED_MAX = 40;

/**
 * Text from argv (or a value from the config file) as a message quotes it: it may hold anything (a
 * pasted file, escape sequences), so control characters become `?` and it is cut to QUOTED_MAX characters.
 */
export function quoted(text: string): string {
  const characters = Array.from(text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?'));
  return `"${characters.length > QUOTED_MAX ? `${characters.slice(0, QUOTED_MAX).join('')}…` : characters.join('')}"`;
}

/** Parses the text typed for `config set <key> <value>`; a value the setting does not accept is a usage error. */
export function parseSetting(spec: SettingSpec, text: string): string | number | boolean {
  const { value } = spec;
  const refuse = () => new CollabError('usage', `invalid ${spec.key} ${quoted(text)}: expected ${accepted(value)}`);
  switch (value.type) {
    case 'text':
    case 'url':
      if (text.trim() === '') throw refuse();
      return text;
    case 'integer': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isInteger(n) || n < value.min || n > value.max) throw refuse();
      return n;
    }
    case 'choice':
      if (!value.choices.includes(text)) throw refuse();
      return text;
    case 'boolean':
      if (/^(true|yes|1|on)$/i.test(text)) return true;
      if (/^(false|no|0|off)$/i.test(text)) return false;
      throw refuse();
  }
}

export function findSetting(key: string): SettingSpec {
  const spec = SETTINGS.find((s) => s.key === key);
  if (!spec)
    throw new CollabError(
      'usage',
      `unknown setting ${quoted(key)}${didYouMean(
        key,
        SETTINGS.map((s) => s.key),
      )}`,
      {
        hint: `known settings: ${SETTINGS.map((s) => s.key).join(', ')}`,
      },
    );
  return spec;
}
