import type { Owner } from '../../api/owner.js';
import { createSchedule, createScheduleVariable, type Schedule } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { readVariables, SCHEDULE_VIEW, type VariableInput } from './fields.js';
import { CREATE_FLAGS } from './options.js';
import { ownerVerb } from '../owner.js';
import { refHint } from './shared.js';

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add a pipeline schedule',
  description:
    'Active unless --no-active; the cron is read in UTC unless --cron-timezone names an IANA time zone. A short ref (main) is taken by the service for the branch or tag of that name.',
  flags: CREATE_FLAGS,
  mutating: true,
  examples: [
    "collab schedules create --project acme/web/storefront --description nightly --ref main --cron '0 2 * * *'",
    "collab schedules create --project 42 --description weekly --ref main --cron '0 6 * * 1' --cron-timezone Europe/Berlin --variable SUITE=full --file-variable CONFIG=ci/weekly.yml",
  ],
});

interface CreateScheduleOptions {
  owner: Owner;
  fields: Record<string, unknown> & { description: string };
  variables: VariableInput[];
}

export async function parse(input: VerbInput<typeof CREATE>): Promise<CreateScheduleOptions> {
  const fields = {
    description: input.description,
    ref: input.ref,
    cron: input.cron,
    ...(input.cronTimezone !== undefined ? { cron_timezone: input.cronTimezone } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  return { owner: input.owner, fields, variables: await readVariables(input.variables, input.fileVariables) };
}

/** The schedule, then each variable on it (the service takes them one a request, once the schedule has an ID). */
export async function run(ctx: VerbContext, opts: CreateScheduleOptions): Promise<void> {
  if (ctx.session.dryRun) {
    await ctx.session.mutate(createSchedule(opts.owner.ref, opts.fields));
    // A variable's value is kept out of what --dry-run shows, as a CI/CD variable's is.
    for (const variable of opts.variables)
      await ctx.session.mutate(createScheduleVariable(opts.owner.ref, undefined, variable), ['value']);
    return;
  }
  const response = await ctx.session
    .mutate<Schedule>(createSchedule(opts.owner.ref, opts.fields))
    .catch((error: unknown) => {
      throw refHint(error, opts.fields.ref, opts.owner.ref);
    });
  if (!response) return;
  const schedule = response.data;
  for (const variable of opts.variables)
    await ctx.session.mutate(createScheduleVariable(opts.owner.ref, schedule.id, variable));
  ctx.terminal.info(
    `created pipeline schedule ${schedule.id} (${schedule.description}) on project ${opts.owner.ref}${opts.variables.length ? ` with ${opts.variables.length} variable${opts.variables.length === 1 ? '' : 's'}` : ''}`,
  );
  await ctx.presenter.resource({ ...schedule, variables: opts.variables }, SCHEDULE_VIEW);
}
