import {
  CRON_RULE,
  cronZone,
  parseCron,
  SCHEDULE_PARAMS,
  SCHEDULE_SCOPES,
  SCHEDULE_VARIABLE_TYPES,
  scheduleVariableKeyProblem,
  TIMEZONE_RULE,
} from '../../params/pipeline-schedules.js';
import {
  canAdministerSchedule,
  canCreatePipelineSchedules,
  canPlaySchedule,
  canReadPipelineSchedules,
  canSetPipelineVariables,
  canUpdateSchedule,
  scheduleRefProtected,
} from '../access.js';
import { readableProject, requireUser } from '../guards.js';
import { forbidden, notFound, paramError, validationError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { PipelineSchedule, Project, User } from '../model.js';
import { paginateArray } from '../pagination.js';
import { choice, int, modelError, readParams, requireGiven, requireStr, str } from '../params.js';
import type { Store } from '../store.js';
import { userObject } from '../views.js';

/**
 * Pipeline schedules, as GitLab's doc/api/pipeline_schedules.md (gitlabhq/gitlabhq 017a6c12) and
 * lib/api/ci/pipeline_schedules.rb serve them: whoever has read_pipeline_schedule lists and views
 * them (access.ts, canReadPipelineSchedules), Developers create them; a schedule is made, changed
 * (and its variables) and played only on a ref the caller may push or merge to
 * (scheduleRefProtected), and changed by its owner or an administrator, so another Maintainer takes
 * ownership first; taking ownership and deleting need the Maintainer role; a variable's routes need
 * the project's set_pipeline_variables first (requirePipelineVariables). The list carries no variables, the
 * single GET does. A ref is kept full (`refs/heads/…`, `refs/tags/…`, not looked up); a short one
 * is expanded to the branch or tag it names, and refused when it names none or both
 * (routes/repository.ts makes them): Ci::PipelineSchedules::BaseSaveService
 * (app/services/ci/pipeline_schedules/base_save_service.rb, gitlabhq/gitlabhq 7e8b0612) answers
 * a ref that `expand_short_ref` leaves short, a branch and a tag or neither, `ref: is ambiguous`,
 * before the model's other validations.
 */

function findSchedule(req: SandboxRequest, project: Project): PipelineSchedule {
  // `requires :pipeline_schedule_id, type: Integer`: one that is no number is Grape's
  // `pipeline_schedule_id is invalid` (lib/api/ci/pipeline_schedules.rb, gitlabhq/gitlabhq 0ab7ab5b).
  const id = int(req.params, 'pipeline_schedule_id');
  const schedule = id === undefined ? undefined : req.store.schedules.get(id);
  if (!schedule || schedule.project_id !== project.id) throw notFound('Pipeline Schedule');
  return schedule;
}

/**
 * A schedule by its ID, as the API's `pipeline_schedule` helper finds it (lib/api/ci/
 * pipeline_schedules.rb, gitlab-org/gitlab through pavankalisetti009/gitlab's mirror @4aea5d3d):
 * one the caller may not read is `404 Pipeline Schedule Not Found`, not 403, so a Guest who may
 * read the project, where its pipelines are not public, is told no schedule is there. The list
 * alone answers 403.
 */
function scheduleOf(req: SandboxRequest): { project: Project; user: User; schedule: PipelineSchedule } {
  const user = requireUser(req);
  const project = readableProject(req);
  if (!canReadPipelineSchedules(req.store, user, project)) throw notFound('Pipeline Schedule');
  return { project, user, schedule: findSchedule(req, project) };
}

/** admin_pipeline_schedule: deleting the schedule or a variable, taking ownership (403 otherwise). */
function administeredSchedule(req: SandboxRequest): { project: Project; user: User; schedule: PipelineSchedule } {
  const found = scheduleOf(req);
  if (!canAdministerSchedule(req.store, found.user, found.project, found.schedule)) throw forbidden();
  return found;
}

/** Ci::PipelineSchedule's VALID_REF_FORMAT_REGEX: a full ref, kept as given. */
const FULL_REF = /^refs\/(heads|tags)\/\S/;

/** Ci::PipelineSchedule#expand_short_ref: a tag or a branch of that name, never both. */
function fullRef(project: Project, ref: string): string {
  if (FULL_REF.test(ref)) return ref;
  const branch = project.branches.includes(ref);
  const tag = project.tags.some((t) => t.name === ref);
  if (branch !== tag) return tag ? `refs/tags/${ref}` : `refs/heads/${ref}`;
  throw validationError({ ref: ['is ambiguous'] });
}

/**
 * A ref the caller may not update (access.ts scheduleRefProtected), as Ci::PipelineSchedules::
 * BaseSaveService#forbidden_to_save refuses it: before the ref is expanded and the model
 * validated, the message added to the schedule's base errors, which the API renders with
 * render_validation_error!: 400 `{"message":{"base":[…]}}`
 * (app/services/ci/pipeline_schedules/base_save_service.rb @7e8b0612, create_service.rb @7c5f1bfa,
 * update_service.rb @af9f6905, gitlabhq/gitlabhq; lib/api/ci/pipeline_schedules.rb @bdcf5320).
 */
function refRefused(action: 'create' | 'update') {
  return validationError({ base: [`The current user is not authorized to ${action} the pipeline schedule`] });
}

/**
 * The model's validations (CronValidator, CronTimezoneValidator, `validates :description,
 * presence: true`: app/models/ci/pipeline_schedule.rb, gitlabhq/gitlabhq 017a6c12), in the order
 * the model declares them: 400 with each field's error. Grape's `requires :description` asks
 * only that it be given, so an empty one reaches the model.
 */
function checkSchedule(fields: { cron?: string; cron_timezone?: string; description?: string }): void {
  const errors: Record<string, string[]> = {};
  const cron = fields.cron === undefined ? undefined : modelError(CRON_RULE, fields.cron);
  const zone = fields.cron_timezone === undefined ? undefined : modelError(TIMEZONE_RULE, fields.cron_timezone);
  if (cron) errors.cron = [cron];
  if (zone) errors.cron_timezone = [zone];
  if (fields.description !== undefined && fields.description.trim() === '') errors.description = ["can't be blank"];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * A schedule as the entities show one: the list's without `last_pipeline` and `variables`; the
 * details' (`detail`) with `last_pipeline`, and `variables` only where `variables` is passed:
 * PipelineScheduleDetails exposes them `if` read_pipeline_schedule_variables for `options[:user]`,
 * which only the single GET passes (lib/api/entities/ci/pipeline_schedule_details.rb), so the
 * answers of POST, PUT and take_ownership have none, as the doc's examples show.
 */
function scheduleJson(
  store: Store,
  schedule: PipelineSchedule,
  detail: boolean,
  variables = false,
): Record<string, unknown> {
  const owner = store.users.get(schedule.owner_id);
  return {
    id: schedule.id,
    description: schedule.description,
    ref: schedule.ref,
    cron: schedule.cron,
    cron_timezone: schedule.cron_timezone,
    next_run_at: schedule.active ? nextRunAt(schedule.cron, schedule.cron_timezone, store.now()) : null,
    active: schedule.active,
    created_at: schedule.created_at,
    updated_at: schedule.updated_at,
    ...(detail ? { last_pipeline: null } : {}),
    owner: owner ? userObject(store, owner) : null,
    // Every answer's, the list's too: Entities::Ci::PipelineSchedule exposes `inputs`
    // (lib/api/entities/ci/pipeline_schedule.rb, gitlabhq/gitlabhq 28c1db03), though the doc's
    // list example shows none. The sandbox takes no inputs, so none are held.
    inputs: [],
    ...(detail && variables ? { variables: schedule.variables.map((v) => ({ ...v })) } : {}),
  };
}

function listSchedules(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  const project = readableProject(req);
  if (!canReadPipelineSchedules(req.store, user, project)) throw forbidden();
  const scope = choice(req.input, 'scope', SCHEDULE_SCOPES);
  const found = [...req.store.schedules.values()].filter(
    (s) => s.project_id === project.id && (scope === undefined || s.active === (scope === 'active')),
  );
  return paginateArray(req, found, (s) => JSON.stringify(scheduleJson(req.store, s, false)));
}

function viewSchedule(req: SandboxRequest): SandboxResponse {
  const { project, user, schedule } = scheduleOf(req);
  return json(scheduleJson(req.store, schedule, true, canAdministerSchedule(req.store, user, project, schedule)));
}

function createSchedule(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  // Grape's parameters are checked before the endpoint finds the project and asks the role
  // (`authorize! :create_pipeline_schedule, user_project` is the endpoint's first line, only
  // `authenticate!` is a `before`: lib/api/ci/pipeline_schedules.rb @0ab7ab5b), so one missing is
  // 400 whoever asks. `requires :ref, allow_blank: false`: an empty ref is Grape's `ref is empty`.
  const description = requireGiven(req.input, 'description');
  const ref = requireGiven(req.input, 'ref');
  if (ref.trim() === '') throw paramError('ref is empty');
  const cron = requireStr(req.input, 'cron');
  const project = readableProject(req);
  if (!canCreatePipelineSchedules(req.store, user, project)) throw forbidden();
  const params = readParams(req.input, SCHEDULE_PARAMS);
  if (scheduleRefProtected(req.store, user, project, ref)) throw refRefused('create');
  const full = fullRef(project, ref);
  checkSchedule({ cron, cron_timezone: params.cron_timezone, description });
  const now = req.store.nowIso();
  const schedule: PipelineSchedule = {
    id: req.store.nextId('pipeline_schedule'),
    project_id: project.id,
    description,
    ref: full,
    cron,
    cron_timezone: params.cron_timezone ?? 'UTC',
    active: params.active ?? true,
    created_at: now,
    updated_at: now,
    owner_id: user.id,
    variables: [],
    played: 0,
  };
  req.store.schedules.set(schedule.id, schedule);
  return json(scheduleJson(req.store, schedule, true), 201);
}

/** `update_pipeline_schedule`: the owner's, or an administrator's (a Maintainer takes ownership first). */
function ownSchedule(req: SandboxRequest): PipelineSchedule {
  const { user, project, schedule } = scheduleOf(req);
  if (!canUpdateSchedule(req.store, user, project, schedule)) throw forbidden();
  return schedule;
}

function updateSchedule(req: SandboxRequest): SandboxResponse {
  const schedule = ownSchedule(req);
  const project = req.store.projects.get(schedule.project_id) as Project;
  const params = readParams(req.input, SCHEDULE_PARAMS);
  // The schedule's present ref was asked of by ownSchedule (403); the one it would get is the service's to refuse.
  if (params.ref !== undefined && scheduleRefProtected(req.store, req.user, project, params.ref))
    throw refRefused('update');
  const ref = params.ref === undefined ? undefined : fullRef(project, params.ref);
  checkSchedule({
    cron: params.cron ?? schedule.cron,
    cron_timezone: params.cron_timezone ?? schedule.cron_timezone,
    description: params.description ?? schedule.description,
  });
  if (params.description !== undefined) schedule.description = params.description;
  if (ref !== undefined) schedule.ref = ref;
  if (params.cron !== undefined) schedule.cron = params.cron;
  if (params.cron_timezone !== undefined) schedule.cron_timezone = params.cron_timezone;
  if (params.active !== undefined) schedule.active = params.active;
  schedule.updated_at = req.store.nowIso();
  return json(scheduleJson(req.store, schedule, true));
}

function takeOwnership(req: SandboxRequest): SandboxResponse {
  const { user, schedule } = administeredSchedule(req);
  // 200 when the caller owns it already (lib/api/ci/pipeline_schedules.rb, gitlabhq/gitlabhq 0ab7ab5b).
  if (schedule.owner_id === user.id) return json(scheduleJson(req.store, schedule, true));
  schedule.owner_id = user.id;
  schedule.updated_at = req.store.nowIso();
  return json(scheduleJson(req.store, schedule, true), 201);
}

function deleteSchedule(req: SandboxRequest): SandboxResponse {
  const { schedule } = administeredSchedule(req);
  req.store.schedules.delete(schedule.id);
  // 204, no body: GitLab's API destroys it with destroy_conditionally! (lib/api/ci/pipeline_schedules.rb,
  // gitlabhq/gitlabhq 0ab7ab5b), though the doc's example still shows the schedule.
  return noContent();
}

/** play_pipeline_schedule (access.ts canPlaySchedule): 403 for a schedule the caller may read but not run. */
function playSchedule(req: SandboxRequest): SandboxResponse {
  const { project, user, schedule } = scheduleOf(req);
  if (!canPlaySchedule(req.store, user, project, schedule)) throw forbidden();
  schedule.played++;
  return json({ message: '201 Created' }, 201);
}

/**
 * set_pipeline_variables, asked before the schedule is looked up (lib/api/ci/pipeline_schedules.rb
 * @4aea5d3d): 403 for a caller the project's pipeline variable setting keeps out, whatever the
 * schedule (access.ts canSetPipelineVariables says who).
 */
function requirePipelineVariables(req: SandboxRequest): void {
  const user = requireUser(req);
  if (!canSetPipelineVariables(req.store, user, readableProject(req))) throw forbidden();
}

function createVariable(req: SandboxRequest): SandboxResponse {
  requirePipelineVariables(req);
  const schedule = ownSchedule(req);
  const key = requireStr(req.input, 'key');
  // An empty value is kept: lib/api/ci/pipeline_schedules.rb `requires :value, type: String` asks
  // only that it be given, and Ci::PipelineScheduleVariable (Ci::HasVariable) validates the key
  // alone (doc/api/pipeline_schedules.md, Create a new pipeline schedule variable).
  const value = requireGiven(req.input, 'value');
  const type = choice(req.input, 'variable_type', SCHEDULE_VARIABLE_TYPES) ?? 'env_var';
  if (scheduleVariableKeyProblem(key)) throw validationError({ key: ["can contain only letters, digits and '_'."] });
  if (schedule.variables.some((v) => v.key === key))
    throw validationError({ key: [`(${key}) has already been taken`] });
  const variable = { key, value, variable_type: type, raw: false };
  schedule.variables.push(variable);
  return json({ ...variable }, 201);
}

function scheduleVariable(req: SandboxRequest, schedule: PipelineSchedule) {
  const variable = schedule.variables.find((v) => v.key === req.params.key);
  if (!variable) throw notFound('Pipeline Schedule Variable');
  return variable;
}

function updateVariable(req: SandboxRequest): SandboxResponse {
  requirePipelineVariables(req);
  const schedule = ownSchedule(req);
  const variable = scheduleVariable(req, schedule);
  const value = str(req.input, 'value');
  const type = choice(req.input, 'variable_type', SCHEDULE_VARIABLE_TYPES);
  if (value !== undefined) variable.value = value;
  if (type !== undefined) variable.variable_type = type;
  return json({ ...variable });
}

// admin_pipeline_schedule, not update_pipeline_schedule as a variable's create and change: a
// Maintainer removes another's schedule's variable (lib/api/ci/pipeline_schedules.rb @4aea5d3d).
function deleteVariable(req: SandboxRequest): SandboxResponse {
  requirePipelineVariables(req);
  const { schedule } = administeredSchedule(req);
  const variable = scheduleVariable(req, schedule);
  schedule.variables.splice(schedule.variables.indexOf(variable), 1);
  return json({ ...variable }, 202);
}

/**
 * When the cron next fires after `now`, read in the zone (an ActiveSupport name in the zone it
 * maps to, as CronParser reads it); null for a zone the runtime does not know. Day of month and
 * day of week both restricted match either, as cron does.
 */
export function nextRunAt(cron: string, name: string, now: number): string | null {
  const sets = parseCron(cron);
  const zone = cronZone(name);
  if (typeof sets === 'string' || zone === undefined) return null;
  const offset = zoneOffset(zone);
  if (offset === undefined) return null;
  const [minutes, hours, days, months, weekdays] = sets as CronSetsTuple;
  const local = Math.floor(now / 60_000) * 60_000 + offset(now);
  const start = new Date(local);
  // Eight years cover every cron line that fires at all (29 February on a Monday).
  for (let d = 0; d < 366 * 8; d++) {
    const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + d));
    if (!months.has(day.getUTCMonth() + 1)) continue;
    const domOk = days.has(day.getUTCDate());
    const dowOk = weekdays.has(day.getUTCDay());
    if (!(days.any || weekdays.any ? domOk && dowOk : domOk || dowOk)) continue;
    for (const hour of [...hours].sort((a, b) => a - b))
      for (const minute of [...minutes].sort((a, b) => a - b)) {
        const at = day.getTime() + hour * 3_600_000 + minute * 60_000;
        if (at > local) return new Date(at - offset(at - offset(now))).toISOString();
      }
  }
  return null;
}

