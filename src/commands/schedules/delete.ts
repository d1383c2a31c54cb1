import { deleteSchedule } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned, hintlessNotFound } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { SCHEDULE_ID } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove a schedule (one already gone is not an error)',
  typing: 'the schedule’s ID',
  note: 'Needs the Maintainer role.',
  args: { scheduleId: SCHEDULE_ID },
  kinds: ['project'],
  strict: 'the schedule does not exist',
  examples: ['collab schedules delete 3 --project acme/web/storefront --yes'],
});

type DeleteScheduleOptions = VerbInput<typeof DELETE>;

/**
 * As every owned thing's delete: the ID typed on a terminal, --yes elsewhere; a schedule already
 * gone is done (exit 4 with --strict). GitLab answers a schedule CI/CD turned off hides with the
 * same 404 as one not there: the 404 is taken as an error, so that the client names a feature that
 * is off (src/api/features.ts, its hint), and only one without that hint is done.
 */
export async function run(ctx: VerbContext, opts: DeleteScheduleOptions): Promise<void> {
  await deleteOwned(ctx, {
    owner: opts.owner,
    what: `pipeline schedule ${opts.scheduleId}`,
    typed: String(opts.scheduleId),
    yes: opts.yes,
    strict: opts.strict,
    request: { ...deleteSchedule(opts.owner.ref, opts.scheduleId), okStatuses: [] },
    absent: hintlessNotFound,
  });
}
