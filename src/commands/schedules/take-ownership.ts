import { type Schedule, takeScheduleOwnership } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { SCHEDULE_VIEW } from './fields.js';
import { unknownSchedule } from './view.js';
import { SCHEDULE_ID } from './shared.js';
import { ownerVerb } from '../owner.js';

export const TAKE_OWNERSHIP = ownerVerb({
  kinds: ['project'],
  name: 'take-ownership',
  summary: 'Make yourself the schedule’s owner (Maintainer role), so that you may change it',
  description: 'Its pipelines then run as you.',
  args: { scheduleId: SCHEDULE_ID },
  mutating: true,
  examples: ['collab schedules take-ownership 3 --project acme/web/storefront'],
});

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
