import { GROUP_ACCESS_LEVEL_RULE, type ParamRule } from './rules.js';
import { VISIBILITIES } from './visibility.js';
import type { ParamSpec, SettingSpec } from './types.js';

/**
 * The group parameter tables of the groups API reference. The CLI's flags and help, its client-side
 * checks, and the sandbox's validation of the same requests are all derived from these.
 */

const BOTH = ['create', 'update'] as const;
const CREATE = ['create'] as const;
const UPDATE = ['update'] as const;

/**
 * A group name: Namespace's validation (app/models/namespace.rb, `validates :name, presence: true,
 * length: { maximum: 255 }`; doc/api/groups.md, `name`).
 */
const GROUP_NAME_RULE: ParamRule = {
  what: 'group name',
  source: 'doc/api/groups.md (name); app/models/namespace.rb',
  minLength: 1,
  maxLength: 255,
};

/**
 * A group path: GitLab's namespace path rule (doc/api/groups.md, `path`; lib/gitlab/path_regex.rb
 * `namespace_format_regex` and its message): letters, digits, `_`, `-`, `.`, not starting with `-`,
 * not ending in .git or .atom.
 */
export const GROUP_PATH_RULE: ParamRule = {
  what: 'group path',
  source: 'doc/api/groups.md (path); lib/gitlab/path_regex.rb namespace_format_regex',
  minLength: 1,
  maxLength: 255,
  checks: [
    {
      ok: (path) => /^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/.test(path) && !/\.(git|atom)$/i.test(path),
      says: "must be letters, digits, '_', '-' and '.' only, not start with '-' nor end in .git or .atom",
      service:
        "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
    },
  ],
};

/**
 * POST /groups (column `create`) and PUT /groups/:id (column `update`). `parent_id` and `avatar`
 * are in the table for the sandbox; the commands offer them as `--parent <id|path>` and
 * `--avatar <file>` (a path resolved to an ID, a file sent as multipart).
 */
export const GROUP_SETTINGS: readonly SettingSpec[] = [
  {
    name: 'name',
    type: 'string',
    description: 'the name of the group',
    required: true,
    columns: BOTH,
    rule: GROUP_NAME_RULE,
  },
  {
    name: 'path',
    type: 'string',
    description: 'the URL path of the group (create: derived from the name when left out)',
    required: true,
    columns: BOTH,
    rule: GROUP_PATH_RULE,
  },
  { name: 'description', type: 'string', description: 'a description', columns: BOTH },
  { name: 'visibility', type: 'string', description: 'who can see the group', choices: VISIBILITIES, columns: BOTH },
  {
    name: 'parent_id',
    type: 'integer',
    alias: 'parent',
    description: 'the parent group, to create a subgroup',
    columns: CREATE,
  },
  { name: 'avatar', type: 'file', description: 'an image file for the avatar, uploaded as multipart', columns: BOTH },
  {
    name: 'membership_lock',
    type: 'boolean',
    description: 'users cannot be added to projects in this group',
    paid: true,
    columns: BOTH,
  },
  {
    name: 'share_with_group_lock',
    type: 'boolean',
    description: 'projects in this group cannot be shared with other groups',
    columns: BOTH,
  },
  {
    name: 'require_two_factor_authentication',
    type: 'boolean',
    description: 'members must use two-factor authentication',
    columns: BOTH,
  },
  {
    name: 'two_factor_grace_period',
    type: 'integer',
    description: 'hours before two-factor authentication is enforced',
    columns: BOTH,
  },
  {
    name: 'project_creation_level',
    type: 'string',
    description: 'who may create projects in the group',
    choices: ['noone', 'maintainer', 'developer'],
    columns: BOTH,
  },
  {
    name: 'auto_devops_enabled',
    type: 'boolean',
    description: 'Auto DevOps pipeline for all projects in the group',
    columns: BOTH,
  },
  {
    name: 'subgroup_creation_level',
    type: 'string',
    description: 'who may create subgroups',
    choices: ['owner', 'maintainer'],
    columns: BOTH,
  },
  { name: 'emails_disabled', type: 'boolean', description: 'no email notifications', columns: BOTH },
  { name: 'mentions_disabled', type: 'boolean', description: 'the group cannot be mentioned', columns: BOTH },
  {
    name: 'lfs_enabled',
    type: 'boolean',
    description: 'Large File Storage for the projects of the group',
    columns: BOTH,
  },
  { name: 'request_access_enabled', type: 'boolean', description: 'users may request membership', columns: BOTH },
  {
    name: 'default_branch_protection',
    type: 'integer',
    description:
      'default branch protection: 0 none, 1 developers and maintainers may push, 2 only maintainers may push (default: the instance setting)',
    choices: [0, 1, 2],
    columns: BOTH,
  },
  {
    name: 'file_template_project_id',
    type: 'integer',
    description: 'the project whose files serve as custom file templates',
    paid: true,
    columns: UPDATE,
  },
  {
    name: 'shared_runners_minutes_limit',
    type: 'integer',
    description: 'monthly CI minutes on shared runners: 0 unlimited (unset: the instance default)',
    paid: true,
    adminOnly: true,
    columns: BOTH,
  },
  {
    name: 'extra_shared_runners_minutes_limit',
    type: 'integer',
    description: 'extra CI minutes on shared runners',
    paid: true,
    adminOnly: true,
    columns: BOTH,
  },
  {
    name: 'prevent_forking_outside_group',
    type: 'boolean',
    description: 'projects cannot be forked outside the group',
    paid: true,
    columns: UPDATE,
  },
  {
    name: 'shared_runners_setting',
    type: 'string',
    description:
      'shared runners: enabled, disabled_with_override (subgroups may re-enable), disabled_and_unoverridable',
    choices: ['enabled', 'disabled_with_override', 'disabled_and_unoverridable'],
    columns: UPDATE,
  },
  {
    name: 'prevent_sharing_groups_outside_hierarchy',
    type: 'boolean',
    description: 'members cannot invite groups outside the hierarchy (top-level groups only)',
    columns: UPDATE,
  },
];

