import { schedulesPath } from '../../api/pipeline-schedules.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { SCHEDULE_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s pipeline schedules (without their variables)',
  list: true,
  examples: ['collab schedules list --project acme/web/storefront', 'collab schedules list --project 42 --json'],
});

type ListSchedulesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListSchedulesOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(schedulesPath(opts.owner.ref), {}, opts.list, { requires: ROLES.developers }),
    { columns: SCHEDULE_COLUMNS },
  );
}
