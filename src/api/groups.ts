import { ROLES } from './roles.js';
import type { ApiRequest } from '../http/client.js';
import { readsCurrent } from '../http/api-request.js';
import { apiPath } from '../http/path.js';
import { toFormData, type UploadFile } from './form.js';
import { getProject } from './projects.js';
import { clockOffset, createdSince, findResource, findResponse } from './recover.js';

/**
 * The group endpoints of the groups API reference as request descriptors (hooks, push rules and shares
 * live in their own modules). `group` is an ID or a full path; apiPath encodes it.
 */
export type GroupRef = string | number;

/** A group as the service returns it: the fields the commands read; everything else passes through. */
export interface GroupRecord {
  id: number;
  name: string;
  path: string;
  full_path: string;
  parent_id: number | null;
  created_at?: string;
  marked_for_deletion_on?: string | null;
  [key: string]: unknown;
}

export interface LdapLink {
  cn?: string | undefined;
  filter?: string | undefined;
  /** Required, except by the deprecated DELETE /ldap_group_links/:cn. */
  provider?: string | undefined;
  group_access?: number | undefined;
}

// ---- lists (paths for session.pages) ----

export const GROUPS_PATH = '/groups';
export const subgroupsPath = (group: GroupRef) => apiPath`/groups/${group}/subgroups`;
export const descendantGroupsPath = (group: GroupRef) => apiPath`/groups/${group}/descendant_groups`;
export const groupProjectsPath = (group: GroupRef, shared = false) =>
  shared ? apiPath`/groups/${group}/projects/shared` : apiPath`/groups/${group}/projects`;
export const provisionedUsersPath = (group: GroupRef) => apiPath`/groups/${group}/provisioned_users`;

// ---- reads ----

/** Group details. The embedded project lists are deprecated, so they are asked for only when wanted. */
export function getGroup(
  group: GroupRef,
  options: { withProjects?: boolean; withCustomAttributes?: boolean } = {},
): ApiRequest {
  return {
    method: 'GET',
    path: apiPath`/groups/${group}`,
    query: {
      with_projects: options.withProjects === true,
      ...(options.withCustomAttributes ? { with_custom_attributes: true } : {}),
    },
    expect: 'object',
  };
}

/**
 * The first page (100, the most a page holds) of a group's own projects (`simple=true`: names are
 * all it is read for) or subgroups: where a mistyped path's did-you-mean is looked for. One page by
 * design: a hint is worth one request, not a walk through a large group.
 */
export function firstChildrenPage(group: GroupRef, children: 'projects' | 'subgroups'): ApiRequest {
  return children === 'projects'
    ? { method: 'GET', path: groupProjectsPath(group), query: { simple: true, per_page: 100 }, expect: 'array' }
    : { method: 'GET', path: subgroupsPath(group), query: { per_page: 100 }, expect: 'array' };
}

export function getGroupAvatar(group: GroupRef): ApiRequest {
  return { method: 'GET', path: apiPath`/groups/${group}/avatar`, responseType: 'stream' };
}

export function listLdapLinks(group: GroupRef): ApiRequest {
  return { method: 'GET', path: apiPath`/groups/${group}/ldap_group_links`, expect: 'array' };
}

function withBody(req: ApiRequest, params: Record<string, unknown>, avatar: UploadFile | undefined): ApiRequest {
  return avatar ? { ...req, form: toFormData(params, { avatar }) } : { ...req, json: params };
}

// ---- create, update, remove ----

/**
 * POST /groups. If the answer is lost, `recover` looks the group up at its full path: one that
 * exists, carries the requested name and was created after the request was sent is ours, so
 * a retry never creates a second group (nor reports "taken" for the one just made).
 */
export function createGroup(
  params: Record<string, unknown> & { name: string; path: string; parent_id?: number },
  avatar?: UploadFile,
  sentAt = Date.now(),
): ApiRequest {
  return withBody(
    {
      method: 'POST',
      path: '/groups',
      recover: async (client, since = sentAt) => {
        let fullPath = params.path;
        if (params.parent_id !== undefined) {
          const parent = await findResource<GroupRecord>(client, getGroup(params.parent_id));
          if (!parent) return undefined;
          fullPath = `${parent.full_path}/${params.path}`;
        }
        const response = await findResponse<GroupRecord>(client, getGroup(fullPath));
        if (!response) return undefined;
        const found = response.data;
        if (found.name !== params.name || (found.parent_id ?? undefined) !== params.parent_id) return undefined;
        return createdSince(found.created_at, since, clockOffset(response)) ? found : undefined;
      },
    },
    params,
    avatar,
  );
}