/** Settings that the commands take with flags of their own (a resolved path, a file). */
export const GROUP_SETTINGS_WITH_OWN_FLAGS = ['parent_id', 'avatar'] as const;

/** GET /groups/:id. */
export const GROUP_VIEW_PARAMS: readonly ParamSpec[] = [
  { name: 'with_custom_attributes', type: 'boolean', description: 'include custom attributes', adminOnly: true },
  {
    name: 'with_projects',
    type: 'boolean',
    description: 'embed the projects of the group (collab asks for none unless given)',
    deprecated: 'removal in API v5; use `collab groups projects <group>`',
  },
];

// ---- list filters ----

const groupListFilters = (
  orderBy: readonly string[],
  search: string,
  extra: readonly ParamSpec[],
): readonly ParamSpec[] => [
  { name: 'skip_groups', type: 'integer-array', description: 'leave out these group IDs (comma-separated)' },
  {
    name: 'all_available',
    type: 'boolean',
    description:
      'every group you can see, not only those you are a member of (default for administrators; --owned and --min-access-level take precedence)',
  },
  { name: 'search', type: 'string', description: search },
  { name: 'order_by', type: 'string', description: 'order by (default name)', choices: orderBy },
  { name: 'sort', type: 'string', description: 'sort order (default asc)', choices: ['asc', 'desc'] },
  { name: 'statistics', type: 'boolean', description: 'include storage statistics', adminOnly: true },
  { name: 'with_custom_attributes', type: 'boolean', description: 'include custom attributes', adminOnly: true },
  { name: 'owned', type: 'boolean', description: 'only groups you own' },
  { name: 'min_access_level', type: 'access-level', description: 'only groups where you have at least this role' },
  ...extra,
  {
    name: 'custom_attributes',
    type: 'hash',
    alias: 'custom-attribute',
    description: 'only groups with this custom attribute (key=value, repeatable)',
    adminOnly: true,
  },
];

/** GET /groups. `similarity` ordering applies only with --search (else: by name). */
export const GROUP_LIST_FILTERS = groupListFilters(
  ['name', 'path', 'id', 'similarity'],
  'groups whose name or path contains this text',
  [{ name: 'top_level_only', type: 'boolean', description: 'only top-level groups' }],
);

/** GET /groups/:id/subgroups and /descendant_groups: the same, without top_level_only or similarity. */
export const SUBGROUP_LIST_FILTERS = groupListFilters(
  ['name', 'path', 'id'],
  'groups whose name or short path contains this text (the full path is not searched)',
  [],
);

