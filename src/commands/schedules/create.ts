import type { Owner } from '../../api/owner.js';
import {
  createSchedule,
  createScheduleVariable,
  type Schedule,
  type ScheduleVariable,
} from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import {
  allVariables,
  readVariables,
  SCHEDULE_VIEW,
  type SecretVariable,
  secretVariables,
  type VariableInput,
} from './fields.js';
import { CREATE_FLAGS } from './options.js';
import { ownerVerb } from '../owner.js';
import { refHint } from './shared.js';

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add a pipeline schedule',
  description:
    'Active unless --no-active; the cron is read in UTC unless --cron-timezone names another zone, an IANA one (Europe/Berlin), an ActiveSupport one (Berlin, Pacific Time (US & Canada)) or an offset (+05:30); names are case-sensitive, and the service keeps the zone as given. A short ref (main) is taken by the service for the branch or tag of that name.',
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
  /** --variable-from-file's, read as the verb runs. */
  secret: SecretVariable[];
}

export async function parse(input: VerbInput<typeof CREATE>, scope: ReadScope): Promise<CreateScheduleOptions> {
  const fields = {
    description: input.description,
    ref: input.ref,
    cron: input.cron,
    ...(input.cronTimezone !== undefined ? { cron_timezone: input.cronTimezone } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  const secret = secretVariables(input.variableFiles, scope.targetsOnStdin);
  const variables = await readVariables(
    input.variables,
    input.fileVariables,
    secret.map((v) => v.key),
  );
  return { owner: input.owner, fields, variables, secret };
}

/** The schedule, then each variable on it (the service takes them one a request, once the schedule has an ID). */
export async function run(ctx: VerbContext, given: CreateScheduleOptions): Promise<void> {
  // Every value is read before anything is sent: one that cannot be is refused first.
  const opts = { ...given, variables: await allVariables(ctx, given.variables, given.secret) };
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
  // Each variable as the service answered it (key, value, variable_type, raw), as a GET shows them.
  const variables: ScheduleVariable[] = [];
  for (const [i, variable] of opts.variables.entries()) {
    const made = await ctx.session
      .mutate<ScheduleVariable>(createScheduleVariable(opts.owner.ref, schedule.id, variable))
      .catch((error: unknown) => {
        throw halfMade(error, opts, schedule.id, opts.variables.slice(i));
      });
    if (made) variables.push(made.data);
  }
  ctx.terminal.info(
    `created pipeline schedule ${schedule.id} (${schedule.description}) on project ${opts.owner.ref}${opts.variables.length ? ` with ${opts.variables.length} variable${opts.variables.length === 1 ? '' : 's'}` : ''}`,
  );
  await ctx.presenter.resource({ ...schedule, variables }, SCHEDULE_VIEW);
}

/**
 * A variable refused once the schedule is made: the schedule stays, without that variable and
 * those after it (the service takes them one a request, after the schedule). Said with its ID and
 * what finishes it or takes it back, so that a script run again does not make a second schedule.
 * The keys alone are named: a value may be a secret.
 */
function halfMade(error: unknown, opts: CreateScheduleOptions, id: number, missing: VariableInput[]): unknown {
  if (!isCollabError(error)) return error;
  const project = opts.owner.ref;
  const keys = missing.map((v) => v.key).join(', ');
  const again = missing
    .map((v) => `${v.variable_type === 'file' ? '--file-variable' : '--variable'} ${v.key}=…`)
    .join(' ');
  return withHint(
    error,
    `pipeline schedule ${id} was created without ${missing.length === 1 ? 'variable' : 'variables'} ${keys}: \`collab schedules update ${id} --project ${project} ${again}\` adds ${missing.length === 1 ? 'it' : 'them'}, \`collab schedules delete ${id} --project ${project} --yes\` removes the schedule`,
  );
}
