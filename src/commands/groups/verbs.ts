import { paramOption, settingOptions } from '../../params/derive.js';
import {
  GROUP_LIST_FILTERS,
  GROUP_PROJECT_FILTERS,
  GROUP_SETTINGS,
  GROUP_SETTINGS_WITH_OWN_FLAGS,
  GROUP_TRANSFER_PARAMS,
  GROUP_VIEW_PARAMS,
  LDAP_LINK_PARAMS,
  PROVISIONED_USER_FILTERS,
  SUBGROUP_LIST_FILTERS,
} from '../../params/groups.js';
import type { ParamSpec } from '../../params/types.js';
import { accessLevel, groupRef, nonEmpty, projectRef } from '../../params/parsers.js';
import { longFlag, waitFlags } from '../common-options.js';
import { arg, asText, bool, given, option, params, tristate } from '../flags.js';
import { GROUP } from '../resource-args.js';
import type { OptionSpec } from '../spec.js';
import { verb } from '../verb.js';

/**
 * The typed declarations of the groups verbs (src/commands/verb.ts); index.ts lists them with
 * their implementations, and each verb's file reads `VerbInput<typeof X>` from here.
 */

/** A parameter's flag as its table describes it (help text, paid-tier and deprecation marks). */
const tableOption = (table: readonly ParamSpec[], name: string): OptionSpec => {
  const param = table.find((p) => p.name === name);
  if (!param) throw new Error(`no parameter ${name} in its table`);
  return paramOption(param);
};
const CN = tableOption(LDAP_LINK_PARAMS, 'cn');
const FILTER = tableOption(LDAP_LINK_PARAMS, 'filter');
const PROVIDER = tableOption(LDAP_LINK_PARAMS, 'provider');
const ACCESS = tableOption(LDAP_LINK_PARAMS, 'group_access');
const WITH_CUSTOM_ATTRIBUTES = tableOption(GROUP_VIEW_PARAMS, 'with_custom_attributes');
const WITH_PROJECTS = tableOption(GROUP_VIEW_PARAMS, 'with_projects');
const TRANSFER_TO = tableOption(GROUP_TRANSFER_PARAMS, 'group_id');

const OWN_FLAGS = [...GROUP_SETTINGS_WITH_OWN_FLAGS];
/** A group needs a name; its path is derived from the name when not given. */
const CREATE_SETTINGS = settingOptions(GROUP_SETTINGS, 'create', OWN_FLAGS).map((spec) =>
  longFlag(spec) === '--name' ? { ...spec, required: true } : spec,
);
const PARENT = ['--parent-id <group>', 'create a subgroup of this group (ID or full path)'] as const;
const avatarFlag = () =>
  option('--avatar <file>', 'an image file for the avatar (png, jpg, gif...), uploaded as multipart', asText);

const ONLY_GROUP = { args: { group: GROUP } } as const;

export const VIEW = verb({
  name: 'view',
  summary: 'Show a group: path, visibility, parent, settings and shares',
  description:
    'The runners registration token that owners are sent is never printed; `collab api groups/<id>` shows it.',
  ...ONLY_GROUP,
  flags: {
    // Read as given, not as parameters: view says itself why --with-projects is deprecated.
    withCustomAttributes: tristate(WITH_CUSTOM_ATTRIBUTES.flags, WITH_CUSTOM_ATTRIBUTES.description),
    withProjects: tristate(WITH_PROJECTS.flags, WITH_PROJECTS.description),
  },
  examples: ['collab groups view acme/platform', 'collab groups view 12 --json'],
});

export const GET_AVATAR = verb({
  name: 'avatar',
  summary: "Download a group's avatar image",
  ...ONLY_GROUP,
  flags: {
    file: option('--file <path|->', 'where to save the image, or - for standard output', nonEmpty, { required: true }),
  },
  examples: ['collab groups avatar acme --file acme.png', 'collab groups avatar acme --file - > acme.png'],
});

export const RESTORE = verb({
  name: 'restore',
  summary: 'Restore a group marked for deletion',
  ...ONLY_GROUP,
  mutating: true,
  examples: ['collab groups restore acme/old'],
});

