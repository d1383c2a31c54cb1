import type { ApiRequest } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { type Owner, ownerPath } from './owner.js';
import { ROLES } from './roles.js';

/**
 * Protected environments of a project, or of a group by deployment tier
 * (doc/api/protected_environments.md @ec05f6eb, group_protected_environments.md @8ea46daa; a paid
 * feature, src/params/tiers.ts). Every call needs the Maintainer role.
 */

/** One entry: a role (access_level), a user or a group; an approval rule's with its required_approvals. */
export interface EnvironmentEntry {
  id: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  access_level_description?: string;
  group_inheritance_type?: number;
  required_approvals?: number;
}

export interface ProtectedEnvironment {
  name: string;
  deploy_access_levels: EnvironmentEntry[];
  approval_rules?: EnvironmentEntry[];
  required_approval_count?: number;
  [field: string]: unknown;
}

/** An entry as POST and PUT take it: one of the three, an `id` to change one, `_destroy` to remove it. */
export type EntryBody = Partial<
  Pick<EnvironmentEntry, 'access_level' | 'user_id' | 'group_id' | 'group_inheritance_type' | 'required_approvals'>
> & {
  id?: number;
  _destroy?: boolean;
};

export const protectedEnvironmentsPath = (owner: Owner) => `${ownerPath(owner)}/protected_environments`;

const one = (owner: Owner, name: string) => protectedEnvironmentsPath(owner) + apiPath`/${name}`;

export function getProtectedEnvironment(owner: Owner, name: string): ApiRequest {
  return { method: 'GET', path: one(owner, name), expect: 'object', requires: ROLES.maintainers };
}

/** POST: a second protection of a name is refused (422), so a resend after a lost answer is looked for by name. */
export function protectEnvironment(
  owner: Owner,
  body: { name: string; deploy_access_levels: EntryBody[]; approval_rules?: EntryBody[] },
): ApiRequest {
  return {
    method: 'POST',
    path: protectedEnvironmentsPath(owner),
    json: body,
    expect: 'object',
    requires: ROLES.maintainers,
    recover: async (client) => {
      const found = await client.request<ProtectedEnvironment>({
        ...getProtectedEnvironment(owner, body.name),
        okStatuses: [404],
      });
      return found.status === 404 ? undefined : found.data;
    },
  };
}

/** PUT: entries without an id are added, with one changed, with `_destroy` removed. */
export function updateProtectedEnvironment(
  owner: Owner,
  name: string,
  body: { deploy_access_levels?: EntryBody[]; approval_rules?: EntryBody[]; required_approval_count?: number },
): ApiRequest {
  return { method: 'PUT', path: one(owner, name), json: body, expect: 'object', requires: ROLES.maintainers };
}

/** 200/204, or 404 for a name no longer protected (the caller decides whether that is an error). */
export function unprotectEnvironment(owner: Owner, name: string): ApiRequest {
  return { method: 'DELETE', path: one(owner, name), okStatuses: [404], requires: ROLES.maintainers };
}
