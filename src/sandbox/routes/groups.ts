import type { Route } from '../http.js';
import {
  createGroup,
  deleteGroup,
  restoreGroup,
  transferGroup,
  transferProjectIntoGroup,
  updateGroup,
} from './group-changes.js';
import {
  addLdapLink,
  listLdapLinks,
  removeLdapLink,
  removeLdapLinkByCn,
  removeLdapLinkByProviderAndCn,
  syncLdap,
} from './group-ldap.js';
import { listDescendants, listGroups, listSubgroups } from './group-lists.js';
import { listGroupOwnProjects, listGroupSharedProjects } from './group-projects.js';
import { groupAvatar, listProvisionedUsers, viewGroup } from './group-views.js';

/**
 * The group endpoints of the groups API reference (hooks, push rules and shares have their own files),
 * with GitLab's rules where the API reference says "not shown". The sandbox is a paid, self-managed
 * instance with LDAP configured: delayed deletion, restore, provisioned users and LDAP links work.
 */
export const groupRoutes: readonly Route[] = [
  ['GET', '/groups', listGroups],
  ['POST', '/groups', createGroup],
  ['GET', '/groups/:id', viewGroup],
  ['PUT', '/groups/:id', updateGroup],
  ['DELETE', '/groups/:id', deleteGroup],
  ['GET', '/groups/:id/avatar', groupAvatar],
  ['GET', '/groups/:id/subgroups', listSubgroups],
  ['GET', '/groups/:id/descendant_groups', listDescendants],
  ['GET', '/groups/:id/projects', listGroupOwnProjects],
  ['GET', '/groups/:id/projects/shared', listGroupSharedProjects],
  ['POST', '/groups/:id/projects/:project_id', transferProjectIntoGroup],
  ['GET', '/groups/:id/provisioned_users', listProvisionedUsers],
  ['POST', '/groups/:id/restore', restoreGroup],
  ['POST', '/groups/:id/transfer', transferGroup],
  ['POST', '/groups/:id/ldap_sync', syncLdap],
  ['GET', '/groups/:id/ldap_group_links', listLdapLinks],
  ['POST', '/groups/:id/ldap_group_links', addLdapLink],
  ['DELETE', '/groups/:id/ldap_group_links', removeLdapLink],
  // Deprecated forms: the link named by cn (and provider) in the path.
  ['DELETE', '/groups/:id/ldap_group_links/:cn', removeLdapLinkByCn],
  ['DELETE', '/groups/:id/ldap_group_links/:provider/:cn', removeLdapLinkByProviderAndCn],
];
