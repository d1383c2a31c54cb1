import type { ApiRequest } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { type Owner, ownerPath } from './owner.js';

/** One entry of `shared_with_groups` (the groups API reference, the projects API reference). */
export interface SharedWithGroup {
  group_id: number;
  group_name: string;
  group_full_path: string;
  group_access_level: number;
  expires_at: string | null;
}

/**
 * The project or group itself (GET /projects/:id, GET /groups/:id). For groups the deprecated
 * embedded project lists are left out (with_projects=false): they are heavy and never needed here.
 */
export function getOwner(owner: Owner): ApiRequest {
  return owner.kind === 'project'
    ? { method: 'GET', path: ownerPath(owner), expect: 'object' }
    : { method: 'GET', path: ownerPath(owner), query: { with_projects: false }, expect: 'object' };
}

export interface ShareParams {
  group_id: number;
  group_access: number;
  expires_at?: string;
}

/**
 * POST /projects/:id/share (201, the share link) or POST /groups/:id/share (201, the group).
 * When the answer is lost, `recover` reads the owner: if the share is there the request had
 * taken effect (sending it again would only be refused with 409).
 */
export function shareWithGroup(owner: Owner, params: ShareParams): ApiRequest {
  return {
    method: 'POST',
    path: `${ownerPath(owner)}/share`,
    json: params,
    recover: async (client) => {
      const current = (await client.request<{ id: number; shared_with_groups?: SharedWithGroup[] }>(getOwner(owner)))
        .data;
      const share = current.shared_with_groups?.find((s) => s.group_id === params.group_id);
      if (!share) return undefined;
      // The answer each endpoint would have given: the group itself, or the project's share link.
      return owner.kind === 'group'
        ? current
        : {
            project_id: current.id,
            group_id: share.group_id,
            group_access: share.group_access_level,
            expires_at: share.expires_at,
          };
    },
  };
}

/** DELETE /projects/:id/share/:group_id or /groups/:id/share/:group_id (204; 404 when not shared). */
export function unshareGroup(owner: Owner, groupId: number): ApiRequest {
  return { method: 'DELETE', path: ownerPath(owner) + apiPath`/share/${groupId}`, okStatuses: [404] };
}
