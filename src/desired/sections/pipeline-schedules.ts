import { createHash } from 'node:crypto';
import { array, boolean, enum as oneOf, minLength, optional, string, strictObject } from 'zod/mini';
import {
  createSchedule,
  createScheduleVariable,
  deleteSchedule,
  deleteScheduleVariable,
  getSchedule,
  type Schedule,
  type ScheduleVariable,
  schedulesPath,
  takeScheduleOwnership,
  updateSchedule,
  updateScheduleVariable,
} from '../../api/pipeline-schedules.js';
import { getMetadata, isFreeAnswer, type Metadata } from '../../api/metadata.js';
import { getBranch, getTag } from '../../api/repository.js';
import { projectRole, refusedHint, ROLES } from '../../api/roles.js';
import { ACCESS_LEVELS } from '../../params/access.js';
import type { ApiRequest } from '../../http/client.js';
import { CollabError, isCollabError } from '../../errors.js';
import {
  SCHEDULE_DEFAULTS,
  SCHEDULE_PARAMS,
  SCHEDULE_VARIABLE_TYPES,
  sameCronZone,
  scheduleVariableKeyProblem,
} from '../../params/pipeline-schedules.js';
import type { ParamSpec } from '../../params/types.js';
import {
  equal,
  isItem,
  itemAt,
  keysApart,
  listOf,
  listReached,
  listSchema,
  MASKED,
  paramSchema,
  templated,
  unlisted,
  withSecrets,
} from './common.js';
import type { LiveTarget } from '../model.js';
import type { DesiredTarget } from '../targets.js';
import type { Body, ChangeRequest, Item, OnTarget, Reader, Section } from './section.js';

/**
 * `pipeline_schedules`: a project's pipeline schedules by description, each with its variables
 * (those the file gives are the schedule's: others are removed). Read with the list and one GET a
 * schedule (the list carries no variables). A schedule is changed by its owner (or an
 * administrator): one owned by someone else is taken over first when the file says
 * `take_ownership: true`; otherwise the plan stops, naming its owner, as the service would refuse it.
 * A Developer's schedule made, changed or moved on a branch protected against them is refused at
 * plan where the branch's GET tells it for certain (GitLab Free), and warned of elsewhere.
 */

const param = (name: string) => SCHEDULE_PARAMS.find((p) => p.name === name) as ParamSpec;
/** The cron and its time zone, held to their rules (src/params) as the flags and the sandbox are. */
const CRON = param('cron');
const CRON_TIMEZONE = param('cron_timezone');
const REF = param('ref');

declare module '../model.js' {
  interface LiveTarget {
    schedules?: Schedule[];
    /** Who the plan acts as (a schedule another user owns is theirs to change). */
    scheduleCaller?: string;
    /** The caller is an administrator, who changes a schedule without owning it. */
    scheduleCallerAdmin?: boolean;
    /** The short refs the file's schedules send that name no branch or tag of the project, or both. */
    unresolvedRefs?: Map<string, 'neither' | 'both' | 'new'>;
    /** The schedules whose GET left out `variables`: the caller may not read them, so they cannot be compared. */
    unseenScheduleVariables?: Set<string>;
    /**
     * A Developer's branches (by name) the file's schedules are on or go to that are protected
     * against them: `refused` where GitLab refuses the schedule for certain, `unsure` where only a
     * user or group entry of the protection (a paid feature) could let them merge.
     */
    protectedScheduleBranches?: Map<string, 'refused' | 'unsure'>;
  }
}

interface VariableBody {
  key: string;
  value: string;
  variable_type?: string;
}

interface VariableChanges {
  create: VariableBody[];
  update: VariableBody[];
  delete: string[];
}

type ScheduleSpec = OnTarget &
  (
    | { op: 'schedule-create'; body: Body & { description: string }; variables: VariableBody[] }
    | { op: 'schedule-update'; scheduleId: number; takeOwnership: boolean; body: Body; variables: VariableChanges }
    | { op: 'schedule-delete'; scheduleId: number }
  );

const FIELDS = ['ref', 'cron', 'cron_timezone', 'active'] as const;

