import { getSchedule, type Schedule } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import { isCollabError } from '../../errors.js';
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

/**
 * The schedule's 404 (not the project's) says where its IDs are listed, unless the client's hint
 * says CI/CD is turned off (src/api/features.ts): GitLab answers the same 404 then, and the list
 * would be refused too. A schedule's 404 carries no other hint of the client's.
 */
export const unknownSchedule = (error: unknown, project: string | number, id: number) =>
  isCollabError(error) && error.hint !== undefined
    ? error
    : unknownThing(error, { kind: 'project', ref: project }, `pipeline schedule ${id}`, 'schedules');

export async function run(ctx: VerbContext, opts: ViewScheduleOptions): Promise<void> {
  const { data } = await ctx.session
    .request<Schedule>(getSchedule(opts.owner.ref, opts.scheduleId))
    .catch((error: unknown) => {
      throw unknownSchedule(error, opts.owner.ref, opts.scheduleId);
    });
  await ctx.presenter.resource(data, SCHEDULE_VIEW);
}