type CronSetsTuple = [
  ReadonlySet<number> & { any: boolean },
  ReadonlySet<number> & { any: boolean },
  ReadonlySet<number> & { any: boolean },
  ReadonlySet<number> & { any: boolean },
  ReadonlySet<number> & { any: boolean },
];

const BASE = '/projects/:id/pipeline_schedules';
const ITEM = `${BASE}/:pipeline_schedule_id`;

export const pipelineScheduleRoutes: readonly Route[] = [
  ['GET', BASE, listSchedules],
  ['POST', BASE, createSchedule],
  ['GET', ITEM, viewSchedule],
  ['PUT', ITEM, updateSchedule],
  ['DELETE', ITEM, deleteSchedule],
  ['POST', `${ITEM}/take_ownership`, takeOwnership],
  ['POST', `${ITEM}/play`, playSchedule],
  ['POST', `${ITEM}/variables`, createVariable],
  ['PUT', `${ITEM}/variables/:key`, updateVariable],
  ['DELETE', `${ITEM}/variables/:key`, deleteVariable],
];

/** A zone's offset from UTC at an instant, in milliseconds; undefined for a zone the runtime lacks. */
function zoneOffset(zone: string): ((at: number) => number) | undefined {
  const fixed = /^([+-])(\d\d):(\d\d)$/.exec(zone);
  if (fixed) {
    // An offset zone (EtOrbi's get_offset_tzone): no daylight saving, the same offset all year.
    const east = (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000;
    return () => east;
  }
  // tzdata's `Zone Factory 0 - -00` (its file `factory`): UTC's offset all year, a zone TZInfo takes
  // and ICU does not ship (Node 20, 22 and 24 alike: the one name of src/params/tz-names.ts it lacks).
  if (zone === 'Factory') return () => 0;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  } catch {
    return undefined;
  }
  return (at) => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(at)) p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0);
    return wall - Math.floor(at / 60_000) * 60_000;
  };
}