/** The service expands a short ref (`main`) to the full one it names (`refs/heads/main`, `refs/tags/main`). */
function sameRef(wanted: unknown, live: unknown): boolean {
  if (wanted === live) return true;
  return typeof wanted === 'string' && (live === `refs/heads/${wanted}` || live === `refs/tags/${wanted}`);
}

/**
 * The service keeps a cron_timezone as sent (`Berlin` stays `Berlin`), and an ActiveSupport name
 * runs as the zone it maps to: the file's `Berlin` and a live `Europe/Berlin` are one zone, no
 * change, and neither is rewritten (export writes the live value).
 */
const sameField = (name: string, wanted: unknown, live: unknown) =>
  name === 'ref' ? sameRef(wanted, live) : name === 'cron_timezone' ? sameCronZone(wanted, live) : equal(wanted, live);

/** Ci::PipelineSchedule's VALID_REF_FORMAT_REGEX: a full ref, which the service keeps as given. */
const FULL_REF = /^refs\/(heads|tags)\/\S/;

/**
 * The short refs a plan would send for a project's schedules (a new schedule's, a changed one's),
 * which the service expands to the one branch or tag of that name. The default branch is taken as
 * found without a request: it is a branch, and TagCheck refuses a tag of its name.
 */
function refsToCheck(live: LiveTarget, value: unknown): string[] {
  const project = live.resource;
  const refs = new Set<string>();
  for (const item of listOf(value).items) {
    const ref = String(item.ref);
    if (FULL_REF.test(ref)) continue;
    const existing = live.schedules?.find((s) => s.description === String(item.description));
    if (existing && sameRef(ref, existing.ref)) continue;
    if (project && project.empty_repo !== true && ref === project.default_branch) continue;
    refs.add(ref);
  }
  return [...refs];
}

/**
 * Whether a project the plan makes starts with an empty repository: made without a README
 * (initialize_with_readme), an import (import_url, in its settings or its pull mirror) or a
 * template (template_name, template_project_id, use_custom_template: doc/api/projects.md).
 */
function madeEmpty(target: DesiredTarget | undefined): boolean {
  const settings = isItem(target?.sections.settings) ? target.sections.settings : {};
  const mirror = isItem(target?.sections.mirror) ? target.sections.mirror : {};
  const filled = [
    'initialize_with_readme',
    'import_url',
    'template_name',
    'template_project_id',
    'use_custom_template',
  ];
  return !filled.some((key) => (settings[key] ?? mirror[key] ?? false) !== false);
}

/** What the branch GET says of who may update it (lib/api/entities/branch.rb). */
interface BranchAccess {
  protected?: boolean;
  can_push?: boolean;
  developers_can_merge?: boolean;
}

