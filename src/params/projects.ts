import { type ParamRule, REF_NAME_RULE } from './rules.js';
import { VISIBILITIES } from './visibility.js';
import type { ParamSpec, SettingSpec, SettingsColumn } from './types.js';

/**
 * The project tables of the projects API reference as data: the settings table (create, create for a
 * user, update) and the filters of the project lists. The CLI's flags, its checks before
 * sending, and the sandbox's validation are all derived from these.
 */

const ACCESS_LEVEL_CHOICES = ['disabled', 'private', 'enabled'] as const;
const ALL: readonly SettingsColumn[] = ['create', 'createForUser', 'update'];
const CREATE_ONLY: readonly SettingsColumn[] = ['create', 'createForUser'];
const UPDATE_ONLY: readonly SettingsColumn[] = ['update'];

/**
 * Project#build_timeout: `greater_than_or_equal_to: 10.minutes, less_than: MAX_BUILD_TIMEOUT`
 * (1.month, ActiveSupport's 2629746 seconds), so the largest whole number taken is one less.
 */
const BUILD_TIMEOUT_MIN = 600;
const BUILD_TIMEOUT_MAX = 2_629_745;
/** ProjectCiCdSetting#default_git_depth: an integer from 0 to 1000. */
const GIT_DEPTH_MAX = 1000;

/** A setting whose allowed values depend on the endpoint (requirements_access_level takes `public` on U and E only). */
export interface ProjectSettingSpec extends SettingSpec {
  columnChoices?: Partial<Record<SettingsColumn, readonly string[]>>;
}

const accessLevel = (name: string, what: string, extra: Partial<ProjectSettingSpec> = {}): ProjectSettingSpec => ({
  name,
  type: 'string',
  description: `who can use ${what}`,
  choices: ACCESS_LEVEL_CHOICES,
  columns: ALL,
  ...extra,
});

const deprecatedSwitch = (name: string, what: string, replacement: string): ProjectSettingSpec => ({
  name,
  type: 'boolean',
  description: `enable ${what}`,
  columns: ALL,
  deprecated: `use --${replacement.replace(/_/g, '-')} (removal in API v5)`,
});

/** Keys of container_expiration_policy_attributes. */
const CONTAINER_EXPIRATION_POLICY_KEYS: readonly ParamSpec[] = [
  {
    name: 'cadence',
    type: 'string',
    description: 'how often the policy runs',
    choices: ['1d', '7d', '14d', '1month', '3month'],
  },
  { name: 'keep_n', type: 'integer', description: 'tags to keep per image' },
  { name: 'older_than', type: 'string', description: 'remove tags older than this (7d, 14d, 30d, 90d)' },
  {
    name: 'name_regex',
    type: 'string',
    description: 'tags to remove',
    deprecated: 'use name_regex_delete (removal in API v5)',
  },
  { name: 'name_regex_delete', type: 'string', description: 'tags to remove' },
  { name: 'name_regex_keep', type: 'string', description: 'tags to keep' },
  { name: 'enabled', type: 'boolean', description: 'turn the policy on or off' },
];

// ---- names and paths ----

/**
 * A project path: letters, digits, `_`, `-`, `.`; not ending in .git or .atom; since 14.9 no special
 * character at either end nor two in a row (doc/api/projects.md, `path`; lib/gitlab/regex.rb,
 * `oci_repository_path_regex` and its message; lib/gitlab/path_regex.rb). The service's words per check.
 */
export const PROJECT_PATH_RULE: ParamRule = {
  what: 'project path',
  source: 'doc/api/projects.md (path); lib/gitlab/regex.rb oci_repository_path_regex; lib/gitlab/path_regex.rb',
  minLength: 1,
  maxLength: 255,
  checks: [
    {
      ok: /^[A-Za-z0-9_.-]*$/,
      says: "must be letters, digits, '_', '-' and '.' only",
      service: "can contain only letters, digits, '_', '-' and '.'",
    },
    {
      ok: (path) => !/\.(git|atom)$/i.test(path),
      says: 'must not end in .git or .atom',
      service: "cannot end in '.git' or '.atom'",
    },
    {
      ok: (path) => !/^[_.-]|[_.-]$/.test(path) && !/[_.-]{2}/.test(path),
      says: 'must not start or end with a special character (_ - .) nor hold two in a row',
      service: 'must not start or end with a special character and must not contain consecutive special characters',
    },
  ],
};

