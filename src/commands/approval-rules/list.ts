import { approvalRulesPath } from '../../api/approvals.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { RULE_COLUMNS } from './fields.js';
import type { LIST } from './index.js';

type ListRulesOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListRulesOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(approvalRulesPath(opts.owner.ref), {}, opts.list, { requires: ROLES.maintainers }),
    { columns: RULE_COLUMNS },
  );
}
