import { CollabError } from '../errors.js';
import { ACCESS_LEVELS, accessLevelNames, MINIMAL_ACCESS_NAMES } from './access.js';
import { cssColorHex } from './css-colors.js';
import type { ParamSpec } from './types.js';
import { orList } from '../util/words.js';

/**
 * What the service accepts for a parameter, said once beside the parameter (its `rule`) and checked
 * by every entry point: the flag parser (derive.ts, `ruleParser`), the collab.yaml schema
 * (src/desired/sections/common.ts) and the sandbox (src/sandbox/params.ts `checkRule`). The checks
 * are data; `problemOf` turns the first that fails into the one wording every entry point shows.
 */
export interface ParamRule {
  /** What the value is, for messages: `label name`. */
  what: string;
  /** Where GitLab states the rule (a doc page or the model that validates it). */
  source: string;
  /** A value that is a secret: messages never quote it. */
  secret?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Characters it may not hold, each with its name in words. */
  forbids?: readonly (readonly [string, string])[];
  /** What it must pass, in order: a pattern or a test, each in collab's words and (where the model has its own) the service's. */
  checks?: readonly RuleCheck[];
  /** A whole number from `min` (to `max`). */
  integer?: { min: number; max?: number };
  /**
   * A role's rule: the roles it takes by name and their numbers (a number is taken as itself).
   * Every entry point reads a role through them: the flag's number, collab.yaml's, the sandbox's check.
   */
  roles?: Readonly<Record<string, number>>;
  /**
   * The service's refusal, for the sandbox: the attribute its validation names (`title` for a
   * label's name), its words for a value that is invalid (Rails' `is invalid` otherwise), and
   * whether the model checks only a format (a masked value: a short one is `invalid` too, not
   * Rails' `is too short`).
   */
  service?: { field?: string; invalid?: string; formatOnly?: boolean };
}

interface RuleCheck {
  ok: RegExp | ((value: string) => boolean);
  /** collab's words; a function where they name the part that fails (a cron line's field). */
  says: string | ((value: string) => string);
  /** The service's words where the model has a message of its own for this check (a function where they quote why: RE2's complaint). */
  service?: string | ((value: string) => string);
  /**
   * The model lets the value by (collab's check alone: a request holding it could only fail
   * later), so the sandbox, answering as the service, does too.
   */
  serviceAccepts?: true;
}

interface RuleProblem {
  /** collab's words: `must not contain a comma`. */
  says: string;
  /** The model's: `is invalid`, `is too long (maximum is 255 characters)`. */
  service: string;
}

/**
 * The first check of `rule` that `value` fails, or undefined when it passes them all. `asService`:
 * only the checks the model makes (the sandbox's answer), not those it lets by.
 */
export function problemOf(rule: ParamRule, value: unknown, { asService = false } = {}): RuleProblem | undefined {
  const invalid = rule.service?.invalid ?? 'is invalid';
  const fail = (says: string, service: string): RuleProblem => ({
    says,
    service: rule.service?.formatOnly ? invalid : service,
  });
  if (rule.integer) {
    const { min, max } = rule.integer;
    const says =
      max === undefined ? `must be a whole number, ${min} or more` : `must be a whole number from ${min} to ${max}`;
    const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value).trim()) ? Number(value) : Number.NaN;
    return !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max) ? fail(says, invalid) : undefined;
  }
  const text = String(value);
  if (text.trim() === '' && (rule.minLength ?? 0) > 0) return fail('must not be empty', "can't be blank");
  const length = [...text].length;
  if (rule.minLength !== undefined && length < rule.minLength)
    return fail(
      `must be ${rule.minLength} or more characters`,
      `is too short (minimum is ${rule.minLength} characters)`,
    );
  if (rule.maxLength !== undefined && length > rule.maxLength)
    return fail(
      `must be at most ${rule.maxLength} characters`,
      `is too long (maximum is ${rule.maxLength} characters)`,
    );
  for (const [char, name] of rule.forbids ?? [])
    if (text.includes(char)) return fail(`must not contain ${name}`, invalid);
  for (const check of rule.checks ?? []) {
    if (asService && check.serviceAccepts) continue;
    const ok = typeof check.ok === 'function' ? check.ok(text) : check.ok.test(text);
    if (!ok)
      return fail(
        typeof check.says === 'function' ? check.says(text) : check.says,
        typeof check.service === 'function' ? check.service(text) : (check.service ?? invalid),
      );
  }
  return undefined;
}

/** The one message of a refused value, at every entry point: `invalid label name "a,b": must not contain a comma`. */
function ruleMessage(rule: ParamRule, value: unknown, problem: RuleProblem): string {
  const shown = rule.secret ? '' : ` ${quoted(value)}`;
  return `invalid ${rule.what}${shown}: ${problem.says}`;
}

/** Why `value` is refused for `param`, in the one wording, or undefined when it is accepted (or the parameter has no rule). */
export function ruleError(param: ParamSpec, value: unknown): string | undefined {
  const rule = ruleOf(param);
  const problem = rule && problemOf(rule, value);
  return rule && problem ? ruleMessage(rule, value, problem) : undefined;
}

