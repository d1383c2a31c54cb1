import { schedulesPath } from '../../api/pipeline-schedules.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import { SCHEDULE_SCOPES } from '../../params/pipeline-schedules.js';
import type { VerbInput } from '../verb.js';
import { SCHEDULE_COLUMNS } from './fields.js';
import { choice } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s pipeline schedules (without their variables)',
  flags: {
    scope: choice('--scope <scope>', 'only the active schedules, or only the paused ones (inactive)', SCHEDULE_SCOPES),
  },
  list: true,
  examples: [
    'collab schedules list --project acme/web/storefront',
    'collab schedules list --project 42 --scope inactive --json',
  ],
});

type ListSchedulesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListSchedulesOptions): Promise<void> {
  const query = opts.scope !== undefined ? { scope: opts.scope } : {};
  await ctx.presenter.list(
    await ctx.session.pages(schedulesPath(opts.owner.ref), query, opts.list, { requires: ROLES.reporters }),
    { columns: SCHEDULE_COLUMNS },
  );
}
