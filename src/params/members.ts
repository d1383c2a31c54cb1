import { CollabError } from '../errors.js';
import { dayOf } from '../util/day.js';
import { ACCESS_LEVELS } from './access.js';
import type { ParamsOf } from './derive.js';
import type { ParamSpec } from './types.js';

/** GET /users/:id/memberships' `type` filter (doc/api/users.md @ec05f6eb): a project's or a group's. */
export const MEMBERSHIP_TYPES = ['Project', 'Namespace'] as const;

/**
 * The members endpoints' parameters (GitLab's API v4 members: GET/POST/PUT/DELETE
 * /projects/:id/members and /groups/:id/members). The sandbox validates with these; the
 * commands name the same values in their flags.
 */
export const MEMBER_FILTERS = [
  {
    name: 'query',
    type: 'string',
    description: 'members whose username or name contains this text (or whose email is this text)',
  },
  { name: 'user_ids', type: 'integer-array', description: 'only these users' },
] as const satisfies readonly ParamSpec[];

export const MEMBER_REMOVE_PARAMS = [
  {
    name: 'skip_subresources',
    type: 'boolean',
    description: 'keep the user’s direct memberships of the subgroups and projects below the group',
  },
  {
    name: 'unassign_issuables',
    type: 'boolean',
    description: 'unassign the user from the issues and merge requests of the group or project',
  },
] as const satisfies readonly ParamSpec[];

/** DELETE .../members/:user_id's parameters (skip_subresources: groups only). */
export type RemoveMemberParams = ParamsOf<typeof MEMBER_REMOVE_PARAMS>;

/** Minimal access: a role only groups have (Premium); it reads nothing. */
const MINIMAL_ACCESS_LEVEL = 5;

/**
 * The roles a membership may have, the member's validation (`Gitlab::Access.all_values`, which
 * has Planner; doc/api/access_requests.md @ec05f6eb, Valid access levels, lists 0 to 50): a
 * project's, and a group's, which adds Minimal access. No access (0) is no membership.
 */
export function memberLevels(kind: 'project' | 'group'): readonly number[] {
  const levels = Object.values(ACCESS_LEVELS);
  return kind === 'group' ? [MINIMAL_ACCESS_LEVEL, ...levels] : levels;
}

/**
 * What POST and PUT .../members take besides the user: the role (required by both) and the
 * expiry. Grape takes any integer as the role (lib/api/members.rb has no `values:` on it, unlike
 * the invitations API's): which roles a member may have, and that the expiry is not in the past,
 * are the member's validations, which the sandbox checks after the parameters' own (400 either way).
 */
export const MEMBER_PARAMS = [
  {
    name: 'access_level',
    type: 'integer',
    required: true,
    description:
      'the role: 10 guest, 15 planner, 20 reporter, 30 developer, 40 maintainer, 50 owner (5 minimal access, groups only)',
  },
  { name: 'expires_at', type: 'date', description: 'the day the membership ends, YYYY-MM-DD' },
] as const satisfies readonly ParamSpec[];

/**
 * Whether an expiry has passed on `today` (YYYY-MM-DD, UTC): GitLab refuses to set one in the past
 * (`expires_at` `future_date: true`, FutureDateValidator: app/models/member.rb @800235cc, and the
 * same for a project's share with a group), and removes a membership once its day has come.
 */
export const expiryPassed = (expiresAt: unknown, today: string): boolean =>
  typeof expiresAt === 'string' && expiresAt < today;

/** The service's words for it. */
export const EXPIRY_PASSED = 'cannot be a date in the past';

/** A flag's expiry that has passed on the run's day (`now`, the session's clock), refused before any request. */
export function checkExpiry(value: string | null | undefined, flag: string, now: number): void {
  const today = dayOf(now);
  if (expiryPassed(value, today))
    throw new CollabError(
      'usage',
      `invalid value "${value}" for ${flag}: the day has passed (today is ${today}, UTC)`,
      {
        hint: 'GitLab refuses an expiry in the past: give today or a later day',
      },
    );
}

type MemberFields = ParamsOf<typeof MEMBER_PARAMS>;

/** A member's role and expiry as sent: the role always; on update, a null expiry removes it. */
export interface MemberParams {
  access_level: NonNullable<MemberFields['access_level']>;
  expires_at?: MemberFields['expires_at'] | null;
}
