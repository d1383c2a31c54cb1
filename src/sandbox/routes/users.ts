import { canCreateProjectIn } from '../access.js';
import { requireUser } from '../guards.js';
import { notFound } from '../errors.js';
import { paginateArray } from '../pagination.js';
import { str } from '../params.js';
import { contains } from './project-actions.js';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import { userObject } from '../views.js';

/** The caller, as GET /user answers for a token. */
function currentUser(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  const ownNamespace = req.store.namespaces.get(user.namespace_id);
  return json({
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    avatar_url: null,
    web_url: `${req.store.origin}/${user.username}`,
    created_at: user.created_at,
    bio: '',
    public_email: null,
    email: user.email,
    is_admin: user.is_admin,
    external: user.external,
    bot: user.bot,
    can_create_group: user.can_create_group,
    can_create_project: ownNamespace !== undefined && canCreateProjectIn(req.store, user, ownNamespace),
    two_factor_enabled: false,
    namespace_id: user.namespace_id,
  });
}

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

function viewUser(req: SandboxRequest): SandboxResponse {
  const user = req.store.userByName(req.params.user_id as string);
  if (!user) throw notFound('User');
  // GitLab answers a single user with API::Entities::User, which adds `bot` to the basic fields.
  return json({ ...userObject(req.store, user), bot: user.bot });
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
  return paginateArray(req, users, (user) => JSON.stringify(userObject(req.store, user)));
}

export const userRoutes: readonly Route[] = [
  ['GET', '/user', currentUser],
  ['GET', '/version', version],
  ['GET', '/metadata', version],
  ['GET', '/users', listUsers],
  ['GET', '/users/:user_id', viewUser],
];
