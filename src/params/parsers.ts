import { CollabError } from '../errors.js';
import type { ValueParser } from './option.js';
import {
  ACCESS_LEVEL_RULE,
  checkRule,
  DATE_RULE,
  GROUP_ACCESS_LEVEL_RULE,
  type ParamRule,
  roleNumber,
} from './rules.js';

/**
 * Value parsers for flags. Each throws a one-line usage error naming the flag, the value and
 * what would be accepted, so bad input is refused before any request.
 */
const bad = (flag: string, value: string, expected: string) =>
  new CollabError('usage', `invalid value "${truncate(value)}" for ${flag}: expected ${expected}`);

function truncate(value: string): string {
  const printable = value.replace(/[\u0000-\u001f\u007f]/g, '?');
  return printable.length > 60 ? `${printable.slice(0, 60)}…` : printable;
}

export const integer =
  (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): ValueParser<number> =>
  (value, flag) => {
    const n = /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER
          ? min === 0
            ? 'a whole number, 0 or more'
            : `a whole number from ${min}`
          : `a whole number from ${min} to ${max}`;
      throw bad(flag, value, range);
    }
    return n;
  };

export const positiveInteger: ValueParser<number> = integer(1);

export const commaList: ValueParser<string[]> = (value, flag) => {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw bad(flag, value, 'a comma-separated list');
  return items;
};

export const integerList: ValueParser<number[]> = (value, flag) => {
  const items = commaList(value, flag);
  return items.map((item) => {
    if (!/^\d+$/.test(item) || !Number.isSafeInteger(Number(item)))
      throw bad(flag, value, 'a comma-separated list of numeric IDs');
    return Number(item);
  });
};

/** `key=value`; repeatable flags collect them into an object. */
export const keyValue: ValueParser<readonly [string, string]> = (value, flag) => {
  const at = value.indexOf('=');
  if (at <= 0) throw bad(flag, value, 'key=value');
  return [value.slice(0, at), value.slice(at + 1)] as const;
};

/** A role by the roles `rule` takes (rules.ts `roles`), name or number: its number. */
export function roleParser(rule: ParamRule): ValueParser<number> {
  return (value, flag) => {
    checkRule(rule, value, flag);
    return roleNumber(rule.roles ?? {}, value) as number;
  };
}

export const accessLevel: ValueParser<number> = roleParser(ACCESS_LEVEL_RULE);

/** A group member's role: the access levels, and minimal access (`minimal`, 5), a role only groups have. */
export const groupAccessLevel: ValueParser<number> = roleParser(GROUP_ACCESS_LEVEL_RULE);

/** YYYY-MM-DD that is a real calendar date (2026-02-30 is refused): the rule collab.yaml's dates share. */
export const date: ValueParser<string> = (value, flag) => {
  checkRule(DATE_RULE, value, flag);
  return value;
};

/** ISO 8601 date-time (2026-01-31T12:00:00Z); a bare date is taken as midnight UTC. */
export const dateTime: ValueParser<string> = (value, flag) => {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (!match) throw bad(flag, value, 'an ISO 8601 date-time such as 2026-01-31T12:00:00Z');
  date(match[1] as string, flag);
  const [h, min, s] = [Number(match[2] ?? 0), Number(match[3] ?? 0), Number(match[4] ?? 0)];
  if (h > 23 || min > 59 || s > 59) throw bad(flag, value, 'an ISO 8601 date-time with a valid time of day');
  if (Number.isNaN(Date.parse(match[2] ? value.replace(' ', 'T') : `${value}T00:00:00Z`)))
    throw bad(flag, value, 'an ISO 8601 date-time');
  return value;
};

/** 90s, 10m, 1h30m, or plain seconds; returns milliseconds. */
export const duration: ValueParser<number> = (value, flag) => {
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?$/.exec(text);
  if (!match || text === '' || match.slice(1).every((part) => part === undefined))
    throw bad(flag, value, 'a duration such as 90s, 10m or 1h');
  const ms =
    Number(match[1] ?? 0) * 3_600_000 +
    Number(match[2] ?? 0) * 60_000 +
    Number(match[3] ?? 0) * 1000 +
    Number(match[4] ?? 0);
  if (ms <= 0) throw bad(flag, value, 'a duration above zero');
  return ms;
};

export const nonEmpty: ValueParser<string> = (value, flag) => {
  if (value.trim() === '') throw new CollabError('usage', `${flag} must not be empty`);
  return value;
};

/**
 * An account's username as a person types it: spaces around and a leading @ dropped (`@dana`);
 * an empty one is a usage error. Matched without case, as GitLab finds a user by username.
 */
export const accountUser: ValueParser<string> = (value, flag) => nonEmpty(value.trim().replace(/^@/, ''), flag);

/** A flag whose value src/params holds to a rule: the rule's own check and message, before any request. */
export function ruled(rule: ParamRule): ValueParser<string> {
  return (value, flag) => {
    checkRule(rule, value, flag);
    return value;
  };
}

/** true/false/yes/no/1/0 for flags that take an explicit boolean value. */
export const booleanValue: ValueParser<boolean> = (value, flag) => {
  if (/^(true|yes|1|on)$/i.test(value)) return true;
  if (/^(false|no|0|off)$/i.test(value)) return false;
  throw bad(flag, value, 'true or false');
};

const PATH_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * A project or group reference: a numeric ID (kept numeric) or a full path such as grp/sub/app.
 * Segments are checked so that nothing like `..` can climb out of the API path.
 */
export function resourceRef(kind: 'project' | 'group' | 'namespace'): ValueParser<string | number> {
  return (value, flag) => {
    const text = value.trim();
    if (/^\d+$/.test(text)) {
      const n = Number(text);
      if (!Number.isSafeInteger(n) || n <= 0) throw bad(flag, value, `a ${kind} ID or full path`);
      return n;
    }
    const segments = text.replace(/^\/+|\/+$/g, '').split('/');
    if (
      text === '' ||
      segments.some((segment) => !PATH_SEGMENT.test(segment) || segment.endsWith('.git') || /^\.+$/.test(segment))
    ) {
      throw bad(flag, value, `a ${kind} ID or full path such as ${kind === 'project' ? 'grp/sub/app' : 'grp/sub'}`);
    }
    return segments.join('/');
  };
}

export const projectRef = resourceRef('project');
export const groupRef = resourceRef('group');
export const namespaceRef = resourceRef('namespace');

/** Checks a positional argument with a parser (commander parses only options). */
export function parseArg<T>(parser: ValueParser<T>, value: string | undefined, name: string): T {
  if (value === undefined) throw new CollabError('usage', `missing argument <${name}>`);
  return parser(value, `<${name}>`);
}

/**
 * One of `choices`, matched in any case and returned as written there (`-X post` is POST). Give the
 * option `choices` too, for help and completion: this parser replaces commander's exact-case check.
 */
export function choiceAnyCase<C extends string>(choices: readonly C[]): ValueParser<C> {
  return (value, flag) => {
    const found = choices.find((choice) => choice.toLowerCase() === value.trim().toLowerCase());
    if (found === undefined) throw bad(flag, value, `one of ${choices.join(', ')}`);
    return found;
  };
}

/** `--shard 2/4`: the 2nd of 4 deterministic parts of the targets (for CI fan-out); `auto`: the CI job's own (read when the run starts). */
export const shard: ValueParser<{ index: number; count: number } | 'auto'> = (value, flag) => {
  if (value.trim().toLowerCase() === 'auto') return 'auto';
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw bad(flag, value, 'k/n with 1 <= k <= n, e.g. 1/4, or auto');
  return { index, count };
};
