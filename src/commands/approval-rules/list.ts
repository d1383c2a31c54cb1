import { approvalRulesPath } from '../../api/approvals.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { RULE_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s merge request approval rules',
  list: true,
  examples: ['collab approval-rules list --project acme/web/storefront'],
});

type ListRulesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListRulesOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(approvalRulesPath(opts.owner.ref), {}, opts.list, { requires: ROLES.reporters }),
    { columns: RULE_COLUMNS },
  );
}
