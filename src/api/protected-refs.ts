import type { ApiRequest } from '../http/client.js';
import { readsCurrent } from '../http/api-request.js';
import { apiPath } from '../http/path.js';
import { findResource } from './recover.js';
import { ROLES } from './roles.js';

/**
 * A project's protected branches and tags (GitLab's protected_branches and protected_tags pages).
 * A protection's identity is its name (`main`, `release/*`), one path segment with its slash
 * encoded. Every endpoint is for maintainers (`requires`: a 403 says so).
 */

export interface RefAccessLevel {
  id: number;
  access_level: number | null;
  access_level_description?: string | null;
  deploy_key_id?: number;
  [field: string]: unknown;
}

export interface ProtectedBranch {
  id?: number;
  name: string;
  push_access_levels?: RefAccessLevel[];
  merge_access_levels?: RefAccessLevel[];
  unprotect_access_levels?: RefAccessLevel[];
  allow_force_push?: boolean;
  code_owner_approval_required?: boolean;
  [field: string]: unknown;
}

export interface ProtectedTag {
  name: string;
  create_access_levels?: RefAccessLevel[];
  [field: string]: unknown;
}

export type ProtectedRefKind = 'branch' | 'tag';

export function protectedRefsPath(project: string | number, kind: ProtectedRefKind): string {
  return apiPath`/projects/${project}` + (kind === 'branch' ? '/protected_branches' : '/protected_tags');
}

function refPath(project: string | number, kind: ProtectedRefKind, name: string): string {
  return protectedRefsPath(project, kind) + apiPath`/${name}`;
}

export function getProtectedRef(project: string | number, kind: ProtectedRefKind, name: string): ApiRequest {
  return { method: 'GET', path: refPath(project, kind, name), expect: 'object', requires: ROLES.maintainers };
}

/**
 * POST: protect a branch (`push_access_level`…) or a tag (`create_access_level`). Not repeated
 * blindly when its answer is lost: `recover` reads the protection by its name, the identity the
 * service keeps unique (a second POST would be refused, 409 or 422, with the protection in place
 * just the same).
 */
export function protectRef(
  project: string | number,
  kind: ProtectedRefKind,
  fields: Record<string, unknown> & { name: string },
): ApiRequest {
  return {
    method: 'POST',
    path: protectedRefsPath(project, kind),
    json: fields,
    requires: ROLES.maintainers,
    recover: (client) => findResource(client, getProtectedRef(project, kind, fields.name)),
  };
}

/** Who may push, merge and unprotect, by level: what a change of a protected branch asks for. */
export type BranchRoles = { push?: number; merge?: number; unprotect?: number };

/**
 * The service keeps a list of entries per kind of access and PATCH edits it entry by entry
 * (`allowed_to_push: [{id, _destroy: true}, {access_level: 30}]`): from the branch as read, the
 * edits that make each role given the only role entry of its kind (a deploy key's entry stays).
 * A kind already as asked is left out.
 */
export function accessEdits(current: ProtectedBranch, roles: BranchRoles): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [kind, level] of Object.entries(roles)) {
    const entries = roleEntries(current[`${kind}_access_levels`]);
    if (entries.length === 1 && entries[0]?.access_level === level) continue;
    body[`allowed_to_${kind}`] = [
      ...entries.map((entry) => ({ id: entry.id, _destroy: true })),
      { access_level: level },
    ];
  }
  return body;
}

/**
 * The entries that name a role (not a deploy key, user or group). A user's or a group's entry
 * carries an access_level too, the column's Maintainer (40), beside its user_id or group_id
 * (doc/api/protected_branches.md, Premium examples): those IDs, not the level, tell it apart.
 */
export function roleEntries(levels: unknown): RefAccessLevel[] {
  return Array.isArray(levels)
    ? (levels as RefAccessLevel[]).filter(
        (entry) =>
          typeof entry.deploy_key_id !== 'number' &&
          typeof entry.user_id !== 'number' &&
          typeof entry.group_id !== 'number' &&
          typeof entry.access_level === 'number',
      )
    : [];
}

/** PATCH a protected branch: the booleans, and `allowed_to_*` entries (add, change by id, `_destroy`). */
export function updateProtectedBranch(
  project: string | number,
  name: string,
  fields: Record<string, unknown>,
): ApiRequest {
  return readsCurrent({
    method: 'PATCH',
    path: refPath(project, 'branch', name),
    json: fields,
    requires: ROLES.maintainers,
  });
}

/** 204, or 404 when it is not protected (the command decides whether that is an error). */
export function unprotectRef(project: string | number, kind: ProtectedRefKind, name: string): ApiRequest {
  return { method: 'DELETE', path: refPath(project, kind, name), okStatuses: [404], requires: ROLES.maintainers };
}
