import { canCreateProjectIn, isAdministrator } from '../access.js';
import { requireUser } from '../guards.js';
import { notFound } from '../errors.js';
import { paginateArray } from '../pagination.js';
import { str } from '../params.js';
import { contains } from './project-actions.js';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import { userObject } from '../views.js';
import type { User } from '../model.js';
import type { Store } from '../store.js';

/**
 * GET /version and GET /metadata (doc/api/metadata.md @ec05f6eb): `enterprise` says whether the
 * instance is the Enterprise Edition, which is how collab tells GitLab Free from a paid tier.
 */
function version(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  return json({
    version: '16.11.0-sandbox',
    revision: 'sandbox',
    kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
    enterprise: req.store.tier !== 'free',
  });
}

/** The profile's texts as a user who never filled them in has them. */
const EMPTY_PROFILE = {
  bio: '',
  location: null,
  skype: '',
  linkedin: '',
  twitter: '',
  discord: '',
  website_url: '',
  organization: '',
  job_title: '',
} as const;

/**
 * A single user's profile (doc/api/users.md, "Get a single user"): what anyone signed in reads
 * beside the basic fields. The sandbox keeps no profiles, so they are GitLab's empty values.
 */
function profileFields(user: User): Record<string, unknown> {
  return {
    created_at: user.created_at,
    bot: user.bot,
    public_email: null,
    ...EMPTY_PROFILE,
    pronouns: null,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
    is_followed: false,
  };
}

/**
 * What an administrator reads of any user, in lists too (doc/api/users.md, "As an administrator";
 * the compute-minute quotas, auditor and seat are a paid instance's). Nobody signs in to the sandbox.
 */
function adminFields(store: Store, user: User): Record<string, unknown> {
  const ownNamespace = store.namespaces.get(user.namespace_id);
  return {
    email: user.email,
    created_at: user.created_at,
    is_admin: user.is_admin,
    ...EMPTY_PROFILE,
    last_sign_in_at: null,
    confirmed_at: user.created_at,
    theme_id: 1,
    last_activity_on: null,
    color_scheme_id: 1,
    projects_limit: 100_000,
    current_sign_in_at: null,
    note: null,
    identities: [],
    can_create_group: user.can_create_group,
    can_create_project: ownNamespace !== undefined && canCreateProjectIn(store, user, ownNamespace),
    two_factor_enabled: false,
    external: user.external,
    private_profile: false,
    current_sign_in_ip: null,
    last_sign_in_ip: null,
    namespace_id: user.namespace_id,
    created_by: null,
    email_reset_offered_at: null,
    shared_runners_minutes_limit: null,
    extra_shared_runners_minutes_limit: null,
    is_auditor: false,
    using_license_seat: !user.bot,
  };
}

/**
 * The caller, as GET /user answers for a token (doc/api/users.md @ec05f6eb, "Get the current user"):
 * a single user's profile, with what only its owner reads of it. An administrator also reads the
 * administrator's fields; `is_admin` and `namespace_id` are shown to anyone, as collab reads them.
 */
function currentUser(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  const { is_followed: _isFollowed, ...profile } = profileFields(user);
  const {
    note,
    current_sign_in_ip,
    last_sign_in_ip,
    created_by,
    email_reset_offered_at,
    shared_runners_minutes_limit: _minutes,
    extra_shared_runners_minutes_limit: _extraMinutes,
    is_auditor: _auditor,
    using_license_seat: _seat,
    ...own
  } = adminFields(req.store, user);
  const view = { ...userObject(req.store, user), locked: false, ...profile, ...own, commit_email: user.email };
  if (isAdministrator(req.user))
    Object.assign(view, { current_sign_in_ip, last_sign_in_ip, created_by, email_reset_offered_at, note });
  return json(view);
}

function viewUser(req: SandboxRequest): SandboxResponse {
  const user = req.store.userByName(req.params.user_id as string);
  if (!user) throw notFound('User');
  const view = { ...userObject(req.store, user), locked: false, ...profileFields(user) };
  // plan and trial are an Enterprise instance's, as its namespaces show them.
  if (isAdministrator(req.user))
    Object.assign(view, adminFields(req.store, user), {
      commit_email: user.email,
      sign_in_count: 0,
      plan: 'premium',
      trial: false,
    });
  return json(view);
}

/**
 * GET /users: `username` finds one user by name (case-insensitively, as GitLab's by_username),
 * `search` by username, name or email; otherwise every user, newest first (GitLab's default order).
 */
function listUsers(req: SandboxRequest): SandboxResponse {
  const username = str(req.input, 'username');
  const search = str(req.input, 'search');
  const users = [...req.store.users.values()]
    .filter((user) => username === undefined || user.username.toLowerCase() === username.toLowerCase())
    .filter(
      (user) =>
        !search ||
        contains(user.username, search) ||
        contains(user.name, search) ||
        user.email.toLowerCase() === search.toLowerCase(),
    )
    .sort((a, b) => b.id - a.id);
  const admin = isAdministrator(req.user);
  return paginateArray(req, users, (user) =>
    JSON.stringify({ ...userObject(req.store, user), locked: false, ...(admin ? adminFields(req.store, user) : {}) }),
  );
}

export const userRoutes: readonly Route[] = [
  ['GET', '/user', currentUser],
  ['GET', '/version', version],
  ['GET', '/metadata', version],
  ['GET', '/users', listUsers],
  ['GET', '/users/:user_id', viewUser],
];