/** A project name (lib/gitlab/regex.rb, `project_name_regex` and its message). */
export const PROJECT_NAME_RULE: ParamRule = {
  what: 'project name',
  source: 'doc/api/projects.md (name); lib/gitlab/regex.rb project_name_regex',
  minLength: 1,
  maxLength: 255,
  checks: [
    {
      // Made when a name is checked, not when the table loads: parsing its Unicode classes costs
      // 8M instructions, which every projects command paid at its start.
      ok: (name) =>
        /^[\p{L}\p{N}\p{Extended_Pictographic}_][\p{L}\p{N}\p{Extended_Pictographic}\p{Pd}+_. ]*$/u.test(name),
      says: "must start with a letter, digit, emoji or '_' and hold only those, '.', '+', dashes and spaces",
      service:
        "can contain only letters, digits, emojis, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'.",
    },
  ],
};

/**
 * the projects API reference "Settings table for create (C), create for user (U), update (E)": every
 * row, in the API reference's order. Deprecations name their replacement as the API reference gives it.
 */
export const PROJECT_SETTINGS: readonly ProjectSettingSpec[] = [
  {
    name: 'name',
    type: 'string',
    description: 'the project name (the path is made from it when --path is absent)',
    columns: ALL,
    rule: PROJECT_NAME_RULE,
  },
  {
    name: 'path',
    type: 'string',
    description: 'the last part of the project URL (the name is made from it when --name is absent)',
    columns: ALL,
    rule: PROJECT_PATH_RULE,
  },
  {
    name: 'allow_merge_on_skipped_pipeline',
    type: 'boolean',
    description: 'allow merging when the pipeline was skipped',
    columns: ALL,
  },
  accessLevel('analytics_access_level', 'analytics'),
  {
    name: 'approvals_before_merge',
    type: 'integer',
    description: 'approvals needed before a merge request can be merged',
    paid: true,
    columns: ALL,
  },
  {
    name: 'auto_cancel_pending_pipelines',
    type: 'string',
    description: 'cancel pending pipelines made redundant by a newer one',
    choices: ['enabled', 'disabled'],
    columns: ALL,
  },
  {
    name: 'auto_devops_deploy_strategy',
    type: 'string',
    description: 'Auto DevOps deployment strategy',
    choices: ['continuous', 'manual', 'timed_incremental'],
    columns: ALL,
  },
  { name: 'auto_devops_enabled', type: 'boolean', description: 'enable Auto DevOps', columns: ALL },
  {
    name: 'autoclose_referenced_issues',
    type: 'boolean',
    description: 'close issues referenced by merged merge requests',
    columns: ALL,
  },
  {
    name: 'avatar',
    type: 'file',
    description:
      'an image file (png, jpg, jpeg, gif, bmp, tiff, ico, webp; at most 200 KiB), sent as multipart/form-data',
    columns: ALL,
  },
  {
    name: 'build_coverage_regex',
    type: 'string',
    description: 'regular expression that reads test coverage from job logs',
    columns: ALL,
  },
  // The spec says "string, default fetch"; GitLab accepts exactly fetch or clone.
  {
    name: 'build_git_strategy',
    type: 'string',
    description: 'how CI jobs get the repository (default fetch)',
    choices: ['fetch', 'clone'],
    columns: ALL,
  },
  {
    name: 'build_timeout',
    type: 'integer',
    description: `job timeout in seconds (${BUILD_TIMEOUT_MIN} to ${BUILD_TIMEOUT_MAX}: 10 minutes to 1 month)`,
    rule: {
      what: 'build timeout',
      source: 'app/models/project.rb (validates :build_timeout, MAX_BUILD_TIMEOUT)',
      integer: { min: BUILD_TIMEOUT_MIN, max: BUILD_TIMEOUT_MAX },
      service: { invalid: 'needs to be between 10 minutes and 1 month' },
    },
    columns: ALL,
  },
  accessLevel('builds_access_level', 'CI/CD jobs'),
  { name: 'ci_config_path', type: 'string', description: 'path of the CI configuration file', columns: ALL },
  {
    name: 'ci_default_git_depth',
    type: 'integer',
    description: `default shallow clone depth of CI jobs (0 to ${GIT_DEPTH_MAX})`,
    rule: {
      what: 'ci default git depth',
      source: 'app/models/project_ci_cd_setting.rb (validates :default_git_depth)',
      integer: { min: 0, max: GIT_DEPTH_MAX },
    },
    columns: UPDATE_ONLY,
  },
  {
    name: 'ci_forward_deployment_enabled',
    type: 'boolean',
    description: 'skip older pending deployment jobs when a new one starts',
    columns: UPDATE_ONLY,
  },
  {
    name: 'container_expiration_policy_attributes',
    alias: 'container-expiration-policy',
    type: 'hash',
    description:
      'cleanup policy of the container registry, as key=value pairs with commas between, of cadence, keep_n, older_than, name_regex_delete, name_regex_keep and enabled: cadence=7d,keep_n=5,older_than=14d,enabled=true',
    keys: CONTAINER_EXPIRATION_POLICY_KEYS,
    columns: ['create', 'update'],
  },
  accessLevel('container_registry_access_level', 'the container registry'),
  deprecatedSwitch('container_registry_enabled', 'the container registry', 'container_registry_access_level'),
  {
    name: 'default_branch',
    type: 'string',
    description: 'the default branch (on create, with --initialize-with-readme only)',
    columns: ALL,
    // A name git refuses is no branch: GitLab could only answer that HEAD cannot be changed.
    rule: { ...REF_NAME_RULE, what: 'default branch' },
  },
  { name: 'description', type: 'string', description: 'a short description', columns: ALL },
  { name: 'emails_disabled', type: 'boolean', description: 'disable email notifications', columns: ALL },
  {
    name: 'external_authorization_classification_label',
    type: 'string',
    description: 'classification label of external authorization',
    paid: true,
    columns: ALL,
  },
  accessLevel('forking_access_level', 'forking'),
  {
    name: 'group_with_project_templates_id',
    type: 'integer',
    description:
      'group whose custom project templates are used (empty for instance-level templates); needs --use-custom-template',
    paid: true,
    columns: CREATE_ONLY,
  },
  {
    name: 'import_url',
    type: 'string',
    description:
      'URL of a repository to import or mirror (http, https or git), without credentials: --import-url-file gives one with them',
    columns: ALL,
  },
  {
    name: 'initialize_with_readme',
    type: 'boolean',
    description: 'create the repository with a README (default false)',
    columns: CREATE_ONLY,
    // glab repo create's (docs.gitlab.com/cli/repo/create).
    peerNames: ['--readme'],
  },
  accessLevel('issues_access_level', 'issues'),
  deprecatedSwitch('issues_enabled', 'issues', 'issues_access_level'),
  {
    name: 'issues_template',
    type: 'string',
    description: 'default description of new issues',
    paid: true,
    columns: UPDATE_ONLY,
  },
  deprecatedSwitch('jobs_enabled', 'CI/CD jobs', 'builds_access_level'),
  {
    name: 'keep_latest_artifact',
    type: 'boolean',
    description: 'keep the artifacts of the latest successful pipeline',
    columns: UPDATE_ONLY,
  },
  { name: 'lfs_enabled', type: 'boolean', description: 'enable Git LFS', columns: ALL },
  {
    name: 'merge_commit_template',
    type: 'string',
    description: 'template of merge commit messages (since 14.5)',
    columns: ['createForUser', 'update'],
  },
  {
    name: 'merge_method',
    type: 'string',
    description: 'how merge requests are merged',
    choices: ['merge', 'rebase_merge', 'ff'],
    columns: ALL,
  },
  {
    name: 'merge_pipelines_enabled',
    type: 'boolean',
    description: 'enable merged results pipelines',
    columns: ['create', 'update'],
  },
  accessLevel('merge_requests_access_level', 'merge requests'),
  deprecatedSwitch('merge_requests_enabled', 'merge requests', 'merge_requests_access_level'),
  {
    name: 'merge_requests_template',
    type: 'string',
    description: 'default description of new merge requests',
    paid: true,
    columns: UPDATE_ONLY,
  },
  { name: 'merge_trains_enabled', type: 'boolean', description: 'enable merge trains', columns: ['create', 'update'] },
  {
    name: 'mirror',
    type: 'boolean',
    description: 'pull-mirror the repository at --import-url',
    paid: true,
    columns: ALL,
  },
  {
    name: 'mirror_overwrites_diverged_branches',
    type: 'boolean',
    description: 'the pull mirror overwrites diverged branches',
    paid: true,
    columns: UPDATE_ONLY,
  },
  {
    name: 'mirror_trigger_builds',
    type: 'boolean',
    description: 'mirror updates trigger pipelines',
    paid: true,
    columns: ALL,
  },
  {
    name: 'mirror_user_id',
    type: 'integer',
    description: 'user the mirror acts as',
    paid: true,
    adminOnly: true,
    columns: UPDATE_ONLY,
  },
  {
    name: 'mr_default_target_self',
    type: 'boolean',
    description: 'merge requests of a fork target the fork itself (false: the upstream project)',
    columns: UPDATE_ONLY,
  },
  {
    name: 'namespace_id',
    type: 'integer',
    description: 'the namespace (group or user; ID or full path) to create the project in; default the caller’s own',
    columns: CREATE_ONLY,
    // glab repo create's -g/--group (docs.gitlab.com/cli/repo/create).
    peerNames: ['--group'],
  },
  {
    name: 'only_allow_merge_if_all_discussions_are_resolved',
    type: 'boolean',
    description: 'merge only when all discussions are resolved',
    columns: ALL,
  },
  {
    name: 'only_allow_merge_if_pipeline_succeeds',
    type: 'boolean',
    description: 'merge only when the pipeline succeeded',
    columns: ALL,
  },
  // The settings table gives column E only, but the API reference's "Pull mirroring" table (section 4)
  // lists only_mirror_protected_branches for "POST or PUT create or update project", and
  // GitLab accepts it on create: the more specific pull-mirroring table wins.
  {
    name: 'only_mirror_protected_branches',
    type: 'boolean',
    description: 'the pull mirror updates protected branches only',
    paid: true,
    columns: ALL,
  },
  accessLevel('operations_access_level', 'operations'),
  { name: 'packages_enabled', type: 'boolean', description: 'enable the package registry', columns: ALL },
  accessLevel('pages_access_level', 'GitLab Pages', { choices: [...ACCESS_LEVEL_CHOICES, 'public'] }),
  {
    name: 'printing_merge_request_link_enabled',
    type: 'boolean',
    description: 'print the merge request link when pushing from the command line',
    columns: ALL,
  },
  { name: 'public_builds', type: 'boolean', description: 'let non-members view jobs', columns: ALL },
  {
    name: 'remove_source_branch_after_merge',
    type: 'boolean',
    description: 'remove the source branch after merge by default',
    columns: ALL,
  },
  accessLevel('repository_access_level', 'the repository'),
  {
    name: 'repository_storage',
    type: 'string',
    description: 'storage shard the repository is on',
    adminOnly: true,
    columns: ALL,
  },
  { name: 'request_access_enabled', type: 'boolean', description: 'let users request membership', columns: ALL },
  accessLevel('requirements_access_level', 'requirements', {
    choices: [...ACCESS_LEVEL_CHOICES, 'public'],
    columnChoices: { create: ACCESS_LEVEL_CHOICES },
  }),
  {
    name: 'resolve_outdated_diff_discussions',
    type: 'boolean',
    description: 'resolve discussions on lines changed by a push',
    columns: ALL,
  },
  {
    name: 'restrict_user_defined_variables',
    type: 'boolean',
    description: 'only the Maintainer role may pass variables when triggering a pipeline',
    columns: UPDATE_ONLY,
  },
  accessLevel('security_and_compliance_access_level', 'security and compliance (since 14.9)'),
  { name: 'service_desk_enabled', type: 'boolean', description: 'enable the service desk', columns: UPDATE_ONLY },
  { name: 'shared_runners_enabled', type: 'boolean', description: 'enable shared runners', columns: ALL },
  accessLevel('snippets_access_level', 'snippets'),
  deprecatedSwitch('snippets_enabled', 'snippets', 'snippets_access_level'),
  {
    name: 'squash_commit_template',
    type: 'string',
    description: 'template of squash commit messages (since 14.6)',
    columns: ['createForUser', 'update'],
  },
  {
    name: 'squash_option',
    type: 'string',
    description: 'squash commits when merging',
    choices: ['never', 'always', 'default_on', 'default_off'],
    columns: ALL,
  },
  {
    name: 'suggestion_commit_message',
    type: 'string',
    description: 'commit message of applied suggestions',
    columns: ['createForUser', 'update'],
  },
  {
    name: 'tag_list',
    type: 'string-array',
    description: 'the old name of topics, comma-separated',
    deprecated: 'use --topics (deprecated since 14.0, removal in API v5)',
    columns: ALL,
    // The same topics as `topics`, so a set as they are.
    unordered: true,
  },
  {
    name: 'template_name',
    type: 'string',
    description: 'a built-in template, or a custom template with --use-custom-template',
    columns: CREATE_ONLY,
  },
  {
    name: 'template_project_id',
    type: 'integer',
    description: 'project to use as a custom template; needs --use-custom-template',
    paid: true,
    columns: ['create'],
  },
  {
    name: 'topics',
    type: 'string-array',
    description: 'topics, comma-separated (since 14.0); on update they replace all existing topics',
    columns: ALL,
    // "The list of topics for a project; put array of topics, that should be finally assigned to a
    // project" (doc/api/projects.md): the topics a project is assigned, a set; no order is kept for them.
    unordered: true,
    // glab repo create's -t/--tag, "the list of tags for the project" (docs.gitlab.com/cli/repo/create).
    peerNames: ['--tag'],
  },
  {
    name: 'use_custom_template',
    type: 'boolean',
    description: 'use a custom project template',
    paid: true,
    columns: CREATE_ONLY,
  },
  {
    name: 'visibility',
    type: 'string',
    description: 'who can see the project',
    choices: VISIBILITIES,
    columns: ALL,
    // glab repo create's switches (docs.gitlab.com/cli/repo/create).
    peerNames: ['--private', '--internal', '--public'],
  },
  accessLevel('wiki_access_level', 'the wiki'),
  deprecatedSwitch('wiki_enabled', 'the wiki', 'wiki_access_level'),
];

