import { ownerAdminRole } from '../../api/roles.js';
import { variablesPath } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { VARIABLE_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the CI/CD variables (masked values shown as [masked])',
  list: true,
  examples: ['collab variables list --project acme/web/storefront', 'collab variables list --group acme --json'],
});

type ListVariablesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListVariablesOptions): Promise<void> {
  // Listing needs the same role as changing (a Developer sees none): a 403 says which.
  await ctx.presenter.list(
    await ctx.session.pages(variablesPath(opts.owner), {}, opts.list, { requires: ownerAdminRole(opts.owner) }),
    { columns: VARIABLE_COLUMNS },
  );
}
