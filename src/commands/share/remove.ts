import { describeOwner } from '../../api/owner.js';
import { resolveGroupId } from '../../api/resolve.js';
import { getOwner, unshareGroup } from '../../api/shares.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { WITH } from './shared.js';
import { bool } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const REMOVE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'remove',
  destructive: true,
  summary: 'Stop sharing it with a group (not shared is not an error)',
  flags: {
    withGroup: WITH,
    strict: bool('--strict', 'fail with exit 4 when it is not shared with that group'),
  },
  mutating: true,
  examples: ['collab share remove --project acme/web/storefront --group-id globex'],
});

/** The declared input is the options: no parse. */
type RemoveShareOptions = VerbInput<typeof REMOVE>;

export async function run(ctx: VerbContext, opts: RemoveShareOptions): Promise<void> {
  const groupId = await resolveGroupId(ctx.session, opts.withGroup, '--group-id');
  const response = await ctx.session.mutate(unshareGroup(opts.owner, groupId));
  if (!response) return;
  if (response.status !== 404) {
    ctx.terminal.info(`stopped sharing ${describeOwner(opts.owner)} with group ${opts.withGroup}`);
    return;
  }
  // 404: not shared (nothing to do) or no such project or group (its own 404 says so).
  await ctx.session.request(getOwner(opts.owner));
  if (opts.strict)
    throw new CollabError('not-found', `${describeOwner(opts.owner)} is not shared with group ${opts.withGroup}`, {
      status: 404,
    });
  await ctx.presenter.action({
    unchanged: `${describeOwner(opts.owner)} was not shared with group ${opts.withGroup}; nothing to do`,
  });
}
