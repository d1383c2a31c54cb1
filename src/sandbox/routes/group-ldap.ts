import { LDAP_GROUP_ACCESS, LDAP_LINK_PARAMS } from '../../params/groups.js';
import { ACCESS } from '../access.js';
import { readableGroup, requireGroupRole, requireUser } from '../guards.js';
import { apiError, paramError } from '../errors.js';
import { accepted, json, noContent, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, LdapLink } from '../model.js';
import { int, readParams, roleLevels } from '../params.js';

/**
 * LDAP group links (the groups API reference): the sandbox is a self-managed instance with LDAP
 * configured, so links are kept and listed; no directory is ever asked.
 */

/** member_role_id: custom roles are Ultimate's and no table of collab's sets one (doc/api/group_ldap_links.md). */
function ldapLinkJson(link: LdapLink): Record<string, unknown> {
  return {
    cn: link.cn,
    group_access: link.group_access,
    provider: link.provider,
    filter: link.filter,
    member_role_id: null,
  };
}

/** Grape's checks of the LDAP link parameters, in declaration order, reported together. */
function readLdapParams(
  req: SandboxRequest,
  required: readonly string[],
): { cn?: string; filter?: string; provider?: string; group_access?: number } {
  // group_access is read apart from the table so that a bad role is reported with the others.
  const params = readParams(
    req.input,
    LDAP_LINK_PARAMS.filter((p) => p !== LDAP_GROUP_ACCESS),
  ) as { cn?: string; filter?: string; provider?: string; group_access?: number };
  params.group_access = int(req.input, 'group_access');
  const errors: string[] = [];
  for (const name of required)
    if (params[name as keyof typeof params] === undefined || params[name as keyof typeof params] === '')
      errors.push(`${name} is missing`);
  // Minimal Access (5) too, No access (0) not: values_with_minimal_access (src/params/access.ts).
  if (params.group_access !== undefined && !roleLevels(LDAP_GROUP_ACCESS).includes(params.group_access))
    errors.push('group_access does not have a valid value');
  const given = (['cn', 'filter'] as const).filter((name) => params[name] !== undefined);
  if (given.length === 0) errors.push('cn, filter are missing, exactly one parameter must be provided');
  if (given.length === 2) errors.push('cn, filter are mutually exclusive');
  if (errors.length) throw paramError(errors.join(', '));
  return params;
}

export function addLdapLink(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const params = readLdapParams(req, ['group_access', 'provider']);
  const group = readableGroup(req);
  requireGroupRole(req, group, ACCESS.owner);
  const duplicate = group.ldap_links.find(
    (l) =>
      l.provider === params.provider && (params.cn !== undefined ? l.cn === params.cn : l.filter === params.filter),
  );
  if (duplicate)
    throw apiError(409, params.cn !== undefined ? 'Cn has already been taken' : 'Filter has already been taken');
  const link: LdapLink = {
    cn: params.cn ?? null,
    filter: params.filter ?? null,
    group_access: params.group_access as number,
    provider: params.provider as string,
  };
  group.ldap_links.push(link);
  return json(ldapLinkJson(link), 201);
}

function removeLdapLinks(group: Group, match: (link: LdapLink) => boolean): SandboxResponse {
  const index = group.ldap_links.findIndex(match);
  if (index < 0) throw apiError(404, 'Linked LDAP group not found');
  group.ldap_links.splice(index, 1);
  return noContent();
}

/** Owners: starts a sync with the LDAP server (none here: it is accepted and does nothing). */
export function syncLdap(req: SandboxRequest): SandboxResponse {
  requireGroupRole(req, readableGroup(req), ACCESS.owner);
  return accepted();
}

export function listLdapLinks(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const group = readableGroup(req);
  requireGroupRole(req, group, ACCESS.owner);
  if (group.ldap_links.length === 0) throw apiError(404, 'No linked LDAP groups found');
  return json(group.ldap_links.map(ldapLinkJson));
}

/** The link named by cn or filter, and provider. */
export function removeLdapLink(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const params = readLdapParams(req, ['provider']);
  const group = readableGroup(req);
  requireGroupRole(req, group, ACCESS.owner);
  return removeLdapLinks(
    group,
    (l) =>
      l.provider === params.provider && (params.cn !== undefined ? l.cn === params.cn : l.filter === params.filter),
  );
}

/** Deprecated form: the link named by cn in the path. */
export function removeLdapLinkByCn(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const group = readableGroup(req);
  requireGroupRole(req, group, ACCESS.owner);
  return removeLdapLinks(group, (l) => l.cn === req.params.cn);
}

/** Deprecated form: the link named by provider and cn in the path. */
export function removeLdapLinkByProviderAndCn(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const group = readableGroup(req);
  requireGroupRole(req, group, ACCESS.owner);
  return removeLdapLinks(group, (l) => l.cn === req.params.cn && l.provider === req.params.provider);
}
