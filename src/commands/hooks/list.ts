import { hooksPath } from '../../api/hooks.js';
import { ownerAdminRole } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { HOOK_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the hooks with the events each delivers',
  list: true,
  examples: ['collab hooks list --project acme/web/storefront', 'collab hooks list --group acme --json'],
});

/** The declared input is the options: no parse. */
type ListHooksOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListHooksOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(hooksPath(opts.owner), {}, opts.list, { requires: ownerAdminRole(opts.owner) }),
    { columns: HOOK_COLUMNS },
  );
}
