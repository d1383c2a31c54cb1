import { getOwner } from '../../api/shares.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { SHARE_COLUMNS, sharesOf } from './share-rows.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the groups it is shared with',
  examples: ['collab share list --project acme/web/storefront', 'collab share list --group acme/web --json'],
});

/** The declared input is the options: no parse. */
type ListSharesOptions = VerbInput<typeof LIST>;

/** The service has no list endpoint for shares: they are `shared_with_groups` of the project or group. */
export async function run(ctx: VerbContext, opts: ListSharesOptions): Promise<void> {
  const { data } = await ctx.session.request(getOwner(opts.owner));
  await ctx.presenter.list(sharesOf(data), { columns: SHARE_COLUMNS });
}
