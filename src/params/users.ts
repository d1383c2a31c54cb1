import type { ParamRule } from './rules.js';
import type { ParamSpec } from './types.js';

/**
 * A user as a verb or collab.yaml names one: a user ID (from 1), or a username, which GitLab
 * holds to its namespace path format (doc/api/users.md, `username`; lib/gitlab/path_regex.rb
 * `namespace_format_regex`): letters, digits, '_', '-' and '.', not starting with '-'. A leading @
 * is how people write one. Anything else names no user, so asking the service could only fail.
 */
export const USER_RULE: ParamRule = {
  what: 'user',
  source: 'doc/api/users.md (username); lib/gitlab/path_regex.rb namespace_format_regex',
  minLength: 1,
  checks: [
    { ok: (value) => !/^\d+$/.test(value) || Number(value) >= 1, says: 'must be a user ID from 1, or a username' },
    {
      ok: (value) => /^\d+$/.test(value) || /^@?[A-Za-z0-9_.][A-Za-z0-9_.-]*$/.test(value),
      says: "must be a user ID or a username: letters, digits, '_', '-' and '.', not starting with '-'",
    },
  ],
};

/**
 * GET /users' filters, as doc/api/users.md of gitlabhq/gitlabhq @ec05f6eb1438ee304c9c92ef2aac3f94ef702ff5
 * lists them ("List users": "As a regular user", then "As an administrator"). Left out: extern_uid
 * and provider (the sandbox keeps no identities), auditors, saml_provider_id and skip_ldap (paid
 * tiers; the sandbox has no auditors, SAML or LDAP users), and the custom attributes.
 *
 * Each boolean filters only when true: the service ignores false (the doc: "It does not support
 * active=false or blocked=false", nor external=false), which is what the exclude_* filters are for;
 * so `users list` has no --no-* flags.
 */
export const USER_LIST_FILTERS = [
  { name: 'username', type: 'string', description: 'only the user with this username (case-insensitive)' },
  {
    name: 'search',
    type: 'string',
    description:
      'users whose name or username contains this text, or whose public email is this address (administrators: any of their email addresses)',
  },
  { name: 'active', type: 'boolean', description: 'only active users' },
  { name: 'blocked', type: 'boolean', description: 'only blocked users' },
  { name: 'external', type: 'boolean', description: 'only external users' },
  { name: 'humans', type: 'boolean', description: 'only regular users: no bots, no internal users' },
  // An administrator's, as order_by and sort: GitLab drops both from anyone else's request
  // (`index_params.except!(:created_after, :created_before, ...)`, lib/api/users.rb,
  // pavankalisetti009/gitlab @076eb2c8, a copy of gitlab-org/gitlab).
  {
    name: 'created_after',
    type: 'datetime',
    description: 'only users created after this date-time',
    adminOnly: true,
  },
  {
    name: 'created_before',
    type: 'datetime',
    description: 'only users created before this date-time',
    adminOnly: true,
  },
  { name: 'exclude_active', type: 'boolean', description: 'only users who are not active' },
  { name: 'exclude_external', type: 'boolean', description: 'leave out external users' },
  { name: 'exclude_humans', type: 'boolean', description: 'only bots and internal users' },
  {
    name: 'exclude_internal',
    type: 'boolean',
    description: 'leave out internal users (the alert and support bots; not project or group bots)',
  },
  { name: 'without_project_bots', type: 'boolean', description: 'leave out the bots of projects and groups' },
  {
    name: 'order_by',
    type: 'string',
    description: 'order by (default id)',
    choices: ['id', 'name', 'username', 'created_at', 'updated_at'],
    adminOnly: true,
  },
  { name: 'sort', type: 'string', description: 'sort order (default desc)', choices: ['asc', 'desc'], adminOnly: true },
  {
    name: 'two_factor',
    type: 'string',
    description: 'only users with two-factor authentication enabled, or disabled',
    choices: ['enabled', 'disabled'],
    adminOnly: true,
  },
  {
    name: 'without_projects',
    type: 'boolean',
    description: 'only users who are members of no project',
    adminOnly: true,
  },
  { name: 'admins', type: 'boolean', description: 'only administrators', adminOnly: true },
] as const satisfies readonly ParamSpec[];
