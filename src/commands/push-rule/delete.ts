import { describeOwner } from '../../api/owner.js';
import { deletePushRule } from '../../api/push-rules.js';
import { getOwner } from '../../api/shares.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { CollabError } from '../../errors.js';
import { bool } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const DELETE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'delete',
  destructive: true,
  summary: 'Remove the push rule (none to remove is not an error)',
  flags: { strict: bool('--strict', 'fail with exit 4 when there is no push rule') },
  mutating: true,
  examples: ['collab push-rule delete --group acme'],
});

/** The declared input is the options: no parse. */
type DeletePushRuleOptions = VerbInput<typeof DELETE>;

export async function run(ctx: VerbContext, opts: DeletePushRuleOptions): Promise<void> {
  const response = await ctx.session.mutate(deletePushRule(opts.owner));
  if (!response) return;
  if (response.status !== 404) {
    ctx.terminal.info(`deleted the push rule of ${describeOwner(opts.owner)}`);
    return;
  }
  // 404: no rule (done already) or no such project or group (its own 404 says so).
  await ctx.session.request(getOwner(opts.owner));
  if (opts.strict) throw new CollabError('not-found', `${describeOwner(opts.owner)} has no push rule`, { status: 404 });
  await ctx.presenter.action({ unchanged: `${describeOwner(opts.owner)} has no push rule; nothing to do` });
}
