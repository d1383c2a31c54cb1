import { type Badge, getBadge } from '../../api/badges.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { BADGE_COLUMNS, BADGE_DETAIL } from './fields.js';
import { ownerVerb } from '../owner.js';
import { BADGE_ID } from './shared.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one badge, its URLs as given and as rendered',
  args: { badgeId: BADGE_ID },
  examples: ['collab badges view 1 --project acme/web/storefront'],
});

type ViewBadgeOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewBadgeOptions): Promise<void> {
  const { data } = await ctx.session.request<Badge>(getBadge(opts.owner, opts.badgeId)).catch((error: unknown) => {
    throw unknownThing(error, opts.owner, `badge ${opts.badgeId}`, 'badges');
  });
  await ctx.presenter.resource(data, { columns: BADGE_COLUMNS, detail: BADGE_DETAIL });
}
