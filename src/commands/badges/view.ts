import { type Badge, getBadge } from '../../api/badges.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { BADGE_COLUMNS, BADGE_DETAIL } from './fields.js';
import type { VIEW } from './index.js';

type ViewBadgeOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewBadgeOptions): Promise<void> {
  const { data } = await ctx.session.request<Badge>(getBadge(opts.owner, opts.badgeId));
  await ctx.presenter.resource(data, { columns: BADGE_COLUMNS, detail: BADGE_DETAIL });
}