/** Deprecated switches and the access level that replaces each (the API reference). */
export const DEPRECATED_SWITCHES: Readonly<Record<string, string>> = {
  issues_enabled: 'issues_access_level',
  jobs_enabled: 'builds_access_level',
  merge_requests_enabled: 'merge_requests_access_level',
  snippets_enabled: 'snippets_access_level',
  wiki_enabled: 'wiki_access_level',
  container_registry_enabled: 'container_registry_access_level',
};

// ---- list filters ----

const PROJECT_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'similarity'] as const;
/** Orders that only administrators may use; others get the default order (as GitLab does). */
export const ADMIN_ORDER_BY = ['repository_size', 'storage_size', 'packages_size', 'wiki_size'] as const;

/** GET /projects: every filter of the API reference's "Lists" table. */
export const PROJECT_LIST_PARAMS = [
  { name: 'archived', type: 'boolean', description: 'only archived projects (false: only those not archived)' },
  { name: 'id_after', type: 'integer', description: 'only projects with an ID above this' },
  { name: 'id_before', type: 'integer', description: 'only projects with an ID below this' },
  { name: 'last_activity_after', type: 'datetime', description: 'only projects active after this time (ISO 8601)' },
  { name: 'last_activity_before', type: 'datetime', description: 'only projects active before this time (ISO 8601)' },
  { name: 'membership', type: 'boolean', description: 'only projects you are a member of' },
  {
    name: 'min_access_level',
    type: 'access-level',
    description: 'only projects where you have at least this role (name or number)',
  },
  {
    name: 'order_by',
    type: 'string',
    description:
      'order by this field (default created_at; id with --all); repository_size, storage_size, packages_size and wiki_size for administrators; similarity only with --search, and over projects you are a member of',
    choices: [...PROJECT_ORDER_BY, ...ADMIN_ORDER_BY],
  },
  { name: 'owned', type: 'boolean', description: 'only projects you own' },
  {
    name: 'repository_checksum_failed',
    type: 'boolean',
    description: 'only projects whose repository checksum failed',
    paid: true,
  },
  { name: 'repository_storage', type: 'string', description: 'only projects on this storage shard', adminOnly: true },
  { name: 'search_namespaces', type: 'boolean', description: 'match --search against namespace paths too' },
  { name: 'search', type: 'string', description: 'only projects whose name, path or description contains this' },
  { name: 'simple', type: 'boolean', description: 'ask for the short form of each project' },
  { name: 'sort', type: 'string', description: 'sort order (default desc)', choices: ['asc', 'desc'] },
  { name: 'starred', type: 'boolean', description: 'only projects you starred' },
  { name: 'statistics', type: 'boolean', description: 'include statistics (Reporter role or higher)' },
  { name: 'topic', type: 'string-array', description: 'only projects with all of these topics, comma-separated' },
  { name: 'visibility', type: 'string', description: 'only projects with this visibility', choices: VISIBILITIES },
  {
    name: 'wiki_checksum_failed',
    type: 'boolean',
    description: 'only projects whose wiki checksum failed',
    paid: true,
  },
  { name: 'with_custom_attributes', type: 'boolean', description: 'include custom attributes', adminOnly: true },
  { name: 'with_issues_enabled', type: 'boolean', description: 'only projects with issues enabled' },
  { name: 'with_merge_requests_enabled', type: 'boolean', description: 'only projects with merge requests enabled' },
  { name: 'with_programming_language', type: 'string', description: 'only projects using this language' },
  {
    name: 'custom_attributes',
    alias: 'custom-attribute',
    type: 'hash',
    description: 'only projects with this custom attribute, key=value (repeatable)',
    adminOnly: true,
  },
] as const satisfies readonly ParamSpec[];

