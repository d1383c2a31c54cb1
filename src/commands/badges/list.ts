import { badgesPath } from '../../api/badges.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { BADGE_COLUMNS } from './fields.js';
import { asText, option } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the badges (a project’s include its groups’)',
  flags: {
    name: option('--name <name>', 'only badges of this name (exact, case-sensitive)', asText),
  },
  list: true,
  examples: ['collab badges list --project acme/web/storefront', 'collab badges list --group acme --json'],
});

type ListBadgesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListBadgesOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(badgesPath(opts.owner), opts.name !== undefined ? { name: opts.name } : {}, opts.list),
    { columns: BADGE_COLUMNS },
  );
}
