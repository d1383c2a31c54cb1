import { type GroupRecord, type GroupRef, restoreGroup } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { printGroup } from './group-output.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const RESTORE = verb({
  name: 'restore',
  summary: 'Restore a group marked for deletion',
  args: { group: GROUP },
  mutating: true,
  examples: ['collab groups restore acme/old'],
});

interface RestoreOptions {
  group: GroupRef;
}

export async function run(ctx: VerbContext, opts: RestoreOptions): Promise<void> {
  const response = await ctx.session.mutate<GroupRecord>(restoreGroup(opts.group));
  if (!response) return;
  ctx.terminal.info(`restored group ${response.data.full_path}: it is no longer marked for deletion`);
  await printGroup(ctx, response.data);
}
