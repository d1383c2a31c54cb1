import { type GroupRef, syncGroupWithLdap } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';

interface LdapSyncOptions {
  group: GroupRef;
}

export async function run(ctx: VerbContext, opts: LdapSyncOptions): Promise<void> {
  const response = await ctx.session.mutate(syncGroupWithLdap(opts.group));
  if (!response) return;
  ctx.terminal.info(`LDAP sync of group ${opts.group} queued: the service updates its members in the background`);
}
