import { REF_ACCESS_CHOICES, REF_ACCESS_DESCRIPTIONS, type RefAccessKind } from '../params/protected-refs.js';
import { paramError, unprocessable } from './errors.js';
import type { DeployKey, ProjectRefs, RefAccess } from './model.js';
import type { Store } from './store.js';

/**
 * What protected branches, protected tags and deploy keys share in the sandbox: a project's
 * records, the access-level entries (`push_access_levels` and the like) with their
 * `access_level_description`, and reading `<kind>_access_level` / `allowed_to_<kind>` as
 * GitLab's ProtectedRefs::AccessLevelParams does.
 */

const EMPTY: ProjectRefs = { branches: new Map(), tags: new Map(), deployKeys: new Map() };

/** A project's records to read (an empty set when it has none, nothing made). */
export function refsOf(store: Store, projectId: number): ProjectRefs {
  return store.projectRefs.get(projectId) ?? EMPTY;
}

/** A project's records to change, made on the first write. */
export function writableRefsOf(store: Store, projectId: number): ProjectRefs {
  let refs = store.projectRefs.get(projectId);
  if (!refs) {
    refs = { branches: new Map(), tags: new Map(), deployKeys: new Map() };
    store.projectRefs.set(projectId, refs);
  }
  return refs;
}

/**
 * Whether a protected branch's or tag's name (a wildcard: `*` is any run of characters, as in
 * `release/*`) covers a ref's name.
 */
export function matchesRefName(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(name);
}

/** One entry as the API shows it: a deploy key's is described by the key's title. */
export function accessJson(store: Store, access: RefAccess): Record<string, unknown> {
  if (access.deploy_key_id !== undefined) {
    const key = store.deployKeys.get(access.deploy_key_id);
    return {
      id: access.id,
      access_level: access.access_level,
      access_level_description: key?.title ?? 'Deploy key',
      deploy_key_id: access.deploy_key_id,
    };
  }
  if (access.user_id !== undefined || access.group_id !== undefined) {
    // A user's or a group's entry: no level, described by the user's or the group's name, with
    // both IDs (doc/api/protected_tags.md @0286e4c6, protected_branches.md @017a6c12: Premium).
    const named =
      access.user_id !== undefined ? store.users.get(access.user_id) : store.groups.get(access.group_id ?? -1);
    return {
      id: access.id,
      access_level: access.access_level,
      user_id: access.user_id ?? null,
      group_id: access.group_id ?? null,
      access_level_description: named?.name ?? '',
    };
  }
  return {
    id: access.id,
    access_level: access.access_level,
    access_level_description: REF_ACCESS_DESCRIPTIONS[access.access_level ?? -1] ?? null,
  };
}

const ENTRY_LABEL: Record<RefAccessKind, string> = {
  push: 'Push',
  merge: 'Merge',
  unprotect: 'Unprotect',
  create: 'Create',
};

function newAccess(store: Store, refs: ProjectRefs, kind: RefAccessKind, entry: Record<string, unknown>): RefAccess {
  const id = store.nextId('ref_access');
  const deployKey = entry.deploy_key_id === undefined ? undefined : Number(entry.deploy_key_id);
  if (deployKey !== undefined) {
    // A deploy key may push (or create tags) only where it is enabled with write access.
    if ((kind !== 'push' && kind !== 'create') || !refs.deployKeys.get(deployKey)?.can_push)
      throw unprocessable([`${ENTRY_LABEL[kind]} access levels deploy key is not enabled for this project`]);
    // The row keeps the column's Maintainer (40), as the API pages' examples answer a deploy key's
    // entry (doc/api/protected_branches.md @017a6c12, protected_tags.md @0286e4c6, gitlabhq/gitlabhq).
    return { id, access_level: 40, deploy_key_id: deployKey };
  }
  return { id, access_level: checkedLevel(kind, entry.access_level) };
}

function checkedLevel(kind: RefAccessKind, value: unknown): number {
  const level = Number(value);
  if (!(REF_ACCESS_CHOICES[kind] as readonly number[]).includes(level))
    throw unprocessable([`${ENTRY_LABEL[kind]} access levels access level is not included in the list`]);
  return level;
}

/** `allowed_to_<kind>`: an array of hashes (JSON, or `a[][k]=v` in a form or query). */
function entriesOf(input: Record<string, unknown>, kind: RefAccessKind): Array<Record<string, unknown>> | undefined {
  const value = input[`allowed_to_${kind}`];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((entry) => !entry || typeof entry !== 'object'))
    throw paramError(`allowed_to_${kind} is invalid`);
  return value as Array<Record<string, unknown>>;
}

/**
 * The entries a new protected branch or tag starts with: `<kind>_access_level` (already checked
 * against the table's choices), then every `allowed_to_<kind>` entry; 40 (maintainers) when
 * neither is given, as the API pages document.
 */
export function initialAccess(
  store: Store,
  refs: ProjectRefs,
  kind: RefAccessKind,
  level: unknown,
  input: Record<string, unknown>,
): RefAccess[] {
  const entries = entriesOf(input, kind);
  const out: RefAccess[] = [];
  if (level !== undefined) out.push({ id: store.nextId('ref_access'), access_level: level as number });
  else if (entries === undefined) out.push({ id: store.nextId('ref_access'), access_level: 40 });
  for (const entry of entries ?? []) out.push(newAccess(store, refs, kind, entry));
  return out;
}

/**
 * PATCH's `allowed_to_<kind>`: `{id, _destroy: true}` removes an entry, `{id, access_level}`
 * changes one, an entry without `id` is added (the protected branches page's examples).
 */
export function changeAccess(
  store: Store,
  refs: ProjectRefs,
  kind: RefAccessKind,
  current: RefAccess[],
  input: Record<string, unknown>,
): RefAccess[] {
  const entries = entriesOf(input, kind);
  if (entries === undefined) return current;
  let out = [...current];
  for (const entry of entries) {
    if (entry.id === undefined) {
      out.push(newAccess(store, refs, kind, entry));
      continue;
    }
    const id = Number(entry.id);
    const found = out.find((access) => access.id === id);
    if (!found) throw unprocessable([`${ENTRY_LABEL[kind]} access levels is invalid`]);
    const destroy =
      entry._destroy === true || entry._destroy === 'true' || entry._destroy === '1' || entry._destroy === 1;
    if (destroy) out = out.filter((access) => access.id !== id);
    else if (entry.access_level !== undefined)
      out = out.map((access) =>
        access.id === id ? { id, access_level: checkedLevel(kind, entry.access_level) } : access,
      );
  }
  return out;
}

/** A deploy key as a project lists it (with that project's can_push); GitLab's DeployKeysProject entity. */
export function deployKeyJson(key: DeployKey, canPush: boolean): Record<string, unknown> {
  return {
    id: key.id,
    title: key.title,
    created_at: key.created_at,
    expires_at: key.expires_at,
    key: key.key,
    fingerprint: key.fingerprint,
    fingerprint_sha256: key.fingerprint_sha256,
    can_push: canPush,
  };
}
