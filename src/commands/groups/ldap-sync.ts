import { type GroupRef, syncGroupWithLdap } from '../../api/groups.js';
import type { Context } from '../../context.js';

export interface LdapSyncOptions {
  group: GroupRef;
}

export async function run(ctx: Context, opts: LdapSyncOptions): Promise<void> {
  const response = await ctx.mutate(syncGroupWithLdap(opts.group));
  if (!response) return;
  ctx.info(`LDAP sync of group ${opts.group} queued: the service updates its members in the background`);
}
