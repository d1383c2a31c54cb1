import { mirrorsPath } from '../../api/remote-mirrors.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { MIRROR_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s push mirrors and how their last update went',
  list: true,
  examples: ['collab mirrors list --project acme/web/storefront'],
});

type ListMirrorsOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListMirrorsOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(mirrorsPath(opts.owner.ref), {}, opts.list, { requires: ROLES.maintainers }),
    { columns: MIRROR_COLUMNS },
  );
}