type ListParam = (typeof PROJECT_LIST_PARAMS)[number];

/**
 * The filters of GET /projects that another list endpoint takes, typed as they are there (the
 * picked entries; an override of order_by narrows its choices, so its type is the override's).
 */
function pick<
  const N extends ListParam['name'],
  const O extends { readonly [K in N]?: Partial<ParamSpec> } = Record<never, never>,
>(
  names: readonly N[],
  overrides?: O,
): Array<
  {
    [K in N]: K extends keyof O
      ? Omit<Extract<ListParam, { name: K }>, keyof O[K]> & O[K]
      : Extract<ListParam, { name: K }>;
  }[N]
> {
  return names.map((name) => {
    const found = PROJECT_LIST_PARAMS.find((p) => p.name === name);
    if (!found) throw new Error(`no list parameter ${name}`);
    // The override replaces the keys it names, as the return type says.
    return { ...found, ...overrides?.[name] } as {
      [K in N]: K extends keyof O
        ? Omit<Extract<ListParam, { name: K }>, keyof O[K]> & O[K]
        : Extract<ListParam, { name: K }>;
    }[N];
  });
}

const USER_ORDER_BY = {
  order_by: {
    choices: PROJECT_ORDER_BY.filter((o): o is Exclude<typeof o, 'similarity'> => o !== 'similarity'),
    description: 'order by this field (default created_at)',
  },
};