const projectFilters = (orderBy: readonly string[], only: readonly ParamSpec[]): ParamSpec[] => [
  { name: 'archived', type: 'boolean', description: 'only archived projects (--no-archived: only active ones)' },
  { name: 'visibility', type: 'string', description: 'only projects with this visibility', choices: VISIBILITIES },
  { name: 'order_by', type: 'string', description: 'order by (default created_at)', choices: orderBy },
  { name: 'sort', type: 'string', description: 'sort order (default desc)', choices: ['asc', 'desc'] },
  { name: 'search', type: 'string', description: 'projects whose name or path contains this text' },
  { name: 'simple', type: 'boolean', description: 'only the ID, URLs, name and path of each project' },
  ...only,
  { name: 'starred', type: 'boolean', description: 'only projects you starred' },
  { name: 'with_issues_enabled', type: 'boolean', description: 'only projects with issues enabled' },
  { name: 'with_merge_requests_enabled', type: 'boolean', description: 'only projects with merge requests enabled' },
  { name: 'min_access_level', type: 'access-level', description: 'only projects where you have at least this role' },
  { name: 'with_custom_attributes', type: 'boolean', description: 'include custom attributes', adminOnly: true },
];

const PROJECT_ORDER = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;

/** GET /groups/:id/projects. With order_by=similarity the sort is ignored; without --search it orders by name. */
export const GROUP_PROJECT_FILTERS: readonly ParamSpec[] = [
  ...projectFilters(
    [...PROJECT_ORDER, 'similarity'],
    [
      { name: 'owned', type: 'boolean', description: 'only projects you own' },
      {
        name: 'with_shared',
        type: 'boolean',
        description: 'include projects shared with the group (default true; --no-with-shared leaves them out)',
      },
      { name: 'include_subgroups', type: 'boolean', description: 'include the projects of subgroups' },
      {
        name: 'with_security_reports',
        type: 'boolean',
        description: 'only projects with security report artifacts',
        paid: true,
      },
    ],
  ),
];

/** GET /groups/:id/projects/shared. */
export const SHARED_PROJECT_FILTERS: readonly ParamSpec[] = projectFilters(PROJECT_ORDER, []);

/** GET /groups/:id/provisioned_users (Maintainer role or above; paid tier). */
export const PROVISIONED_USER_FILTERS: readonly ParamSpec[] = [
  { name: 'username', type: 'string', description: 'only the user with this username' },
  { name: 'search', type: 'string', description: 'users whose name, email or username contains this text' },
  { name: 'active', type: 'boolean', description: 'only active users' },
  { name: 'blocked', type: 'boolean', description: 'only blocked users' },
  { name: 'created_after', type: 'datetime', description: 'only users created after this date-time' },
  { name: 'created_before', type: 'datetime', description: 'only users created before this date-time' },
];

// ---- transfer and LDAP links ----

/** POST /groups/:id/transfer: no group_id makes the group top-level. */
export const GROUP_TRANSFER_PARAMS: readonly ParamSpec[] = [
  {
    name: 'group_id',
    type: 'integer',
    alias: 'to',
    description: 'the new parent group (ID or full path); left out, the group becomes top-level',
  },
];

/**
 * An LDAP link's role, Minimal Access among them: GitLab checks it against
 * `values_with_minimal_access` (src/params/access.ts, MINIMAL_ACCESS_NAMES).
 */
export const LDAP_GROUP_ACCESS: ParamSpec = {
  name: 'group_access',
  type: 'access-level',
  alias: 'access',
  description: 'the role members of the LDAP group get, minimal access too',
  required: true,
  rule: GROUP_ACCESS_LEVEL_RULE,
};

/** POST/DELETE /groups/:id/ldap_group_links: exactly one of cn and filter. */
export const LDAP_LINK_PARAMS: readonly ParamSpec[] = [
  { name: 'cn', type: 'string', description: 'the common name of the LDAP group' },
  { name: 'filter', type: 'string', description: 'an LDAP user filter instead of a group', paid: true },
  { name: 'provider', type: 'string', description: 'the LDAP provider (server) of the link', required: true },
  LDAP_GROUP_ACCESS,
];
