import { canNameNamespace } from '../access.js';
import { requireUser } from '../guards.js';
import { notFound } from '../errors.js';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Namespace } from '../model.js';
import type { Store } from '../store.js';

/** What a paid instance adds to a namespace (doc/api/namespaces.md): its plan, seats and compute-minute quotas (none set). */
const PAID_NAMESPACE_FIELDS = {
  shared_runners_minutes_limit: null,
  extra_shared_runners_minutes_limit: null,
  max_seats_used: 0,
  seats_in_use: 0,
  plan: 'premium',
  end_date: null,
  trial_ends_on: null,
  trial: false,
  root_repository_size: 0,
} as const;

/** A namespace as GET /namespaces/:id shows it (GitLab's fields; plan for a paid instance). */
function namespaceJson(store: Store, ns: Namespace): Record<string, unknown> {
  if (ns.kind === 'group') {
    const group = store.groups.get(ns.ownerId);
    const fullPath = group ? store.groupFullPath(group) : '';
    return {
      id: ns.id,
      name: group?.name ?? '',
      path: group?.path ?? '',
      kind: 'group',
      full_path: fullPath,
      parent_id: group?.parent_id ?? null,
      avatar_url: null,
      web_url: `${store.origin}/groups/${fullPath}`,
      members_count_with_descendants: group ? group.members.size : 0,
      billable_members_count: group ? group.members.size : 0,
      ...PAID_NAMESPACE_FIELDS,
      projects_count: store.projectsInNamespace(ns.id).length,
    };
  }
  const user = store.users.get(ns.ownerId);
  return {
    id: ns.id,
    name: user?.name ?? '',
    path: user?.username ?? '',
    kind: 'user',
    full_path: user?.username ?? '',
    parent_id: null,
    avatar_url: null,
    web_url: `${store.origin}/${user?.username ?? ''}`,
    billable_members_count: 1,
    ...PAID_NAMESPACE_FIELDS,
    projects_count: store.projectsInNamespace(ns.id).length,
  };
}

/** A group or user namespace by ID or full path; others' personal namespaces are not found, as on the service. */
function viewNamespace(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  const ns = req.store.findNamespace(req.params.id as string);
  if (!ns || !canNameNamespace(req.store, user, ns)) throw notFound('Namespace');
  return json(namespaceJson(req.store, ns));
}

export const namespaceRoutes: readonly Route[] = [['GET', '/namespaces/:id', viewNamespace]];
