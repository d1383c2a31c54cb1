import type { Owner } from '../../api/owner.js';
import {
  createScheduleVariable,
  deleteScheduleVariable,
  getSchedule,
  type Schedule,
  updateSchedule,
  updateScheduleVariable,
} from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import {
  allVariables,
  readVariables,
  SCHEDULE_VIEW,
  type SecretVariable,
  secretVariables,
  type VariableInput,
} from './fields.js';
import { unknownSchedule } from './view.js';
import { UPDATE_FLAGS } from './options.js';
import { refHint, SCHEDULE_ID } from './shared.js';
import { ownerVerb } from '../owner.js';
import { nothingToChange, type ReadScope } from '../flags.js';

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change a schedule and its variables (the schedule’s owner only)',
  description:
    'Only the schedule’s owner may change it: another maintainer takes ownership first (`collab schedules take-ownership`). --variable, --file-variable and --variable-from-file set a variable (added when the schedule has none of that key), --remove-variable removes one.',
  args: { scheduleId: SCHEDULE_ID },
  flags: UPDATE_FLAGS,
  mutating: true,
  examples: [
    "collab schedules update 3 --project acme/web/storefront --cron '30 2 * * *'",
    'collab schedules update 3 --project 42 --no-active --remove-variable SUITE',
  ],
});

interface UpdateScheduleOptions {
  owner: Owner;
  scheduleId: number;
  fields: Record<string, unknown>;
  variables: VariableInput[];
  /** --variable-from-file's, read as the verb runs. */
  secret: SecretVariable[];
  remove: string[];
}

export async function parse(input: VerbInput<typeof UPDATE>, scope: ReadScope): Promise<UpdateScheduleOptions> {
  const fields = Object.fromEntries(
    (
      [
        ['description', input.description],
        ['ref', input.ref],
        ['cron', input.cron],
        ['cron_timezone', input.cronTimezone],
        ['active', input.active],
      ] as const
    ).filter(([, value]) => value !== undefined),
  );
  const secret = secretVariables(input.variableFiles, scope.targetsOnStdin);
  const variables = await readVariables(
    input.variables,
    input.fileVariables,
    secret.map((v) => v.key),
  );
  const both = [...variables, ...secret].find((v) => input.removeVariables.includes(v.key));
  if (both) throw new CollabError('usage', `variable ${both.key} is both set and removed`, { hint: 'give it once' });
  if (Object.keys(fields).length === 0 && variables.length + secret.length === 0 && input.removeVariables.length === 0)
    throw nothingToChange(UPDATE_FLAGS);
  return { owner: input.owner, scheduleId: input.scheduleId, fields, variables, secret, remove: input.removeVariables };
}

/** Reads the schedule (which variables it has), then its PUT and each variable's request. */
export async function run(ctx: VerbContext, given: UpdateScheduleOptions): Promise<void> {
  // Every value is read before anything is sent: one that cannot be is refused first.
  const opts = { ...given, variables: await allVariables(ctx, given.variables, given.secret) };
  const { scheduleId } = opts;
  const project = opts.owner.ref;
  const { data: schedule } = await ctx.session
    .request<Schedule>(getSchedule(project, scheduleId))
    .catch((error: unknown) => {
      throw unknownSchedule(error, project, scheduleId);
    });
  const has = new Set((schedule.variables ?? []).map((v) => v.key));
  // No variables shown is no right to them (the details entity shows them to a Maintainer or the
  // owner alone: read_pipeline_schedule_variables), not none there: the service's 403 says so.
  const missing = schedule.variables === undefined ? undefined : opts.remove.find((key) => !has.has(key));
  if (missing !== undefined)
    throw new CollabError('not-found', `schedule ${scheduleId} has no variable ${missing}`, {
      hint: `\`collab schedules view ${scheduleId} --project ${project}\` shows its variables`,
    });
  let updated = schedule;
  if (Object.keys(opts.fields).length > 0) {
    const response = await ctx.session
      .mutate<Schedule>(updateSchedule(project, scheduleId, opts.fields))
      .catch((error: unknown) => {
        throw refHint(error, opts.fields.ref, project);
      });
    if (response) updated = response.data;
  }
  // A variable's value is kept out of what --dry-run shows, as a CI/CD variable's is.
  for (const variable of opts.variables)
    await ctx.session.mutate(
      has.has(variable.key)
        ? updateScheduleVariable(project, scheduleId, variable)
        : createScheduleVariable(project, scheduleId, variable),
      ['value'],
    );
  for (const key of opts.remove) await ctx.session.mutate(deleteScheduleVariable(project, scheduleId, key));
  if (ctx.session.dryRun) return;
  ctx.terminal.info(`updated pipeline schedule ${scheduleId} (${updated.description}) on project ${project}`);
  const { data } = await ctx.session.request<Schedule>(getSchedule(project, scheduleId));
  await ctx.presenter.resource(data, SCHEDULE_VIEW);
}