/** Refuses a value of `param` that its rule refuses: a usage error (exit 2) naming where it was given (`--color`), before any request. */
export function checkValue(param: ParamSpec, value: unknown, where: string): void {
  checkRule(ruleOf(param), value, where);
}

export function checkRule(rule: ParamRule | undefined, value: unknown, where: string): void {
  const problem = rule && problemOf(rule, value);
  if (rule && problem) throw new CollabError('usage', `${where}: ${ruleMessage(rule, value, problem)}`);
}

/** A parameter's rule: its own, or its type's (every access level takes the same roles). */
export function ruleOf(param: ParamSpec): ParamRule | undefined {
  if (param.rule) return param.rule;
  return param.type === 'integer' && !param.choices ? countRule(param.name) : TYPE_RULES[param.type];
}

/**
 * An integer parameter with no rule of its own: a whole number, 0 or more. Every integer of the
 * tables counts something (seconds, megabytes, a depth) or names an ID; none takes a negative.
 */
function countRule(name: string): ParamRule {
  return { what: name.replace(/_/g, ' '), source: 'the reference tables (type integer)', integer: { min: 0 } };
}

function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const printable = (text ?? String(value)).replace(/[\u0000-\u001f\u007f]/g, '?');
  return JSON.stringify([...printable].length > 60 ? `${[...printable].slice(0, 60).join('')}…` : printable);
}

// ---- rules that several parameters share ----

/**
 * A role: GitLab's `Gitlab::Access.all_values` (doc/api/members.md, "Roles"), by name or number;
 * with `minimal`, also Minimal Access (5): a group's members, and an LDAP link's `group_access`
 * (`Gitlab::Access.values_with_minimal_access`). No access (0) is never taken.
 */
function roleRule(minimal: boolean): ParamRule {
  const roles: Record<string, number> = minimal ? { ...MINIMAL_ACCESS_NAMES, ...ACCESS_LEVELS } : { ...ACCESS_LEVELS };
  return {
    what: 'access level',
    source: minimal
      ? 'doc/api/members.md (Roles); Gitlab::Access.values_with_minimal_access'
      : 'doc/api/members.md (Roles); Gitlab::Access.all_values',
    roles,
    checks: [
      {
        ok: (value) => roleNumber(roles, value) !== undefined,
        says: `must be a role: ${minimal ? 'minimal (5), ' : ''}${accessLevelNames()}`,
      },
    ],
  };
}

/** A role by name (any case) or number, among `roles`: its number, or undefined when it is none of them. */
export function roleNumber(roles: Readonly<Record<string, number>>, value: unknown): number | undefined {
  const key = String(value).trim().toLowerCase();
  if (Object.hasOwn(roles, key)) return roles[key];
  const n = /^\d+$/.test(key) ? Number(key) : Number.NaN;
  return Object.values(roles).includes(n) ? n : undefined;
}

export const ACCESS_LEVEL_RULE = roleRule(false);
export const GROUP_ACCESS_LEVEL_RULE = roleRule(true);

const calendarDay = (value: string): boolean => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/**
 * A day, as the API's `date` parameters take it (doc/api/members.md `expires_at`: "in the format
 * YEAR-MONTH-DAY"): a real calendar day, so 2026-02-30 and 2026-13-40 are refused.
 */
export const DATE_RULE: ParamRule = {
  what: 'date',
  source: 'doc/api/members.md (expires_at); doc/api/groups.md (expires_at)',
  checks: [
    { ok: /^\d{4}-\d{2}-\d{2}$/, says: 'must be a date as YYYY-MM-DD' },
    { ok: calendarDay, says: 'must be a real calendar date as YYYY-MM-DD' },
  ],
};

/** The rules every parameter of a type has, whatever table it is in. */
const TYPE_RULES: Partial<Record<ParamSpec['type'], ParamRule>> = {
  'access-level': ACCESS_LEVEL_RULE,
  date: DATE_RULE,
};

/**
 * `#RGB`, `#RRGGBB` or a color name GitLab knows: doc/api/labels.md (`color`), GitLab's ColorValidator
 * over Gitlab::Color.of (lib/gitlab/color.rb: the CSS names less cyan and magenta).
 */
export const COLOR_RULE: ParamRule = {
  what: 'color',
  source: 'doc/api/labels.md (color); app/validators/color_validator.rb; lib/gitlab/color.rb',
  checks: [
    {
      ok: (value) => /^#(?:[0-9A-Fa-f]{3}){1,2}$/.test(value) || cssColorHex(value) !== undefined,
      says: 'must be #RRGGBB, #RGB or a color name GitLab knows, such as orange',
    },
  ],
  service: { invalid: 'must be a valid color code' },
};

/**
 * A URL of one of `schemes` with a host (GitLab's AddressableUrlValidator: `schemes`, and its
 * words for a URL it cannot read or whose scheme it does not allow), and a port TCP has if it
 * names one (portOf: collab's check alone, GitLab saves any). A URL that may carry
 * credentials is a secret: messages never quote it. `placeholders`: a badge's `%{project_path}`
 * and the like, which the service fills in per project, stand for a word of the URL.
 */
