import { type Schedule, takeScheduleOwnership } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { SCHEDULE_VIEW } from './fields.js';
import type { TAKE_OWNERSHIP } from './index.js';
import { unknownSchedule } from './view.js';

type TakeOwnershipOptions = VerbInput<typeof TAKE_OWNERSHIP>;

export async function run(ctx: VerbContext, opts: TakeOwnershipOptions): Promise<void> {
  const response = await ctx.session
    .mutate<Schedule>(takeScheduleOwnership(opts.owner.ref, opts.scheduleId))
    .catch((error: unknown) => {
      throw unknownSchedule(error, opts.owner.ref, opts.scheduleId);
    });
  if (!response) return;
  ctx.terminal.info(`you own pipeline schedule ${opts.scheduleId} (${response.data.description}) now`);
  await ctx.presenter.resource(response.data, SCHEDULE_VIEW);
}