export function updateGroup(group: GroupRef, params: Record<string, unknown>, avatar?: UploadFile): ApiRequest {
  return readsCurrent(
    withBody({ method: 'PUT', path: apiPath`/groups/${group}`, requires: ROLES.owners }, params, avatar),
  );
}

/**
 * DELETE /groups/:id: on paid tiers this marks the group for deletion. A group already marked is
 * removed at once with permanently_remove and its full path (GitLab's check that the caller
 * means this group).
 */
export function deleteGroup(group: GroupRef, permanently?: { fullPath: string }): ApiRequest {
  return {
    method: 'DELETE',
    path: apiPath`/groups/${group}`,
    requires: ROLES.owners,
    ...(permanently ? { query: { permanently_remove: true, full_path: permanently.fullPath } } : {}),
  };
}

/** POST /groups/:id/restore; a lost answer is recovered by checking that the mark is gone. */
export function restoreGroup(group: GroupRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/groups/${group}/restore`,
    recover: async (client) => {
      const found = await findResource<GroupRecord>(client, getGroup(group));
      return found && !found.marked_for_deletion_on ? found : undefined;
    },
  };
}

/** POST /groups/:id/transfer; without a target the group becomes top-level. */
export function transferGroup(group: GroupRef, targetId: number | undefined): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/groups/${group}/transfer`,
    ...(targetId !== undefined ? { json: { group_id: targetId } } : {}),
    recover: async (client) => {
      const found = await findResource<GroupRecord>(client, getGroup(group));
      return found && found.parent_id === (targetId ?? null) ? found : undefined;
    },
  };
}

/** POST /groups/:id/projects/:project_id (administrators): moves a project into the group; answers the group. */
export function transferProjectToGroup(group: GroupRef, project: GroupRef): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/groups/${group}/projects/${project}`,
    requires: ROLES.administrators,
    recover: async (client) => {
      const target = await findResource<GroupRecord>(client, getGroup(group));
      const moved = await findResource<{ namespace?: { id?: number } }>(client, getProject(project));
      return target && moved?.namespace?.id === target.id ? target : undefined;
    },
  };
}

/** POST /groups/:id/ldap_sync: queues a sync (202); repeating it is harmless. */
export function syncGroupWithLdap(group: GroupRef): ApiRequest {
  return { method: 'POST', path: apiPath`/groups/${group}/ldap_sync`, idempotent: true, requires: ROLES.owners };
}

function sameLink(a: LdapLink, b: LdapLink): boolean {
  return (
    (a.cn ?? null) === (b.cn ?? null) &&
    (a.filter ?? null) === (b.filter ?? null) &&
    (a.provider ?? null) === (b.provider ?? null)
  );
}

export function addLdapLink(group: GroupRef, link: LdapLink & { provider: string; group_access: number }): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/groups/${group}/ldap_group_links`,
    json: link,
    recover: async (client) => {
      const links = await findResource<LdapLink[]>(client, listLdapLinks(group));
      return links?.find((candidate) => sameLink(candidate, link) && candidate.group_access === link.group_access);
    },
  };
}

/**
 * DELETE /groups/:id/ldap_group_links with cn or filter and provider. The deprecated forms put
 * the cn (and provider) in the path: /ldap_group_links/:cn and /ldap_group_links/:provider/:cn.
 */
export function removeLdapLink(group: GroupRef, link: LdapLink, options: { legacyPath?: boolean } = {}): ApiRequest {
  if (options.legacyPath) {
    const cn = link.cn as string;
    const path = link.provider
      ? apiPath`/groups/${group}/ldap_group_links/${link.provider}/${cn}`
      : apiPath`/groups/${group}/ldap_group_links/${cn}`;
    return { method: 'DELETE', path };
  }
  const query =
    link.cn !== undefined ? { cn: link.cn, provider: link.provider } : { filter: link.filter, provider: link.provider };
  return { method: 'DELETE', path: apiPath`/groups/${group}/ldap_group_links`, query };
}