export function urlRule(
  what: string,
  schemes: readonly string[],
  source: string,
  {
    secret = false,
    placeholders = false,
    blank = false,
  }: { secret?: boolean; placeholders?: boolean; blank?: boolean } = {},
): ParamRule {
  const filled = (value: string): string => (placeholders ? value.replace(/%\{\w+\}/g, 'x') : value).trim();
  // Read without its port, which the port's own check judges: a URL parser takes none over 65535
  // for a URL, Addressable::URI (the service's) any number.
  const parsed = (value: string): URL | undefined => {
    try {
      return new URL(filled(value).replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#]*?):\d+(?=[/?#]|$)/i, '$1'));
    } catch {
      return undefined;
    }
  };
  const listed = schemes.map((scheme) => `${scheme}://`);
  const spelled = orList(listed);
  const checks: RuleCheck[] = [
    // First: a URL parser refuses a port over 65535 as no URL at all, which would not say why.
    {
      ok: (value) => {
        const port = portOf(filled(value));
        return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
      },
      says: "must have a port from 1 to 65535, or none for the scheme's own",
      serviceAccepts: true,
    },
    {
      ok: (value) => parsed(value) !== undefined,
      says: `must be a URL such as ${listed.at(-1)}host/path`,
      service: 'must be a valid URL',
    },
    {
      ok: (value) => schemes.includes(parsed(value)?.protocol.slice(0, -1) ?? ''),
      says: `must start with ${spelled}`,
      service: `is blocked: Only allowed schemes are ${schemes.join(', ')}`,
    },
    { ok: (value) => Boolean(parsed(value)?.hostname), says: 'must name a host', service: 'must be a valid URL' },
  ];
  return {
    what,
    source,
    ...(secret ? { secret } : {}),
    // `blank`: "" is taken, and clears it (a model's `allow_blank: true`).
    checks: blank
      ? checks.map((check) => ({
          ...check,
          ok: (value: string) =>
            value === '' || (typeof check.ok === 'function' ? check.ok(value) : check.ok.test(value)),
        }))
      : checks,
  };
}

/**
 * The port a URL's authority names as written (`0` of `http://host:0/`), or undefined where it
 * names none. TCP has ports 1 to 65535 (0 is reserved, none is above 16 bits), so a URL with
 * another reaches nothing. GitLab saves one all the same: AddressableUrlValidator checks no port
 * unless given `ports` (app/validators/addressable_url_validator.rb, gitlabhq/gitlabhq 1a9a5ba1;
 * Gitlab::HTTP_V2::UrlBlocker#validate_uri, gems/gitlab-http/lib/gitlab/http_v2/url_blocker.rb,
 * 4de6023d), and Addressable::URI reads `:0` as no port at all (URI#port=, `@port = nil if
 * @port == 0`, lib/addressable/uri.rb) and takes any number above; the hook, mirror or
 * integration then fails on every request instead. Hence collab's check alone (`serviceAccepts`).
 */
function portOf(url: string): string | undefined {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1];
  if (authority === undefined) return undefined;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return /^(?:\[[^\]]*\]|[^:]*):(\d+)$/.exec(host)?.[1];
}

/**
 * A branch or tag name git can hold: `git check-ref-format`'s rules as Gitlab::GitRefValidator
 * (lib/gitlab/git_ref_validator.rb) asks them. A name git refuses names no branch or tag, so a
 * request giving one could only fail: no `..`, `@{`, `//`, space, control character or any of
 * `~ ^ : ? * [ \`; no leading or trailing `/`, no trailing `.`; no part starting with `.` or
 * ending in `.lock`; not `@` alone.
 */
export const REF_NAME_RULE: ParamRule = {
  what: 'ref',
  source: 'lib/gitlab/git_ref_validator.rb; git-check-ref-format(1)',
  minLength: 1,
  forbids: [
    [' ', 'a space'],
    ['..', 'two dots in a row (..)'],
    ['@{', '"@{"'],
    ['//', 'two slashes in a row (//)'],
    ['~', 'a tilde (~)'],
    ['^', 'a caret (^)'],
    [':', 'a colon (:)'],
    ['?', 'a question mark (?)'],
    ['*', 'an asterisk (*)'],
    ['[', 'an opening bracket ([)'],
    ['\\', 'a backslash (\\)'],
  ],
  checks: [
    { ok: /^[^\u0000-\u001f\u007f]*$/, says: 'must not contain a control character' },
    { ok: (value) => !value.startsWith('/') && !value.endsWith('/'), says: 'must not start or end with a slash (/)' },
    { ok: (value) => !value.endsWith('.'), says: 'must not end with a dot (.)' },
    {
      ok: (value) => value.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock')),
      says: 'must not have a part that starts with a dot (.) or ends in .lock',
    },
    { ok: (value) => value !== '@', says: 'must not be @ alone' },
  ],
};
