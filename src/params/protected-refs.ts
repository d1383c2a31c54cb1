import { CollabError } from '../errors.js';
import type { ValueParser } from './option.js';
import type { ParamSpec } from './types.js';

/**
 * Protected branches and tags (GitLab's protected_branches and protected_tags API pages): who may
 * push, merge, unprotect or create, as access levels 0 (no one), 30 (developers and maintainers),
 * 40 (maintainers) and 60 (administrators). The commands take the names, the service the numbers.
 */
export const REF_ACCESS_LEVELS = { 'no-one': 0, developer: 30, maintainer: 40, admin: 60 } as const;

/**
 * The most protected branches GET /projects/:id/protected_branches answers, whatever the page:
 * ProtectedBranchesFinder limits them (LIMIT = 100, before `search`: app/finders/protected_branches_finder.rb,
 * gitlabhq/gitlabhq 71786ddc). A list of that many may leave some out; one branch's GET finds any.
 */
export const PROTECTED_BRANCHES_LISTED = 100;

export type RefAccessName = keyof typeof REF_ACCESS_LEVELS;

/** `access_level_description` as GitLab's ProtectedRefAccess.human_access_levels writes it. */
export const REF_ACCESS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: 'No one',
  30: 'Developers + Maintainers',
  40: 'Maintainers',
  60: 'Instance admins',
};

/**
 * The levels each kind of access takes: `unprotect` has no "no one" (the API page: "Access level
 * `No access` is not available for this field"), a tag's `create` is 0, 30 or 40 (the protected
 * tags page's valid access levels).
 */
export const REF_ACCESS_CHOICES = {
  push: [0, 30, 40, 60],
  merge: [0, 30, 40, 60],
  unprotect: [30, 40, 60],
  create: [0, 30, 40],
} as const satisfies Record<string, readonly number[]>;

export type RefAccessKind = keyof typeof REF_ACCESS_CHOICES;

/** 40 -> "maintainer"; a level without a name is shown as its number. */
export function refAccessName(level: unknown): string {
  const found = Object.entries(REF_ACCESS_LEVELS).find(([, n]) => n === level);
  return found ? found[0] : level === null || level === undefined ? '' : String(level);
}

/** A flag's role for one kind of access: its name (`developer`) or the service's number (30), among the levels that kind takes. */
export function refAccess(kind: RefAccessKind): ValueParser<number> {
  const allowed: readonly number[] = REF_ACCESS_CHOICES[kind];
  return (value, flag) => {
    const text = value.trim().toLowerCase().replace(/[ _]/g, '-');
    const level =
      text in REF_ACCESS_LEVELS
        ? REF_ACCESS_LEVELS[text as RefAccessName]
        : /^\d+$/.test(text)
          ? Number(text)
          : Number.NaN;
    if (allowed.includes(level)) return level;
    const names = allowed.map((n) => refAccessName(n)).join(', ');
    throw new CollabError('usage', `invalid value "${value.slice(0, 60)}" for ${flag}: expected one of ${names}`);
  };
}

/**
 * The name of a protected branch or tag: a branch or tag name, or a wildcard (`release/*`), matched
 * as a pattern (RefMatcher), so GitLab takes any text, `a..b` too. ProtectedRef validates only that
 * it is there, `validates :name, presence: true`, and a name of spaces alone is Rails' blank
 * (app/models/concerns/protected_ref.rb, gitlabhq/gitlabhq 4555e1b2; ProtectedBranch adds only
 * uniqueness, app/models/protected_branch.rb, 0338625c).
 */
const protectedRefName = (kind: 'branch' | 'tag') =>
  ({
    name: 'name',
    type: 'string',
    description: `the ${kind} name or wildcard (main, release/*)`,
    rule: {
      what: `protected ${kind} name`,
      source: 'app/models/concerns/protected_ref.rb (name: presence)',
      minLength: 1,
    },
  }) as const satisfies ParamSpec;

export const PROTECTED_BRANCH_NAME = protectedRefName('branch');
export const PROTECTED_TAG_NAME = protectedRefName('tag');

/** POST /projects/:id/protected_branches (name aside: the command's argument). Defaults: 40 for each level, false for the booleans. */
export const PROTECTED_BRANCH_PARAMS = [
  { name: 'push_access_level', type: 'integer', choices: REF_ACCESS_CHOICES.push, description: 'who may push' },
  { name: 'merge_access_level', type: 'integer', choices: REF_ACCESS_CHOICES.merge, description: 'who may merge' },
  {
    name: 'unprotect_access_level',
    type: 'integer',
    choices: REF_ACCESS_CHOICES.unprotect,
    description: 'who may unprotect',
  },
  { name: 'allow_force_push', type: 'boolean', description: 'members who may push may also force-push' },
  {
    name: 'code_owner_approval_required',
    type: 'boolean',
    paid: true,
    description: 'refuse pushes that change files with code owners unless they approve',
  },
] as const satisfies readonly ParamSpec[];

/** PATCH /projects/:id/protected_branches/:name takes the booleans; levels change through `allowed_to_*` arrays. */
export const PROTECTED_BRANCH_UPDATE_PARAMS = PROTECTED_BRANCH_PARAMS.filter((param) => param.type === 'boolean');

/** POST /projects/:id/protected_tags. Default: 40. */
export const PROTECTED_TAG_PARAMS = [
  {
    name: 'create_access_level',
    type: 'integer',
    choices: REF_ACCESS_CHOICES.create,
    description: 'who may create matching tags',
  },
] as const satisfies readonly ParamSpec[];
