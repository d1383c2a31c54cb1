import { schedulesPath } from '../../api/pipeline-schedules.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { SCHEDULE_COLUMNS } from './fields.js';
import type { LIST } from './index.js';

type ListSchedulesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListSchedulesOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(schedulesPath(opts.owner.ref), {}, opts.list, { requires: ROLES.developers }),
    { columns: SCHEDULE_COLUMNS },
  );
}
