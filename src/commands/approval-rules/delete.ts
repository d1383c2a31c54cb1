import { deleteApprovalRule } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { ruleNamed } from './fields.js';
import { NAME } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove an approval rule (one already gone is not an error)',
  typing: 'the rule’s name',
  args: { name: NAME },
  kinds: ['project'],
  strict: 'the rule does not exist',
  examples: ['collab approval-rules delete security --project acme/web/storefront --yes'],
});

type DeleteRuleOptions = VerbInput<typeof DELETE>;

/** As every owned thing's delete: the name typed on a terminal, --yes elsewhere; a rule already gone is done (exit 4 with --strict). */
export async function run(ctx: VerbContext, opts: DeleteRuleOptions): Promise<void> {
  const what = `approval rule ${opts.name}`;
  const rule = await ruleNamed(ctx, opts.owner.ref, opts.name);
  if (!rule) {
    if (opts.strict)
      throw new CollabError('not-found', `${what} does not exist on project ${opts.owner.ref}`, { status: 404 });
    await ctx.presenter.action({ unchanged: `${what} was already gone from project ${opts.owner.ref}; nothing to do` });
    return;
  }
  await deleteOwned(ctx, {
    owner: opts.owner,
    what,
    typed: opts.name,
    yes: opts.yes,
    strict: opts.strict,
    request: deleteApprovalRule(opts.owner.ref, rule.id),
  });
}