export const LDAP_SYNC = verb({
  name: 'ldap-sync',
  summary: 'Sync the members of a group with its LDAP links (owners and administrators)',
  ...ONLY_GROUP,
  mutating: true,
  examples: ['collab groups ldap-sync acme'],
});

export const LDAP_LINKS_LIST = verb({
  name: 'list',
  summary: 'List the LDAP links of a group',
  ...ONLY_GROUP,
  examples: ['collab groups ldap-links list acme'],
});

export const LDAP_LINKS_ADD = verb({
  name: 'add',
  summary: 'Link an LDAP group (--cn) or filter (--filter) to a group',
  description: 'Exactly one of --cn and --filter.',
  ...ONLY_GROUP,
  flags: {
    cn: option(CN.flags, CN.description, asText),
    filter: option(FILTER.flags, FILTER.description, asText),
    provider: option(PROVIDER.flags, PROVIDER.description, asText, { required: true }),
    access: option(ACCESS.flags, ACCESS.description, accessLevel, { required: true, aliases: ACCESS.aliases ?? [] }),
  },
  mutating: true,
  examples: [
    'collab groups ldap-links add acme --cn engineers --provider ldapmain --group-access developer',
    "collab groups ldap-links add acme --filter '(department=ops)' --provider ldapmain --group-access 20",
  ],
});

export const LDAP_LINKS_REMOVE = verb({
  name: 'remove',
  destructive: true,
  summary: 'Remove an LDAP link (exactly one of --cn and --filter, with --provider)',
  ...ONLY_GROUP,
  flags: {
    cn: option(CN.flags, CN.description, asText),
    filter: option(FILTER.flags, FILTER.description, asText),
    provider: option(PROVIDER.flags, PROVIDER.description, asText),
    legacyPath: bool(
      '--legacy-path',
      'use the deprecated DELETE /ldap_group_links/[:provider/]:cn form (--cn only; --provider optional)',
    ),
  },
  mutating: true,
  examples: [
    'collab groups ldap-links remove acme --cn engineers --provider ldapmain',
    'collab groups ldap-links remove acme --cn engineers --legacy-path',
  ],
});

/** The settings are read together in parse (src/commands/groups/create.ts): which are accepted depends on the verb. */
export const CREATE = verb({
  name: 'create',
  summary: 'Create a group, or a subgroup with --parent',
  description:
    '--path defaults to one made from the name: lower case, accents dropped, other characters as dashes (as GitLab proposes it).',
  flags: {
    settings: given(CREATE_SETTINGS),
    parent: option(...PARENT, groupRef, { aliases: ['--parent'] }),
    avatar: avatarFlag(),
  },
  mutating: true,
  examples: [
    'collab groups create --name "Web Team" --parent acme',
    'collab groups create --name Ops --path ops --visibility internal --project-creation-level maintainer',
    'collab groups create --name Design --avatar logo.png --dry-run',
  ],
});

export const UPDATE = verb({
  name: 'update',
  summary: "Change a group's settings (owners and administrators)",
  ...ONLY_GROUP,
  // --parent is hidden: given, it is refused with the way to move a group (groups transfer).
  flags: {
    settings: given(settingOptions(GROUP_SETTINGS, 'update', OWN_FLAGS)),
    parent: option(...PARENT, groupRef, { hidden: true, aliases: ['--parent'] }),
    avatar: avatarFlag(),
  },
  mutating: true,
  examples: [
    'collab groups update acme --description "Acme Corporation" --default-branch-protection 2',
    'collab groups update acme --shared-runners-setting disabled_with_override',
    'collab groups update acme/web --avatar logo.png',
  ],
});

const tree = () =>
  bool(
    '--tree',
    'draw the hierarchy (fetches every page first); with -o json/ndjson/csv each group gets its depth and parent',
  );

export const LIST = verb({
  name: 'list',
  summary: 'List groups you are a member of (administrators: every group)',
  flags: { query: params(GROUP_LIST_FILTERS), tree: tree() },
  list: true,
  examples: [
    'collab groups list --tree',
    'collab groups list --all-available --search platform --order-by similarity',
    'collab groups list --min-access-level maintainer --skip-groups 12,14 --json',
    'collab groups list --custom-attribute team=acme --all',
  ],
});

