import type { ParamRule } from './rules.js';
import type { ParamSpec } from './types.js';

/**
 * Push rule fields of the groups and projects API references (the same for projects and
 * groups). Regular expressions are checked before sending: the service compiles them with RE2,
 * which has no look-around, back-references or possessive/atomic groups.
 */
interface PushRuleParam extends ParamSpec {
  /** A regular expression the service compiles with RE2. */
  regex?: boolean;
}

export const PUSH_RULE_PARAMS: readonly PushRuleParam[] = [
  {
    name: 'commit_message_regex',
    type: 'string',
    description: 'every commit message must match this regular expression ("" clears)',
    regex: true,
    rule: regexRule(),
  },
  {
    name: 'commit_message_negative_regex',
    type: 'string',
    description: 'no commit message may match this regular expression ("" clears)',
    regex: true,
    rule: regexRule(),
  },
  {
    name: 'branch_name_regex',
    type: 'string',
    description: 'every branch name must match this regular expression ("" clears)',
    regex: true,
    rule: regexRule(),
  },
  {
    name: 'author_email_regex',
    type: 'string',
    description: 'every commit author email must match this regular expression ("" clears)',
    regex: true,
    rule: regexRule(),
  },
  {
    name: 'file_name_regex',
    type: 'string',
    description: 'no committed file name may match this regular expression ("" clears)',
    regex: true,
    rule: regexRule(),
  },
  { name: 'max_file_size', type: 'integer', description: 'largest file a push may add, in MB (0: no limit)' },
  { name: 'deny_delete_tag', type: 'boolean', description: 'refuse deleting tags' },
  { name: 'member_check', type: 'boolean', description: 'commit authors must be users of the service' },
  { name: 'prevent_secrets', type: 'boolean', description: 'refuse files that are likely to contain secrets' },
  {
    name: 'commit_committer_check',
    type: 'boolean',
    description: 'the committer email must be one of the pusher’s verified emails',
    paid: true,
  },
  { name: 'reject_unsigned_commits', type: 'boolean', description: 'refuse commits that are not signed', paid: true },
];

/** A push rule as the service shows one before any field is set. */
export const PUSH_RULE_DEFAULTS: Readonly<Record<string, unknown>> = {
  commit_message_regex: null,
  commit_message_negative_regex: null,
  branch_name_regex: null,
  author_email_regex: null,
  file_name_regex: null,
  max_file_size: 0,
  deny_delete_tag: false,
  member_check: false,
  prevent_secrets: false,
  commit_committer_check: false,
  reject_unsigned_commits: false,
};

/** Constructs RE2 refuses, with the words people know them by. */
const UNSUPPORTED: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /^\(\?<=/, what: 'look-behind' },
  { pattern: /^\(\?<!/, what: 'negative look-behind' },
  { pattern: /^\(\?=/, what: 'look-ahead' },
  { pattern: /^\(\?!/, what: 'negative look-ahead' },
  { pattern: /^\(\?>/, what: 'atomic group' },
  { pattern: /^\\[1-9]\d*/, what: 'back-reference' },
  { pattern: /^\\k(<[^>]*>|'[^']*'|\{[^}]*\})/, what: 'named back-reference' },
  { pattern: /^\(\?P=[^)]*\)/, what: 'named back-reference' },
  { pattern: /^[*+?]\+/, what: 'possessive quantifier' },
];

/**
 * Why RE2 would refuse a pattern, or undefined when it looks acceptable. Walks the pattern
 * once, skipping escaped characters and character classes, where these constructs mean
 * something else (`[(?=]` is three characters).
 */
export function re2Problem(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (inClass) {
      if (char === '\\') i++;
      else if (char === ']') inClass = false;
      continue;
    }
    const rest = pattern.slice(i);
    for (const { pattern: construct, what } of UNSUPPORTED) {
      const match = construct.exec(rest);
      if (match) return `${what} ${match[0]} is not supported by RE2, the service's regular expression engine`;
    }
    // `a{2,3}+` is possessive; a `}` that closes no repetition is a literal, as is the + after it.
    if (char === '}' && pattern[i + 1] === '+' && /\{\d+(,\d*)?$/.test(pattern.slice(0, i)))
      return `possessive quantifier }+ is not supported by RE2, the service's regular expression engine`;
    if (char === '\\') i++;
    else if (char === '[') {
      inClass = true;
      // `[]abc]` and `[^]abc]`: a leading ] is a literal.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    }
  }
  return undefined;
}

/**
 * Compiles the pattern as far as JavaScript can stand in for RE2: RE2's inline flags
 * (`(?i)`, `(?s:...)`) and `(?P<name>` groups are translated first, since JavaScript spells
 * them differently. Returns the compiler's complaint, or undefined.
 */
export function compileProblem(pattern: string): string | undefined {
  let flags = '';
  let source = pattern.replace(/^\(\?([imsU]+)\)/, (_all, inline: string) => {
    flags = [...new Set(inline.replace('U', '').split(''))].join('');
    return '';
  });
  source = source
    .replace(/\(\?P</g, '(?<')
    .replace(/\(\?[imsU-]+:/g, '(?:')
    .replace(/\(\?[imsU-]+\)/g, '');
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    // "Invalid regular expression: /(a/: Unterminated group" -> "Unterminated group"
    return `it does not compile: ${message.slice(message.lastIndexOf(': ') + 2).toLowerCase()}`;
  }
}

/**
 * A push rule's regular expression, as the service compiles it (doc/api/project_push_rules.md:
 * RE2; PushRule's `untrusted_regexp: true`, whose UntrustedRegexpValidator answers `not valid RE2
 * syntax: <why>`): what RE2 cannot do, then what does not compile. "" clears it. A function,
 * hoisted, since the table above names it.
 */
function regexRule(): ParamRule {
  const problem = (value: string) => (value === '' ? undefined : (re2Problem(value) ?? compileProblem(value)));
  return {
    what: 'regular expression',
    source: 'doc/api/project_push_rules.md; app/validators/untrusted_regexp_validator.rb',
    checks: [
      {
        ok: (value) => problem(value) === undefined,
        says: (value) => problem(value) ?? '',
        service: (value) => `not valid RE2 syntax: ${problem(value) ?? ''}`,
      },
    ],
  };
}
