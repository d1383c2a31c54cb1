import { getSchedule, type Schedule } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { SCHEDULE_VIEW } from './fields.js';
import { SCHEDULE_ID } from './shared.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one schedule, with its variables',
  args: { scheduleId: SCHEDULE_ID },
  examples: ['collab schedules view 3 --project acme/web/storefront'],
});

type ViewScheduleOptions = VerbInput<typeof VIEW>;

/** The schedule's 404 (not the project's) says where its IDs are listed. */
export const unknownSchedule = (error: unknown, project: string | number, id: number) =>
  unknownThing(error, { kind: 'project', ref: project }, `pipeline schedule ${id}`, 'schedules');

export async function run(ctx: VerbContext, opts: ViewScheduleOptions): Promise<void> {
  const { data } = await ctx.session
    .request<Schedule>(getSchedule(opts.owner.ref, opts.scheduleId))
    .catch((error: unknown) => {
      throw unknownSchedule(error, opts.owner.ref, opts.scheduleId);
    });
  await ctx.presenter.resource(data, SCHEDULE_VIEW);
}