export const SUBGROUPS = verb({
  name: 'subgroups',
  summary: 'List the direct subgroups of a group',
  ...ONLY_GROUP,
  flags: { query: params(SUBGROUP_LIST_FILTERS) },
  list: true,
  examples: ['collab groups subgroups acme', 'collab groups subgroups acme --search plat --order-by path'],
});

export const DESCENDANTS = verb({
  name: 'descendants',
  summary: 'List every group below a group',
  ...ONLY_GROUP,
  flags: { query: params(SUBGROUP_LIST_FILTERS), tree: tree() },
  list: true,
  examples: [
    'collab groups descendants acme --tree',
    'collab groups descendants acme --tree -o json | jq ".[] | {full_path, depth}"',
  ],
});

/** The filters are read as GET /groups/:id/projects takes them; projects.ts keeps those /projects/shared takes. */
export const PROJECTS = verb({
  name: 'projects',
  summary: 'List the projects of a group (with those shared with it, unless --no-with-shared)',
  ...ONLY_GROUP,
  flags: {
    query: params(GROUP_PROJECT_FILTERS),
    shared: bool(
      '--shared',
      'list only the projects shared with the group (GET /groups/:id/projects/shared; fewer filters)',
    ),
  },
  list: true,
  examples: [
    'collab groups projects acme --include-subgroups --no-with-shared',
    'collab groups projects acme --shared',
    'collab groups projects acme --search api --order-by similarity',
  ],
});

export const PROVISIONED_USERS = verb({
  name: 'provisioned-users',
  summary: 'List the users the group provisioned (Maintainer role or above; not those of subgroups)',
  ...ONLY_GROUP,
  flags: { query: params(PROVISIONED_USER_FILTERS) },
  list: true,
  examples: [
    'collab groups provisioned-users acme --blocked',
    'collab groups provisioned-users acme --created-after 2024-01-01 --json',
  ],
});

export const DELETE = verb({
  name: 'delete',
  destructive: true,
  summary: 'Delete a group: marked for deletion first on paid tiers, removed later',
  description: `On a terminal you confirm by typing the group's full path; elsewhere --yes is required.
The command says whether the group was removed or marked for deletion, and on which date it goes.
--permanently-remove removes a group already marked for deletion at once.
A removal runs in the background: --wait polls until the group is gone (404), or marked for deletion where deletion is delayed.`,
  ...ONLY_GROUP,
  flags: {
    permanentlyRemove: bool(
      '--permanently-remove',
      'remove a group that is already marked for deletion now (no restore possible)',
    ),
    ...waitFlags('the group is gone, or marked for deletion where deletion is delayed'),
  },
  mutating: true,
  confirm: true,
  examples: ['collab groups delete acme/old', 'collab groups delete acme/old --permanently-remove --yes'],
});

export const TRANSFER_PROJECT = verb({
  name: 'transfer-project',
  destructive: true,
  summary: 'Move a project into a group (administrators only)',
  description: 'On a terminal you confirm by typing the project’s full path; scripts pass --yes.',
  args: {
    group: GROUP,
    project: arg(
      { name: 'project', description: 'the project to move: numeric ID or full path (grp/app)' },
      projectRef,
    ),
  },
  mutating: true,
  confirm: true,
  examples: ['collab groups transfer-project globex acme/legacy-monolith --yes'],
});

/** `groups transfer`, typed (src/commands/verb.ts): transfer.ts reads `VerbInput<typeof TRANSFER>`. */
export const TRANSFER = verb({
  name: 'transfer',
  destructive: true,
  summary: 'Move a group under another group (--to), or make it top-level (--top-level)',
  description: 'On a terminal you confirm by typing the group’s full path; scripts pass --yes.',
  args: { group: GROUP },
  flags: {
    to: option('--group-id <group>', TRANSFER_TO.description, groupRef, { aliases: ['--to', '--parent'] }),
    topLevel: bool('--top-level', 'make the group a top-level group (instead of --to)'),
  },
  mutating: true,
  confirm: true,
  examples: [
    'collab groups transfer acme/web --to globex',
    'collab groups transfer acme/platform/infra --top-level --yes',
  ],
});
