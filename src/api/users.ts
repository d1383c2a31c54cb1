import type { ApiRequest, RequestClient } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { ROLES } from './roles.js';

/** The caller, as GET /user answers (the fields collab reads; the rest passes through). */
export interface CurrentUser {
  id: number;
  username: string;
  name?: string;
  is_admin?: boolean;
}

/** GET /user: who the token belongs to. */
export function getCurrentUser(): ApiRequest {
  return { method: 'GET', path: '/user', expect: 'object' };
}

/** GET /users/:id (a user by ID or username). */
export function getUser(user: string | number): ApiRequest {
  return { method: 'GET', path: apiPath`/users/${user}`, expect: 'object' };
}

/** A user as GET /users lists one. */
export interface UserRecord {
  id: number;
  username: string;
  name?: string;
  state?: string;
}

/** GET /users: the users list, read page by page (its filters: src/params/users.ts). */
export const USERS_PATH = '/users';

/** GET /users?username=: the service's way to find a user by name (GET /users/:id takes only IDs). */
export function findUsersByName(username: string): ApiRequest {
  return { method: 'GET', path: USERS_PATH, query: { username }, expect: 'array' };
}

/** The user named `username`, or undefined. */
export async function findUserByName(client: RequestClient, username: string): Promise<UserRecord | undefined> {
  const found = (await client.request<UserRecord[]>(findUsersByName(username.replace(/^@/, '')))).data;
  return found[0];
}
export type Moderation = 'block' | 'unblock' | 'deactivate' | 'activate' | 'ban' | 'unban';

/**
 * 201 with `true` when done, `null` when the user already was so, `false` when there was nothing to
 * undo; a state reached is the same however often it is asked for, so it is sent again like a GET.
 */
export function moderateUser(userId: number, action: Moderation): ApiRequest {
  return {
    method: 'POST',
    path: apiPath`/users/${userId}/${action}`,
    idempotent: true,
    requires: ROLES.administrators,
  };
}
