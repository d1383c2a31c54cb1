import { getProtectedRef, type ProtectedRefKind as RefKind, type RefAccessLevel } from '../../api/protected-refs.js';
import type { VerbContext } from '../../context.js';
import { type Column, type DetailField, onOrNo, PRIORITY } from '../../output/format.js';
import { ruled } from '../../params/parsers.js';
import {
  PROTECTED_BRANCH_NAME,
  PROTECTED_TAG_NAME,
  type RefAccessKind,
  refAccess,
  refAccessName,
} from '../../params/protected-refs.js';
import { unknownThing } from '../delete.js';
import { arg, type Flag, option } from '../flags.js';

/**
 * `collab protected-branches …` and `collab protected-tags …`: one set of verbs of a project,
 * declared per kind of protection (`fixed: { kind }`), each with one implementation in this
 * directory. A protection is named by the branch or tag name, or the wildcard, as written
 * (`main`, `release/*`).
 */
export type { ProtectedRefKind as RefKind } from '../../api/protected-refs.js';

const NOUN_OF: Record<RefKind, string> = { branch: 'protected-branches', tag: 'protected-tags' };

/** The name, held to its parameter's rule (src/params), as collab.yaml and the sandbox hold it. */
export const nameArg = (kind: RefKind) => {
  const param = kind === 'branch' ? PROTECTED_BRANCH_NAME : PROTECTED_TAG_NAME;
  return arg({ name: 'name', description: param.description }, ruled(param.rule));
};

const ROLES_TEXT = (kind: RefAccessKind) =>
  kind === 'unprotect'
    ? 'developer, maintainer or admin'
    : kind === 'create'
      ? 'no-one, developer or maintainer'
      : 'no-one, developer, maintainer or admin';
/** `--push-access-level` (the API's push_access_level), also `--push`. */
export const roleFlag = (kind: RefAccessKind, what: string): Flag<number, 'optional'> =>
  option(`--${kind}-access-level <role>`, `who may ${what}: ${ROLES_TEXT(kind)}`, refAccess(kind), {
    aliases: [kind === 'create' ? '--create-access' : `--${kind}`],
  });

export const sample = (kind: RefKind) => (kind === 'branch' ? 'release/*' : 'v*');
export const command = (kind: RefKind) => `collab ${NOUN_OF[kind]}`;

export const BRANCH_ROLE_FLAGS = {
  push: roleFlag('push', 'push'),
  merge: roleFlag('merge', 'merge'),
  unprotect: roleFlag('unprotect', 'unprotect'),
};

/** `maintainer`, `developer,key 3`: who an access list lets in, by role name (a deploy key by its ID). */
function whoMay(levels: unknown): string {
  if (!Array.isArray(levels)) return '';
  return (levels as RefAccessLevel[])
    .map((level) =>
      typeof level.deploy_key_id === 'number' ? `key ${level.deploy_key_id}` : refAccessName(level.access_level),
    )
    .join(',');
}

const access = (header: string, path: string): Column => ({
  header,
  path: `${path}_roles`,
  derive: (item) => whoMay((item as Record<string, unknown>)[path]),
  choices: ['no-one', 'developer', 'maintainer', 'admin'],
});

export const BRANCH_COLUMNS: readonly Column[] = [
  { header: 'NAME', path: 'name', text: true, priority: PRIORITY.identifying },
  access('PUSH', 'push_access_levels'),
  access('MERGE', 'merge_access_levels'),
  access('UNPROTECT', 'unprotect_access_levels'),
  { header: 'FORCE PUSH', path: 'allow_force_push', format: onOrNo, choices: ['yes', 'no'] },
];

const TAG_COLUMNS: readonly Column[] = [
  { header: 'NAME', path: 'name', text: true, priority: PRIORITY.identifying },
  access('CREATE', 'create_access_levels'),
];

const who = (label: string, path: string): DetailField => ({
  label,
  path: `${path}_roles`,
  derive: (item) => whoMay((item as Record<string, unknown>)[path]) || '(none)',
});

export const BRANCH_DETAIL: readonly DetailField[] = [
  { label: 'Name', path: 'name' },
  who('Push', 'push_access_levels'),
  who('Merge', 'merge_access_levels'),
  who('Unprotect', 'unprotect_access_levels'),
  { label: 'Force push', path: 'allow_force_push', format: onOrNo },
  { label: 'Code owner approval', path: 'code_owner_approval_required', format: onOrNo },
];

const TAG_DETAIL: readonly DetailField[] = [{ label: 'Name', path: 'name' }, who('Create', 'create_access_levels')];

export const COLUMNS_OF: Record<RefKind, { columns: readonly Column[]; detail: readonly DetailField[] }> = {
  branch: { columns: BRANCH_COLUMNS, detail: BRANCH_DETAIL },
  tag: { columns: TAG_COLUMNS, detail: TAG_DETAIL },
};

/**
 * A protection read by name, its 404 explained: the project answers 404 with its own message
 * ("404 Project Not Found"), a name that is not protected with ActiveRecord's bare "404 Not found".
 */
export async function readProtection<T>(
  ctx: VerbContext,
  kind: RefKind,
  project: string | number,
  name: string,
): Promise<T> {
  try {
    return (await ctx.session.request<T>(getProtectedRef(project, kind, name))).data;
  } catch (error) {
    throw unknownThing(error, { kind: 'project', ref: project }, `protected ${kind} ${name}`, NOUN_OF[kind]);
  }
}
