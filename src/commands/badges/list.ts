import { badgesPath } from '../../api/badges.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { BADGE_COLUMNS } from './fields.js';
import type { LIST } from './index.js';

type ListBadgesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListBadgesOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(badgesPath(opts.owner), opts.name !== undefined ? { name: opts.name } : {}, opts.list),
    { columns: BADGE_COLUMNS },
  );
}
