import { deleteApprovalRule } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { confirmedDelete, deleteOwned, needConfirmation } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { findRule } from './fields.js';
import { RULE } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove an approval rule (one already gone is not an error)',
  typing: 'the rule’s ID or name, as given',
  args: { rule: RULE },
  kinds: ['project'],
  strict: 'the rule does not exist',
  examples: [
    'collab approval-rules delete security --project acme/web/storefront --yes',
    'collab approval-rules delete 1 --project acme/web/storefront --yes',
  ],
});

type DeleteRuleOptions = VerbInput<typeof DELETE>;

/**
 * As every owned thing's delete: what was given typed on a terminal, --yes elsewhere; a rule
 * already gone is done (exit 4 with --strict). DELETE takes the rule's ID
 * (doc/api/merge_request_approvals.md @003efb27, Delete project-level rule): the rule is found
 * first, by its ID or its name (findRule), and one gone by then is done too.
 */
export async function run(ctx: VerbContext, opts: DeleteRuleOptions): Promise<void> {
  const what = `approval rule ${opts.rule}`;
  const removal = { owner: opts.owner, what, typed: String(opts.rule), yes: opts.yes, strict: opts.strict };
  // A script without --yes is told so before the rule is looked for.
  await needConfirmation(ctx, opts.yes, `delete ${what}`);
  const rule = await findRule(ctx, opts.owner.ref, opts.rule);
  if (!rule) {
    if (opts.strict)
      throw new CollabError('not-found', `${what} does not exist on project ${opts.owner.ref}`, { status: 404 });
    await ctx.presenter.action({ unchanged: `${what} was already gone from project ${opts.owner.ref}; nothing to do` });
    return;
  }
  await deleteOwned(ctx, { ...removal, request: deleteApprovalRule(opts.owner.ref, rule.id) });
}