/** GET /users/:user_id/projects. */
export const USER_PROJECTS_PARAMS = pick(
  [
    'archived',
    'id_after',
    'id_before',
    'membership',
    'min_access_level',
    'order_by',
    'owned',
    'search',
    'simple',
    'sort',
    'starred',
    'statistics',
    'visibility',
    'with_custom_attributes',
    'with_issues_enabled',
    'with_merge_requests_enabled',
    'with_programming_language',
  ],
  USER_ORDER_BY,
);

/** GET /users/:user_id/starred_projects (and GET /projects/:id/forks, which takes the same). */
export const STARRED_PROJECTS_PARAMS = pick(
  [
    'archived',
    'membership',
    'min_access_level',
    'order_by',
    'owned',
    'search',
    'simple',
    'sort',
    'starred',
    'statistics',
    'visibility',
    'with_custom_attributes',
    'with_issues_enabled',
    'with_merge_requests_enabled',
  ],
  USER_ORDER_BY,
);

/** GET /projects/:id. */
export const PROJECT_VIEW_PARAMS = [
  { name: 'license', type: 'boolean', description: 'include the license' },
  { name: 'statistics', type: 'boolean', description: 'include statistics (Reporter role or higher)' },
  { name: 'with_custom_attributes', type: 'boolean', description: 'include custom attributes', adminOnly: true },
] as const satisfies readonly ParamSpec[];

/** Where offset pagination of GET /projects stops (the API reference). */
export const PROJECTS_OFFSET_LIMIT = 50_000;
