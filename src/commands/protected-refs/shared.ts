import { getProtectedRef, type RefAccessLevel } from '../../api/protected-refs.js';
import type { VerbContext } from '../../context.js';
import { type Column, type DetailField, onOrNo, PRIORITY } from '../../output/format.js';
import { refAccessName } from '../../params/protected-refs.js';
import { withThingHint } from '../delete.js';
import { NOUN_OF, type RefKind } from './verbs.js';

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
    throw withThingHint(
      error,
      `no protected ${kind} is named ${name} on project ${project}: \`collab ${NOUN_OF[kind]} list --project ${project}\` lists them`,
    );
  }
}
