import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { memberVerbs } from '../members/verbs.js';
import {
  CREATE,
  DELETE,
  DESCENDANTS,
  GET_AVATAR,
  LDAP_LINKS_ADD,
  LDAP_LINKS_LIST,
  LDAP_LINKS_REMOVE,
  LDAP_SYNC,
  LIST,
  PROJECTS,
  PROVISIONED_USERS,
  RESTORE,
  SUBGROUPS,
  TRANSFER,
  TRANSFER_PROJECT,
  UPDATE,
  VIEW,
} from './verbs.js';

export const spec: CommandSpec = {
  ...noun('groups'),
  description: '<group> is a numeric ID or a full path such as grp/sub.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...SUBGROUPS, load: () => import('./subgroups.js') },
    { ...DESCENDANTS, load: () => import('./descendants.js') },
    { ...PROJECTS, load: () => import('./projects.js') },
    { ...PROVISIONED_USERS, load: () => import('./provisioned-users.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...GET_AVATAR, load: () => import('./avatar.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...RESTORE, load: () => import('./restore.js') },
    { ...TRANSFER, load: () => import('./transfer.js') },
    { ...TRANSFER_PROJECT, load: () => import('./transfer-project.js') },
    memberVerbs('group'),
    { ...LDAP_SYNC, load: () => import('./ldap-sync.js') },
    {
      name: 'ldap-links',
      summary: 'The LDAP groups and filters whose members join a group',
      subcommands: [
        { ...LDAP_LINKS_LIST, load: () => import('./ldap-links-list.js') },
        { ...LDAP_LINKS_ADD, load: () => import('./ldap-links-add.js') },
        { ...LDAP_LINKS_REMOVE, load: () => import('./ldap-links-remove.js') },
      ],
    },
  ],
};
