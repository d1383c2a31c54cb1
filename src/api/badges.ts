import type { ApiRequest } from '../http/client.js';
import { readsCurrent } from '../http/api-request.js';
import { paginateItems } from '../http/paginate.js';
import { apiPath } from '../http/path.js';
import { type Owner, ownerPath } from './owner.js';
import { ownerAdminRole } from './roles.js';

/**
 * Badges of a project (Maintainer) or a group (Owner), GitLab's doc/api/project_badges.md and
 * group_badges.md: a project's list holds its groups' badges too, with `kind: group`, and each badge's
 * URLs come back as given and rendered for the project.
 */
export interface Badge {
  id: number;
  name: string | null;
  link_url: string;
  image_url: string;
  rendered_link_url?: string;
  rendered_image_url?: string;
  kind?: 'project' | 'group';
  [field: string]: unknown;
}

export function badgesPath(owner: Owner): string {
  return `${ownerPath(owner)}/badges`;
}

export function getBadge(owner: Owner, badgeId: number): ApiRequest {
  return { method: 'GET', path: badgesPath(owner) + apiPath`/${badgeId}`, expect: 'object' };
}

/**
 * POST /badges. Badges carry no creation time to tell a new one from an old one: after a lost answer
 * the owner's newest badge with the same link, image and name is taken as this request's. At worst an
 * identical badge made before stands in for it: never a second copy.
 */
export function createBadge(owner: Owner, fields: { link_url: string; image_url: string; name?: string }): ApiRequest {
  return {
    method: 'POST',
    path: badgesPath(owner),
    json: fields,
    requires: ownerAdminRole(owner),
    recover: async (client) => {
      let found: Badge | undefined;
      for await (const badge of paginateItems<Badge>(client, { path: badgesPath(owner), perPage: 100 })) {
        const same =
          badge.kind === owner.kind &&
          badge.link_url === fields.link_url &&
          badge.image_url === fields.image_url &&
          (badge.name ?? null) === (fields.name ?? null);
        if (same && (!found || badge.id > found.id)) found = badge;
      }
      return found;
    },
  };
}

export function updateBadge(owner: Owner, badgeId: number, fields: Record<string, unknown>): ApiRequest {
  return readsCurrent({
    method: 'PUT',
    path: badgesPath(owner) + apiPath`/${badgeId}`,
    json: fields,
    idempotent: true,
    requires: ownerAdminRole(owner),
  });
}

/** 204, or 404 when it is gone (the command decides whether that is an error). */
export function deleteBadge(owner: Owner, badgeId: number): ApiRequest {
  return {
    method: 'DELETE',
    path: badgesPath(owner) + apiPath`/${badgeId}`,
    okStatuses: [404],
    requires: ownerAdminRole(owner),
  };
}