/** A branch's or a tag's GET: its answer, or undefined where there is none (404: the repository has none of that name). */
async function read<T>(reader: Reader, request: ApiRequest): Promise<T | undefined> {
  try {
    return (await reader.client.request<T>(request)).data;
  } catch (error) {
    if (isCollabError(error) && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The branches a plan would put a schedule on, or change one on, by name: each schedule's ref in
 * the file and, for one the project has, its live ref (a ref of a tag left out).
 */
function scheduleBranches(live: LiveTarget, value: unknown): string[] {
  const names = new Set<string>();
  const add = (ref: string) => {
    if (!ref.startsWith('refs/tags/')) names.add(ref.replace(/^refs\/heads\//, ''));
  };
  for (const item of listOf(value).items) {
    add(String(item.ref));
    const existing = live.schedules?.find((s) => s.description === String(item.description));
    if (existing) add(existing.ref);
  }
  return [...names];
}

/**
 * Whether a Developer may not update a branch, from its GET: Ci::PipelineSchedulePolicy's
 * `protected_ref` asks can_update_branch?, may push (`can_push`) or may merge. A Developer merges
 * to a protected branch through a Developers entry (`developers_can_merge`) or, on a paid tier,
 * one naming them or their group, which the GET does not show: `unsure` there.
 */
function developerBlocked(branch: BranchAccess | undefined): 'unsure' | undefined {
  if (branch?.protected !== true || branch.can_push === true || branch.developers_can_merge === true) return undefined;
  return 'unsure';
}

const variablesOf = (item: Item): VariableBody[] | undefined =>
  Array.isArray(item.variables)
    ? item.variables.filter(isItem).map((v) => ({
        key: String(v.key),
        value: String(v.value),
        ...(v.variable_type !== undefined ? { variable_type: String(v.variable_type) } : {}),
      }))
    : undefined;

const typeOf = (v: { variable_type?: string | undefined }) => v.variable_type ?? 'env_var';

/** Whether a live variable has the file's value and type: the diff's rule and a saved plan's. */
const sameVariable = (found: ScheduleVariable, wanted: VariableBody) =>
  found.value === wanted.value && typeOf(found) === typeOf(wanted);

/** What the file's variables change of the live ones: each variable's value and type, those it leaves out removed. */
function variableChanges(wanted: readonly VariableBody[], live: readonly ScheduleVariable[]): VariableChanges {
  const changes: VariableChanges = { create: [], update: [], delete: [] };
  for (const variable of wanted) {
    const found = live.find((v) => v.key === variable.key);
    if (!found) changes.create.push(variable);
    // Its type said even where the file leaves it out (env_var): a PUT without one keeps the old type.
    else if (!sameVariable(found, variable)) changes.update.push({ ...variable, variable_type: typeOf(variable) });
  }
  for (const found of live) if (!wanted.some((v) => v.key === found.key)) changes.delete.push(found.key);
  return changes;
}

/** Variables as a plan shows them: KEY -> value (`file:` before a file variable's). */
const shownVariables = (variables: readonly { key: string; value: unknown; variable_type?: string }[]) =>
  Object.fromEntries(variables.map((v) => [v.key, typeOf(v) === 'file' ? `file:${String(v.value)}` : v.value]));

/**
 * The variables a plan shows (shownVariables) as the file gave them, or undefined where that
 * cannot be told: `file:x` is a file variable of x or a variable of the text `file:x` alike.
 */
function shownAsGiven(shown: unknown): VariableBody[] | undefined {
  if (!isItem(shown)) return undefined;
  const given: VariableBody[] = [];
  for (const [key, value] of Object.entries(shown)) {
    if (typeof value !== 'string' || value.startsWith('file:')) return undefined;
    given.push({ key, value });
  }
  return given;
}

/**
 * Whether the live schedule holds what a change's `after` gives a field, by the diff's rules: a
 * field as sameField compares it, the variables as variableChanges does (none to make, change or
 * remove), the owner by username. Variables not read (none in the file when it was read) cannot be told.
 */
function scheduleHolds(schedule: Schedule, field: string, wanted: unknown): boolean {
  if (field === 'owner') return (schedule.owner?.username ?? null) === wanted;
  if (field !== 'variables') return sameField(field, wanted, schedule[field]);
  const given = shownAsGiven(wanted);
  if (given === undefined || schedule.variables === undefined) return false;
  const changes = variableChanges(given, schedule.variables);
  return changes.create.length + changes.update.length + changes.delete.length === 0;
}

/**
 * The keys of the variables a change's `after` (as the plan keeps it) shows as plain text: those
 * the file gives without a template. None where it shows no variables (a change that sends none).
 */
function plainVariables(after: unknown): Set<string> {
  const shown = isItem(after) ? after.variables : undefined;
  if (!isItem(shown)) return new Set();
  return new Set(Object.keys(shown).filter((key) => typeof shown[key] === 'string' && !templated(shown[key])));
}

const isSchedule = (item: Item): item is Schedule =>
  typeof item.id === 'number' && typeof item.description === 'string';

/** The plan's refusal of a short ref GitLab would answer `ref is ambiguous`, in the words of the case. */
function refRefused(path: string, description: string, ref: string, why: 'neither' | 'both' | 'new'): CollabError {
  const names =
    why === 'both'
      ? 'names both a branch and a tag of the project'
      : why === 'new'
        ? 'names no branch or tag of the empty repository the plan makes the project with'
        : 'names no branch or tag of the project';
  return new CollabError(
    'usage',
    `pipeline_schedules: ${description} on project ${path}: ref ${ref} ${names}, which GitLab refuses (400 ref is ambiguous)`,
    {
      hint:
        why === 'both'
          ? `give the full ref: refs/heads/${ref} or refs/tags/${ref}`
          : why === 'new'
            ? `make the project with a README (settings: initialize_with_readme: true), or give the full ref (refs/heads/${ref})`
            : `push the branch or tag first, give one that exists, or the full ref (refs/heads/${ref})`,
    },
  );
}

/**
 * A Developer's schedule on a branch protected against them (app/policies/ci/pipeline_schedule_policy.rb,
 * `protected_ref` prevents create_pipeline_schedule and update_pipeline_schedule): the create and
 * update services answer 400 not authorized to create (update) the pipeline schedule
 * (app/services/ci/pipeline_schedules/base_save_service.rb @7e8b0612), and a schedule already
 * there is 403 to change, its variables too (lib/api/ci/pipeline_schedules.rb @bdcf5320,
 * `authorize! :update_pipeline_schedule`; gitlabhq/gitlabhq). A refusal for certain, or the
 * warning's words where a paid tier's entry could let them in.
 */
function protectedRefusal(
  path: string,
  description: string,
  live: LiveTarget,
  ref: string,
  answer: 'create' | 'update' | 'keep',
): CollabError | string | undefined {
  const name = ref.replace(/^refs\/heads\//, '');
  const blocked = ref.startsWith('refs/tags/') ? undefined : live.protectedScheduleBranches?.get(name);
  if (!blocked) return undefined;
  const refused =
    answer === 'keep'
      ? 'GitLab lets no change of a schedule of theirs there (403)'
      : `GitLab makes no schedule of theirs there (400 not authorized to ${answer} the pipeline schedule)`;
  const whose = `pipeline_schedules: ${description} on project ${path}: ref ${ref} is a protected branch`;
  if (blocked === 'unsure')
    return `${whose} the caller may not push to, nor do Developers merge to it: ${refused} unless its protection lets the caller merge by name or by group`;
  return new CollabError('auth', `${whose} the caller may neither push nor merge to, and ${refused}`, {
    hint: `have a Maintainer make the change, let Developers merge to ${name} (protected_branches), or give a branch you may push to`,
  });
}

/**
 * What GitLab would refuse of a change to a schedule the caller does not own, said at plan:
 * changing it and creating or changing its variables is update_pipeline_schedule, its owner's or
 * an administrator's, and taking it over is admin_pipeline_schedule, a Maintainer's
 * (app/policies/ci/pipeline_schedule_policy.rb); removing a variable is a Maintainer's too.
 */
function ownerRefusal(
  path: string,
  description: string,
  live: LiveTarget,
  owner: string | undefined,
  change: { takeOwnership: boolean; writes: boolean },
): CollabError | undefined {
  if (owner === live.scheduleCaller || live.scheduleCallerAdmin || !change.writes) return undefined;
  const whose = `pipeline_schedules: ${description} on project ${path} is owned by ${owner ?? 'no one'}`;
  const yours = live.resource ? projectRole(live.resource) : undefined;
  if (!change.takeOwnership)
    return new CollabError('auth', `${whose}, and only its owner or an administrator may change it`, {
      hint: 'add take_ownership: true to the schedule (the Maintainer role takes it over), or leave it as it is',
    });
  if (yours !== undefined && yours < ACCESS_LEVELS.maintainer)
    return new CollabError('auth', `${whose}, and taking it over (take_ownership) needs the Maintainer role`, {
      hint: refusedHint(ROLES.maintainers, yours),
    });
  return undefined;
}

export const pipelineSchedules: Section<ScheduleSpec> = {
  name: 'pipeline_schedules',
  kinds: ['project'],
  noun: 'schedule',
  identity: 'description',
  schema: () =>
    listSchema(
      strictObject({
        description: string().check(minLength(1)),
        ref: paramSchema(REF),
        cron: paramSchema(CRON),
        cron_timezone: optional(paramSchema(CRON_TIMEZONE)),
        active: optional(boolean()),
        take_ownership: optional(boolean()),
        variables: optional(
          array(
            strictObject({
              key: string().check(minLength(1)),
              value: string(),
              variable_type: optional(oneOf(SCHEDULE_VARIABLE_TYPES)),
            }),
          ),
        ),
      }),
    ),
  itemProblem: (item) => {
    const keys = (variablesOf(item) ?? []).map((v) => v.key);
    const bad = keys.find((key) => scheduleVariableKeyProblem(key));
    if (bad !== undefined) return `variable ${bad}: ${scheduleVariableKeyProblem(bad)}`;
    const twice = keys.find((key, index) => keys.indexOf(key) !== index);
    return twice === undefined ? undefined : `variable ${twice} is listed twice`;
  },
  read: {
    none: (live) => void (live.schedules = []),
    target: async (reader, live, resource, value) => {
      const project = Number(resource.id);
      // The list `collab schedules list` sends, with who may read it: its 403 then names the role,
      // or CI/CD turned off (src/api/features.ts), from the project read the refusal alone makes.
      const listed = (await reader.list(schedulesPath(project), {}, ROLES.reporters)).filter(isSchedule);
      // The list carries no variables: a schedule's own GET does, made only for the schedules the
      // file gives variables (for every one where the whole state is wanted: export, a saved plan).
      const named =
        value === undefined
          ? undefined
          : new Set(
              listOf(value)
                .items.filter((item) => item.variables !== undefined)
                .map((item) => String(item.description)),
            );
      live.schedules = await Promise.all(
        listed.map(async (s) =>
          named && !named.has(s.description)
            ? s
            : (await reader.client.request<Schedule>(getSchedule(project, s.id))).data,
        ),
      );
      // GitLab shows a schedule's variables only to who may read them, a Maintainer or the
      // schedule's owner (PipelineScheduleDetails exposes them `if` read_pipeline_schedule_variables,
      // Ci::PipelineSchedulePolicy): a GET without them says nothing of what the schedule holds.
      if (named)
        live.unseenScheduleVariables = new Set(
          live.schedules.filter((s) => named.has(s.description) && s.variables === undefined).map((s) => s.description),
        );
    },
    // A short ref that names no branch or tag of the project, or both, is refused at apply (400
    // `ref is ambiguous`: Ci::PipelineSchedules::BaseSaveService @7e8b0612, expand_short_ref): the
    // plan asks for the branch and the tag of each such ref a change would send, and refuses it
    // first. An empty repository has neither (no request).
    once: async (ctx, lives, values, reader, planned) => {
      const caller = await reader.caller();
      for (const live of lives) {
        live.scheduleCaller = caller.username;
        live.scheduleCallerAdmin = caller.is_admin === true;
      }
      await Promise.all(
        lives.map(async (live, i) => {
          const refs = refsToCheck(live, values[i]);
          // A project the apply makes has what its create gives it: an empty repository, unless
          // it is made with a README, an import or a template (their branches cannot be told).
          if (!live.resource) {
            if (refs.length === 0 || !madeEmpty(planned('project', live.path))) return;
            live.unresolvedRefs = new Map(refs.map((ref) => [ref, 'new']));
            return;
          }
          const project = Number(live.resource.id);
          const empty = live.resource.empty_repo === true;
          // Each branch read once a project, for both questions.
          const branches = new Map<string, Promise<BranchAccess | undefined>>();
          const branch = (name: string) => {
            const known = branches.get(name) ?? read<BranchAccess>(reader, getBranch(project, name));
            branches.set(name, known);
            return known;
          };
          const unresolved = new Map<string, 'neither' | 'both'>();
          await Promise.all(
            refs.map(async (ref) => {
              const [found, tag] = empty
                ? [false, false]
                : await Promise.all([
                    branch(ref).then((b) => b !== undefined),
                    read(reader, getTag(project, ref)).then((t) => t !== undefined),
                  ]);
              if (found === tag) unresolved.set(ref, found ? 'both' : 'neither');
            }),
          );
          live.unresolvedRefs = unresolved;
          // Only a Developer's: below it the role is refused first (403), and a Maintainer's
          // merging through a Maintainers entry cannot be told from the branch's GET.
          const role = projectRole(live.resource);
          if (caller.is_admin === true || empty || role === undefined) return;
          if (role < ACCESS_LEVELS.developer || role >= ACCESS_LEVELS.maintainer) return;
          const blocked = new Map<string, 'refused' | 'unsure'>();
          await Promise.all(
            scheduleBranches(live, values[i]).map(async (name) => {
              const why = developerBlocked(await branch(name));
              if (why) blocked.set(name, why);
            }),
          );
          live.protectedScheduleBranches = blocked;
        }),
      );
      // GitLab Free has no entry naming a user or a group (a paid feature): there the branch's GET
      // says all, one GET /metadata a run, made only when a Developer's branch is in doubt.
      const doubted = lives.filter((live) => (live.protectedScheduleBranches?.size ?? 0) > 0);
      if (doubted.length === 0) return;
      if (!isFreeAnswer(await ctx.session.request<Metadata>(getMetadata()))) return;
      for (const live of doubted)
        for (const name of live.protectedScheduleBranches?.keys() ?? [])
          live.protectedScheduleBranches?.set(name, 'refused');
    },
  },
  diff: ({ target, value, live, kept, warn, emit }) => {
    const wanted = listOf(value);
    const found = live.schedules ?? [];
    for (const item of wanted.items) {
      const description = String(item.description);
      // The description as written, for what is said and sent (a template where it is a secret).
      const written = String(kept(item).description);
      const variables = variablesOf(item);
      // Compared as resolved, shown and sent as the plan keeps them: a field given as a template is its template.
      const fields = Object.fromEntries(
        FIELDS.filter((name) => item[name] !== undefined).map((n) => [n, kept(item)[n]]),
      );
      const existing = found.find((s) => s.description === description);
      // GitLab lets two schedules share a description, which names one in the file: the plan says
      // which it compares, and that the others stay (enforce cannot tell them from it either).
      const others = found.filter((s) => s !== existing && s.description === description);
      if (existing && others.length > 0)
        warn(
          `pipeline_schedules: project ${target.path} has ${others.length + 1} schedules described ${written}: the plan compares the first (ID ${existing.id}) alone, and leaves ${others.map((s) => `ID ${s.id}`).join(', ')} (give ${others.length === 1 ? 'it' : 'them'} another description)`,
        );
      // Only a ref the change sends: a schedule that keeps its ref is not refused for another's.
      const unresolved = live.unresolvedRefs?.get(String(item.ref));
      if (unresolved && !(existing && sameRef(item.ref, existing.ref)))
        throw refRefused(target.path, written, String(item.ref), unresolved);
      // Each variable's value as the plan keeps it, by its key: the file's list and its kept copy are in one order.
      const keptValues = new Map(
        (variables ?? []).map((v, i) => [v.key, variablesOf(kept(item))?.[i]?.value ?? v.value]),
      );
      const templated = (list: VariableBody[]) => list.map((v) => ({ ...v, value: keptValues.get(v.key) ?? v.value }));
      const guarded = (ref: string, answer: 'create' | 'update' | 'keep') => {
        const refusal = protectedRefusal(target.path, written, live, ref, answer);
        if (typeof refusal === 'string') warn(refusal);
        else if (refusal) throw refusal;
      };
      if (!existing) {
        guarded(String(item.ref), 'create');
        const shown: Item = { ...fields, ...(variables ? { variables: shownVariables(templated(variables)) } : {}) };
        emit(description, 'create', null, shown, {
          op: 'schedule-create',
          body: { description: written, ...fields },
          variables: templated(variables ?? []),
        });
        continue;
      }
      if (variables && live.unseenScheduleVariables?.has(description)) {
        const yours = live.resource ? projectRole(live.resource) : undefined;
        throw new CollabError(
          'auth',
          `pipeline_schedules: ${written} on project ${target.path}: the caller may not read its variables, so the file's cannot be compared (GitLab shows them to maintainers and the schedule's owner)`,
          { hint: refusedHint(ROLES.maintainers, yours) },
        );
      }
      const changed = FIELDS.filter((name) => item[name] !== undefined && !sameField(name, item[name], existing[name]));
      const vars = variables
        ? variableChanges(variables, existing.variables ?? [])
        : { create: [], update: [], delete: [] };
      const varsChanged = vars.create.length + vars.update.length + vars.delete.length > 0;
      if (changed.length === 0 && !varsChanged) continue;
      const before: Item = Object.fromEntries(changed.map((name) => [name, existing[name]]));
      const after: Item = Object.fromEntries(changed.map((name) => [name, fields[name]]));
      if (varsChanged && variables) {
        // A variable the file gives as a template is a secret: its live value is not shown either.
        // Nor is one the file no longer lists: nothing tells whether a template gave it.
        const plain = new Set(variables.filter((v) => keptValues.get(v.key) === v.value).map((v) => v.key));
        before.variables = shownVariables(
          (existing.variables ?? []).map((v) => (plain.has(v.key) ? v : { ...v, value: MASKED })),
        );
        after.variables = shownVariables(templated(variables));
      }
      const owner = existing.owner?.username;
      const takeOwnership = owner !== live.scheduleCaller && item.take_ownership === true;
      const refusal = ownerRefusal(target.path, written, live, owner, {
        takeOwnership,
        writes: changed.length + vars.create.length + vars.update.length > 0,
      });
      if (refusal) throw refusal;
      // Changing it, or making or changing a variable of it, is asked of its live ref first (403),
      // then of the ref it moves to (400); removing a variable is admin_pipeline_schedule, not refused.
      if (changed.length + vars.create.length + vars.update.length > 0) {
        guarded(existing.ref, 'keep');
        if (changed.includes('ref')) guarded(String(item.ref), 'update');
      }
      if (owner !== live.scheduleCaller) {
        // Only its owner may change it: taken over when the file says so, else the plan says whose it is.
        before.owner = owner ?? null;
        if (takeOwnership) after.owner = live.scheduleCaller;
      }
      emit(description, 'update', before, after, {
        op: 'schedule-update',
        scheduleId: existing.id,
        takeOwnership,
        body: Object.fromEntries(changed.map((name) => [name, fields[name]])),
        variables: { create: templated(vars.create), update: templated(vars.update), delete: vars.delete },
      });
    }
    const keyOf = keysApart((s: Schedule) => s.description);
    for (const existing of unlisted(wanted, found, (item, s) => item.description === s.description)) {
      // Removing it is admin_pipeline_schedule: its owner's, a Maintainer's or an administrator's.
      const owner = existing.owner?.username;
      const yours = live.resource ? projectRole(live.resource) : undefined;
      if (
        owner !== live.scheduleCaller &&
        !live.scheduleCallerAdmin &&
        yours !== undefined &&
        yours < ACCESS_LEVELS.maintainer
      )
        throw new CollabError(
          'auth',
          `pipeline_schedules: ${existing.description} on project ${target.path} is owned by ${owner ?? 'no one'}, and removing it (enforce) needs the Maintainer role`,
          { hint: refusedHint(ROLES.maintainers, yours) },
        );
      emit(
        keyOf(existing),
        'delete',
        { description: existing.description },
        null,
        { op: 'schedule-delete', scheduleId: existing.id },
        true,
      );
    }
  },
  // A variable's value kept as its template (a secret) or shown as `file:…` cannot be told, and
  // such a change stays stale when its schedule moved.
  reached: (description, after, live) =>
    listReached(
      itemAt(description, live.schedules, (s) => s.description),
      after,
      scheduleHolds,
    ),
  // A saved plan carries these.
  liveFields: (key, live, after) => {
    const found = itemAt(key, live.schedules, (s) => s.description);
    if (!found) return { schedule: null };
    const plain = plainVariables(after);
    return {
      schedule: {
        id: found.id,
        ...Object.fromEntries(FIELDS.map((name) => [name, found[name]])),
        owner: found.owner?.username ?? null,
        // Only where they were read: the plan compares no variables of a schedule the file gives none.
        ...(found.variables === undefined
          ? {}
          : {
              variables: found.variables.map((v) => `${v.key}:${typeOf(v)}`),
              // A value the plan shows (the file gives it as plain text) as its digest, so that one
              // another client changed after the plan makes the change stale rather than
              // overwritten. Not a secret's (given as a template), nor one the file no longer lists,
              // whose before reads [masked]: a digest of a short secret is found from the plan. By
              // key, so that a check, whose read has them all, compares only those the plan kept.
              variable_values: Object.fromEntries(
                found.variables
                  .filter((v) => plain.has(v.key))
                  .map((v) => [v.key, createHash('sha256').update(String(v.value)).digest('hex')]),
              ),
            }),
      },
    };
  },
  // The variables are in the live fields as their keys and the plain values' digests.
  updates: (_description, after) =>
    isItem(after)
      ? Object.keys(after).flatMap((field) => (field === 'variables' ? ['variables', 'variable_values'] : [field]))
      : undefined,
  // A secret's live value has no digest in the plan: one sent over it cannot be checked unmoved.
  unchecked: (spec) => {
    if (spec.op !== 'schedule-update') return undefined;
    const keys = spec.variables.update.filter((v) => templated(v.value)).map((v) => v.key);
    if (keys.length === 0) return undefined;
    return `the value of ${keys.join(', ')}, a secret the plan keeps no digest of, cannot be checked against what the service has now: sent as planned, over any value another client set since the plan`;
  },
  ops: ['schedule-create', 'schedule-update', 'schedule-delete'],
  send: async (spec, resolver) => {
    const resolved = (list: readonly VariableBody[]) =>
      list.map((v) => withSecrets(v as unknown as Item, resolver.secret) as unknown as VariableBody);
    switch (spec.op) {
      case 'schedule-create': {
        // The variables go to the schedule this change makes: its ID comes with the create's answer.
        let made: number | undefined;
        const create: ChangeRequest = {
          ...createSchedule(spec.ref, withSecrets(spec.body, resolver.secret) as typeof spec.body, resolver.sentAt),
          answered: (data) => void (made = isItem(data) && typeof data.id === 'number' ? data.id : undefined),
        };
        const variables = resolved(spec.variables).map((v) =>
          Object.defineProperty({ ...createScheduleVariable(spec.ref, undefined, v) }, 'path', {
            enumerable: true,
            get: () => createScheduleVariable(spec.ref, made, v).path,
          }),
        );
        return [create, ...variables];
      }
      case 'schedule-update': {
        const { create, update } = spec.variables;
        return [
          ...(spec.takeOwnership ? [takeScheduleOwnership(spec.ref, spec.scheduleId)] : []),
          ...(Object.keys(spec.body).length > 0
            ? [updateSchedule(spec.ref, spec.scheduleId, withSecrets(spec.body, resolver.secret))]
            : []),
          ...resolved(create).map((v) => createScheduleVariable(spec.ref, spec.scheduleId, v)),
          ...resolved(update).map((v) => updateScheduleVariable(spec.ref, spec.scheduleId, v)),
          ...spec.variables.delete.map((key) => deleteScheduleVariable(spec.ref, spec.scheduleId, key)),
        ];
      }
      case 'schedule-delete':
        return [deleteSchedule(spec.ref, spec.scheduleId)];
    }
  },
  export: ({ live }) => {
    const items = (live.schedules ?? []).map((s) => {
      const item: Item = { description: s.description, ref: s.ref.replace(/^refs\/heads\//, ''), cron: s.cron };
      if (s.cron_timezone !== SCHEDULE_DEFAULTS.cron_timezone) item.cron_timezone = s.cron_timezone;
      if (s.active !== SCHEDULE_DEFAULTS.active) item.active = s.active;
      if ((s.variables ?? []).length > 0)
        item.variables = (s.variables ?? []).map((v) => ({
          key: v.key,
          value: v.value,
          ...(typeOf(v) === 'file' ? { variable_type: 'file' } : {}),
        }));
      return item;
    });
    return items.length > 0 ? items : undefined;
  },
};
