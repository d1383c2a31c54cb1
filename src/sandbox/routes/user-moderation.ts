import { requireAdmin, requireUser } from '../guards.js';
import { forbidden, notFound } from '../errors.js';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { User } from '../model.js';
import { int } from '../params.js';

/**
 * Blocking, deactivating and banning a user, for administrators, as GitLab's
 * doc/api/user_moderation.md (gitlabhq/gitlabhq 23835e8c) and lib/api/users.rb answer them: 201
 * with `true` on success; 201 with `null` where the user already is so (block and deactivate
 * `break` before doing anything); 201 with `false` where the state machine has no such transition
 * (unblock or activate an active user); 403 for GitLab's refusals: a user blocked through LDAP, the
 * caller blocking themselves, deactivating a blocked user or one active in the last 90 days
 * (User::MINIMUM_INACTIVE_DAYS), unblocking a deactivated user, activating a blocked one, banning
 * a user that is not active, unbanning one that is not banned.
 */

const BLOCKED: readonly User['state'][] = ['blocked', 'ldap_blocked', 'banned'];
const MINIMUM_INACTIVE_DAYS = 90;

/**
 * Each route declares `requires :id, type: Integer` (lib/api/users.rb, pavankalisetti009/gitlab
 * @076eb2c8), which Grape checks before the body's authenticated_as_admin!: an ID that is no
 * integer is 400 "id is invalid" whoever asks (the path's `:id`, so not `user_id`).
 */
function targetUser(req: SandboxRequest): { caller: User; user: User } {
  requireUser(req);
  const id = int({ id: req.params.user_id }, 'id');
  const caller = requireAdmin(req);
  const user = id === undefined ? undefined : req.store.users.get(id);
  if (!user) throw notFound('User');
  return { caller, user };
}

const created = (body: boolean | null) => json(body, 201);

function block(req: SandboxRequest): SandboxResponse {
  const { caller, user } = targetUser(req);
  if (user.state === 'ldap_blocked') throw forbidden('LDAP blocked users cannot be modified by the API');
  if (caller.id === user.id) throw forbidden('The API initiating user cannot be blocked by the API');
  if (BLOCKED.includes(user.state)) return created(null);
  user.state = 'blocked';
  return created(true);
}

function unblock(req: SandboxRequest): SandboxResponse {
  const { user } = targetUser(req);
  if (user.state === 'ldap_blocked') throw forbidden('LDAP blocked users cannot be unblocked by the API');
  if (user.state === 'deactivated') throw forbidden('Deactivated users cannot be unblocked by the API');
  if (user.state !== 'blocked') return created(false);
  user.state = 'active';
  return created(true);
}

function deactivate(req: SandboxRequest): SandboxResponse {
  const { user } = targetUser(req);
  if (user.state === 'deactivated') return created(null);
  if (BLOCKED.includes(user.state)) throw forbidden('A blocked user cannot be deactivated by the API');
  const since = Date.parse(`${req.store.today()}T00:00:00Z`) - MINIMUM_INACTIVE_DAYS * 86_400_000;
  if (user.last_activity_on !== null && Date.parse(`${user.last_activity_on}T00:00:00Z`) > since)
    throw forbidden(
      `The user you are trying to deactivate has been active in the past ${MINIMUM_INACTIVE_DAYS} days and cannot be deactivated`,
    );
  user.state = 'deactivated';
  return created(true);
}

function activate(req: SandboxRequest): SandboxResponse {
  const { user } = targetUser(req);
  if (BLOCKED.includes(user.state)) throw forbidden('A blocked user must be unblocked to be activated');
  if (user.state !== 'deactivated') return created(false);
  user.state = 'active';
  return created(true);
}

function ban(req: SandboxRequest): SandboxResponse {
  const { user } = targetUser(req);
  if (user.state !== 'active') throw forbidden('You cannot ban blocked, deactivated, or banned users');
  user.state = 'banned';
  return created(true);
}

function unban(req: SandboxRequest): SandboxResponse {
  const { user } = targetUser(req);
  if (user.state !== 'banned') throw forbidden('You cannot unban active, blocked, or deactivated users');
  user.state = 'active';
  return created(true);
}

export const userModerationRoutes: readonly Route[] = [
  ['POST', '/users/:user_id/block', block],
  ['POST', '/users/:user_id/unblock', unblock],
  ['POST', '/users/:user_id/deactivate', deactivate],
  ['POST', '/users/:user_id/activate', activate],
  ['POST', '/users/:user_id/ban', ban],
  ['POST', '/users/:user_id/unban', unban],
];
