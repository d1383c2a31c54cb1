import { playSchedule } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import type { Column } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { unknownSchedule } from './view.js';
import { SCHEDULE_ID } from './shared.js';
import { ownerVerb } from '../owner.js';

export const PLAY = ownerVerb({
  kinds: ['project'],
  name: 'play',
  summary: 'Run a schedule’s pipeline now (its next run is not moved)',
  args: { scheduleId: SCHEDULE_ID },
  mutating: true,
  examples: ['collab schedules play 3 --project acme/web/storefront'],
});

type PlayScheduleOptions = VerbInput<typeof PLAY>;

export async function run(ctx: VerbContext, opts: PlayScheduleOptions): Promise<void> {
  const response = await ctx.session.mutate(playSchedule(opts.owner.ref, opts.scheduleId)).catch((error: unknown) => {
    throw unknownSchedule(error, opts.owner.ref, opts.scheduleId);
  });
  if (!response) return;
  ctx.terminal.info(`started a pipeline of schedule ${opts.scheduleId} on project ${opts.owner.ref}`);
  await ctx.presenter.action({ value: { id: opts.scheduleId, played: true }, columns: PLAYED });
}

const PLAYED: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'PLAYED', path: 'played' },
];
