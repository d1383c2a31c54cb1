import { integrationsPath } from '../../api/integrations.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { INTEGRATION_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the integrations set up (active)',
  list: true,
  examples: ['collab integrations list --project acme/web/storefront', 'collab integrations list --group acme'],
});

type ListIntegrationsOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListIntegrationsOptions): Promise<void> {
  await ctx.presenter.list(
    // GitLab answers the list whole (`present integrations`, never `paginate`:
    // lib/api/integrations/integratable_operations.rb @1c950e0a): --page is cut from it here.
    await ctx.session.pages(integrationsPath(opts.owner), {}, opts.list, { requires: ROLES.maintainers, whole: true }),
    { columns: INTEGRATION_COLUMNS },
  );
}
