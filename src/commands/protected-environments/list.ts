import { protectedEnvironmentsPath } from '../../api/protected-environments.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { ENVIRONMENT_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the protected environments, who may deploy to each and who must approve',
  list: true,
  examples: [
    'collab protected-environments list --project acme/web/storefront',
    'collab protected-environments list --group acme',
  ],
});

type ListEnvironmentsOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListEnvironmentsOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(protectedEnvironmentsPath(opts.owner), {}, opts.list, { requires: ROLES.maintainers }),
    { columns: ENVIRONMENT_COLUMNS },
  );
}
