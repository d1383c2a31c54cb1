import { GROUP_TRANSFER_PARAMS } from '../../params/groups.js';
import { groupRef } from '../../params/parsers.js';
import type { ArgSpec, CommandSpec } from '../spec.js';
import { GROUP, GROUP_ARG } from '../resource-args.js';
import { bool, option } from '../flags.js';
import { verb } from '../verb.js';
import { waitOptions } from '../common-options.js';
import { noun } from '../nouns.js';
import { memberVerbs } from '../members/verbs.js';
import {
  CREATE,
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
  UPDATE,
  VIEW,
} from './verbs.js';

const PROJECT_ARG: ArgSpec = { name: 'project', description: 'the project to move: numeric ID or full path (grp/app)' };

/** `groups transfer`, typed (src/commands/verb.ts): transfer.ts reads `VerbInput<typeof TRANSFER>`. */
export const TRANSFER = verb({
  name: 'transfer',
  destructive: true,
  summary: 'Move a group under another group (--to), or make it top-level (--top-level)',
  description: 'On a terminal you confirm by typing the group’s full path; scripts pass --yes.',
  args: { group: GROUP },
  flags: {
    to: option('--to <group>', (GROUP_TRANSFER_PARAMS[0] as (typeof GROUP_TRANSFER_PARAMS)[number]).description, groupRef, { aliases: ['--parent'] }),
    topLevel: bool('--top-level', 'make the group a top-level group (instead of --to)'),
  },
  mutating: true,
  confirm: true,
  examples: ['collab groups transfer acme/web --to globex', 'collab groups transfer acme/platform/infra --top-level --yes'],
});

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
    {
      name: 'delete',
      destructive: true,
      summary: 'Delete a group: marked for deletion first on paid tiers, removed later',
      description: `On a terminal you confirm by typing the group's full path; elsewhere --yes is required.
The command says whether the group was removed or marked for deletion, and on which date it goes.
--permanently-remove removes a group already marked for deletion at once.
A removal runs in the background: --wait polls until the group is gone (404), or marked for deletion where deletion is delayed.`,
      args: [GROUP_ARG],
      options: [
        { flags: '--permanently-remove', description: 'remove a group that is already marked for deletion now (no restore possible)' },
        ...waitOptions('the group is gone, or marked for deletion where deletion is delayed'),
      ],
      mutating: true,
      confirm: true,
      examples: ['collab groups delete acme/old', 'collab groups delete acme/old --permanently-remove --yes'],
      load: () => import('./delete.js'),
    },
    { ...RESTORE, load: () => import('./restore.js') },
    { ...TRANSFER, load: () => import('./transfer.js') },
    {
      name: 'transfer-project',
      destructive: true,
      summary: 'Move a project into a group (administrators only)',
      description: 'On a terminal you confirm by typing the project’s full path; scripts pass --yes.',
      args: [GROUP_ARG, PROJECT_ARG],
      mutating: true,
      confirm: true,
      examples: ['collab groups transfer-project globex acme/legacy-monolith --yes'],
      load: () => import('./transfer-project.js'),
    },
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
