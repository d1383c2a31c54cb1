import { deleteSchedule } from '../../api/pipeline-schedules.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

type DeleteScheduleOptions = VerbInput<typeof DELETE>;

/** As every owned thing's delete: the ID typed on a terminal, --yes elsewhere; a schedule already gone is done (exit 4 with --strict). */
export async function run(ctx: VerbContext, opts: DeleteScheduleOptions): Promise<void> {
  await deleteOwned(ctx, {
    owner: opts.owner,
    what: `pipeline schedule ${opts.scheduleId}`,
    typed: String(opts.scheduleId),
    yes: opts.yes,
    strict: opts.strict,
    request: deleteSchedule(opts.owner.ref, opts.scheduleId),
  });
}
