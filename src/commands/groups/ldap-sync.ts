import { type GroupRef, syncGroupWithLdap } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const LDAP_SYNC = verb({
  name: 'ldap-sync',
  summary: 'Sync the members of a group with its LDAP links (owners and administrators)',
  args: { group: GROUP },
  mutating: true,
  examples: ['collab groups ldap-sync acme'],
});

interface LdapSyncOptions {
  group: GroupRef;
}

export async function run(ctx: VerbContext, opts: LdapSyncOptions): Promise<void> {
  const response = await ctx.session.mutate(syncGroupWithLdap(opts.group));
  if (!response) return;
  ctx.terminal.info(`LDAP sync of group ${opts.group} queued: the service updates its members in the background`);
}
