import type { ApiRequest } from '../http/client.js';
import { apiPath } from '../http/path.js';

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
