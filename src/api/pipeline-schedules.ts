import type { ApiRequest } from '../http/client.js';
import { paginateItems } from '../http/paginate.js';
import { apiPath } from '../http/path.js';
import { clockOffset, createdSince } from './recover.js';
import { ROLES } from './roles.js';
import { getCurrentUser } from './users.js';

/**
 * A project's pipeline schedules (GitLab's doc/api/pipeline_schedules.md): Reporters list and
 * view (getSchedule says who else), Developers create, and play on a ref they may update
 * (ROLES.schedulePlayers); only a schedule's owner changes it and its variables; Maintainers take
 * ownership and delete. The list carries no variables, the single GET does.
 */
export interface ScheduleVariable {
  key: string;
  value: string;
  variable_type?: 'env_var' | 'file';
  [field: string]: unknown;
}

export interface Schedule {
  id: number;
  description: string;
  ref: string;
  cron: string;
  cron_timezone: string;
  active: boolean;
  created_at?: string;
  owner?: { id: number; username: string } | null;
  /** Only the single GET carries them. */
  variables?: ScheduleVariable[];
  [field: string]: unknown;
}

export function schedulesPath(project: string | number): string {
  return apiPath`/projects/${project}/pipeline_schedules`;
}

function schedulePath(project: string | number, id: number): string {
  return schedulesPath(project) + apiPath`/${id}`;
}

/** A schedule's variables; `(new)` in a plan for one the same change makes (its ID comes with its answer). */
function variablesPath(project: string | number, id: number | undefined): string {
  return `${id === undefined ? `${schedulesPath(project)}/(new)` : schedulePath(project, id)}/variables`;
}

/**
 * Read with GitLab's read_pipeline_schedule: a role refuses it only where the project's pipelines
 * are not public, below Reporter, and CI/CD turned off refuses every role (src/sandbox/access.ts,
 * canReadPipelineSchedules; src/api/features.ts names the feature in the hint).
 */
export function getSchedule(project: string | number, id: number): ApiRequest {
  return { method: 'GET', path: schedulePath(project, id), expect: 'object', requires: ROLES.reporters };
}

/**
 * POST: descriptions need not be unique to the service, so a retry after a lost answer looks for
 * a schedule with the same description made since the request was sent.
 */
export function createSchedule(
  project: string | number,
  fields: Record<string, unknown> & { description: string },
  sentAt = Date.now(),
): ApiRequest {
  return {
    method: 'POST',
    path: schedulesPath(project),
    json: fields,
    expect: 'object',
    requires: ROLES.developers,
    recover: async (client, since = sentAt) => {
      const offset = clockOffset(await client.request(getCurrentUser()));
      for await (const found of paginateItems<Schedule>(client, { path: schedulesPath(project), perPage: 100 }))
        if (found.description === fields.description && createdSince(found.created_at, since, offset)) return found;
      return undefined;
    },
  };
}

/** PUT: the same fields again are the same schedule, so it is sent again like a GET. */
export function updateSchedule(project: string | number, id: number, fields: Record<string, unknown>): ApiRequest {
  return {
    method: 'PUT',
    path: schedulePath(project, id),
    json: fields,
    expect: 'object',
    requires: ROLES.scheduleOwner,
  };
}

/** POST take_ownership: the caller owns it after, however often it is sent. */
export function takeScheduleOwnership(project: string | number, id: number): ApiRequest {
  return {
    method: 'POST',
    path: `${schedulePath(project, id)}/take_ownership`,
    idempotent: true,
    expect: 'object',
    requires: ROLES.maintainers,
  };
}

/** POST play: each one runs a pipeline, so it is never sent twice. */
export function playSchedule(project: string | number, id: number): ApiRequest {
  return { method: 'POST', path: `${schedulePath(project, id)}/play`, requires: ROLES.schedulePlayers };
}

/** 2xx, or 404 when the schedule is gone (the command decides whether that is an error). */
export function deleteSchedule(project: string | number, id: number): ApiRequest {
  return { method: 'DELETE', path: schedulePath(project, id), okStatuses: [404], requires: ROLES.maintainers };
}

/** A variable of a schedule: its key names it, so a create that is sent again is refused as taken, never doubled. */
export function createScheduleVariable(
  project: string | number,
  id: number | undefined,
  variable: { key: string; value: string; variable_type?: string },
): ApiRequest {
  return {
    method: 'POST',
    path: variablesPath(project, id),
    json: variable,
    requires: ROLES.scheduleOwner,
  };
}

export function updateScheduleVariable(
  project: string | number,
  id: number,
  variable: { key: string; value: string; variable_type?: string },
): ApiRequest {
  const { key, ...fields } = variable;
  return {
    method: 'PUT',
    path: variablesPath(project, id) + apiPath`/${key}`,
    json: fields,
    requires: ROLES.scheduleOwner,
  };
}

/**
 * Removing a variable takes admin_pipeline_schedule, not ownership: a Maintainer may, as may the
 * owner with the Developer role (lib/api/ci/pipeline_schedules.rb, app/policies/ci/
 * pipeline_schedule_policy.rb), so the one refused is another Developer.
 */
export function deleteScheduleVariable(project: string | number, id: number, key: string): ApiRequest {
  return {
    method: 'DELETE',
    path: variablesPath(project, id) + apiPath`/${key}`,
    okStatuses: [404],
    requires: ROLES.maintainers,
  };
}
