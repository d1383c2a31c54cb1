import { USER_LIST_FILTERS } from '../../params/users.js';
import { canCreateProjectIn, isAdministrator, isProjectMember } from '../access.js';
import { requireUser } from '../guards.js';
import { forbidden, notFound } from '../errors.js';
import { paginateArray } from '../pagination.js';
import { readParams } from '../params.js';
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

/** Ordered by one of order_by's fields; the sandbox records no updates, so updated_at is created_at. */
function userKey(user: User, orderBy: string): string | number {
  if (orderBy === 'name') return user.name.toLowerCase();
  if (orderBy === 'username') return user.username.toLowerCase();
  if (orderBy === 'created_at' || orderBy === 'updated_at') return user.created_at;
  return user.id;
}

/** GitLab's blocked scope: blocked and ldap_blocked (a banned user is not in it). */
const BLOCKED_STATES: ReadonlySet<User['state']> = new Set(['blocked', 'ldap_blocked']);

/** Whether a user is a member of any project (GitLab's project_authorizations): the without_projects filter. */
function hasProject(store: Store, user: User): boolean {
  return [...store.projects.values()].some((project) => isProjectMember(store, user, project));
}

/**
 * GET /users (doc/api/users.md @ec05f6eb, "List users"; the filters: src/params/users.ts). `username`
 * finds one user by name (case-insensitively, as GitLab's by_username); `search` matches in the
 * username or name, or an email in full: the public one for everyone (nobody in the sandbox has
 * one), any for an administrator. active, blocked, external and humans filter only when true,
 * as the doc says. The administrators' filters (order_by, sort, two_factor, without_projects,
 * admins) are ignored for anyone else, as GitLab does (lib/api/users.rb, gitlabhq/gitlabhq @2e3cbf7d,
 * drops order_by, sort and two_factor from a non-administrator's request). Nobody in the sandbox
 * has two-factor authentication or is an internal user; a `bot` (none is seeded) is a project's or
 * group's bot. Newest first by default (order_by id, sort desc).
 */
function listUsers(req: SandboxRequest): SandboxResponse {
  const admin = isAdministrator(req.user);
  const query = readParams(req.input, USER_LIST_FILTERS);
  // Without a token the list is one user by username or nothing: `authorized &&=
  // index_params[:username].present? if current_user.blank?`, then forbidden! (lib/api/users.rb,
  // pavankalisetti009/gitlab @076eb2c8).
  if (!req.user && !query.username) throw forbidden('Not authorized to access /api/v4/users');
  const { store } = req;
  const search = query.search;
  const only = (wanted: boolean | undefined, test: (user: User) => boolean) => (user: User) =>
    wanted !== true || test(user);
  const filters: Array<(user: User) => boolean> = [
    (user) => query.username === undefined || user.username.toLowerCase() === query.username.toLowerCase(),
    (user) =>
      !search ||
      contains(user.username, search) ||
      contains(user.name, search) ||
      (admin && user.email.toLowerCase() === search.toLowerCase()),
    only(query.active, (user) => user.state === 'active'),
    only(query.blocked, (user) => BLOCKED_STATES.has(user.state)),
    only(query.external, (user) => user.external),
    only(query.humans, (user) => !user.bot),
    only(query.exclude_active, (user) => user.state !== 'active'),
    only(query.exclude_external, (user) => !user.external),
    only(query.exclude_humans, (user) => user.bot),
    only(query.without_project_bots, (user) => !user.bot),
  ];
  // Anyone else's created_after, created_before, order_by, sort, two_factor and without_projects
  // are dropped (`index_params.except!`, lib/api/users.rb, pavankalisetti009/gitlab @076eb2c8).
  if (admin)
    filters.push(
      (user) => query.created_after === undefined || Date.parse(user.created_at) > Date.parse(query.created_after),
      (user) => query.created_before === undefined || Date.parse(user.created_at) < Date.parse(query.created_before),
      () => query.two_factor !== 'enabled',
      only(query.without_projects, (user) => !hasProject(store, user)),
      only(query.admins, (user) => isAdministrator(user)),
    );
  const orderBy = (admin ? query.order_by : undefined) ?? 'id';
  const direction = (admin ? query.sort : undefined) === 'asc' ? 1 : -1;
  const users = [...store.users.values()]
    .filter((user) => filters.every((filter) => filter(user)))
    .sort((a, b) => {
      const ka = userKey(a, orderBy);
      const kb = userKey(b, orderBy);
      const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb));
      return order * direction || (a.id - b.id) * direction;
    });
  return paginateArray(req, users, (user) =>
    JSON.stringify({ ...userObject(store, user), locked: false, ...(admin ? adminFields(store, user) : {}) }),
  );
}

export const userRoutes: readonly Route[] = [
  ['GET', '/user', currentUser],
  ['GET', '/version', version],
  ['GET', '/metadata', version],
  ['GET', '/users', listUsers],
  ['GET', '/users/:user_id', viewUser],
];
