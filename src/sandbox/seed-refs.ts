import { createHash } from 'node:crypto';
import type { Project, User } from './model.js';
import { initialAccess, writableRefsOf } from './protected-refs.js';
import { readPublicKey, ed25519Line } from './ssh-keys.js';
import type { Store } from './store.js';

/**
 * What a fresh sandbox's repositories are guarded by, so that each list has something to show:
 * `main` protected on the first three named projects (maintainers push and merge, as GitLab protects a new
 * project's default branch), `release/*` on the storefront with developers merging, tags `v*`
 * on the API, and one deploy key shared by the storefront (read-write) and the API (read-only).
 * Made without the seed's random numbers, so the rest of the world is the same as before.
 */
export function seedProtectedRefs(store: Store, projects: readonly Project[], owner: User): void {
  const [storefront, api] = projects;
  for (const project of projects) protectBranch(store, project, 'main', { push: 40, merge: 40 });
  if (storefront) protectBranch(store, storefront, 'release/*', { push: 40, merge: 30 });
  if (api) {
    const refs = writableRefsOf(store, api.id);
    refs.tags.set('v*', {
      id: store.nextId('protected_tag'),
      name: 'v*',
      create: initialAccess(store, refs, 'create', 40, {}),
    });
  }
  if (!storefront || !api) return;
  const line = ed25519Line(createHash('sha256').update('collab sandbox deploy key').digest(), 'deploy@ci.example.com');
  const parsed = readPublicKey(line);
  if (!parsed) return;
  const key = {
    id: store.nextId('key'),
    title: 'CI deploy',
    ...parsed,
    created_at: storefront.created_at,
    expires_at: null,
    user_id: owner.id,
  };
  store.deployKeys.set(key.id, key);
  writableRefsOf(store, storefront.id).deployKeys.set(key.id, { can_push: true });
  writableRefsOf(store, api.id).deployKeys.set(key.id, { can_push: false });
}

function protectBranch(store: Store, project: Project, name: string, levels: { push: number; merge: number }): void {
  const refs = writableRefsOf(store, project.id);
  refs.branches.set(name, {
    id: store.nextId('protected_branch'),
    name,
    push: initialAccess(store, refs, 'push', levels.push, {}),
    merge: initialAccess(store, refs, 'merge', levels.merge, {}),
    unprotect: initialAccess(store, refs, 'unprotect', 40, {}),
    allow_force_push: false,
    code_owner_approval_required: false,
  });
}
