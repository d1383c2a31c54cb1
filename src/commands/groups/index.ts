import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { memberVerbs } from '../members/index.js';
import { GET_AVATAR } from './avatar.js';
import { CREATE } from './create.js';
import { DELETE } from './delete.js';
import { DESCENDANTS } from './descendants.js';
import { LDAP_LINKS_ADD } from './ldap-links-add.js';
import { LDAP_LINKS_LIST } from './ldap-links-list.js';
import { LDAP_LINKS_REMOVE } from './ldap-links-remove.js';
import { LDAP_SYNC } from './ldap-sync.js';
import { LIST } from './list.js';
import { PROJECTS } from './projects.js';
import { PROVISIONED_USERS } from './provisioned-users.js';
import { RESTORE } from './restore.js';
import { SUBGROUPS } from './subgroups.js';
import { TRANSFER_PROJECT } from './transfer-project.js';
import { TRANSFER } from './transfer.js';
import { UPDATE } from './update.js';
import { VIEW } from './view.js';

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
