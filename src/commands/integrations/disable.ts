import { disableIntegration } from '../../api/integrations.js';
import { describeOwner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { readIntegration } from './view.js';
import { SLUG } from './shared.js';
import { bool } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const DISABLE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'disable',
  summary: 'Disable an integration and clear its settings (one not set up is not an error)',
  description: 'On a terminal you confirm by typing the slug; scripts pass --yes.',
  args: { slug: SLUG },
  flags: { strict: bool('--strict', 'fail with exit 4 when the integration is not set up') },
  mutating: true,
  confirm: true,
  destructive: true,
  examples: ['collab integrations disable slack --project acme/web/storefront --yes'],
});

type DisableIntegrationOptions = VerbInput<typeof DISABLE>;

/**
 * Asked by typing the slug on a terminal (--yes elsewhere), then DELETE, which clears the
 * settings. One not set up (the service answers it inactive) is done without a request, exit 4
 * with --strict.
 */
export async function run(ctx: VerbContext, opts: DisableIntegrationOptions): Promise<void> {
  const what = `the ${opts.slug} integration`;
  const owner = describeOwner(opts.owner);
  await needConfirmation(ctx, opts.yes, `disable ${what}`);
  const found = await readIntegration(ctx, opts.owner, opts.slug);
  if (!found.active) {
    if (opts.strict) throw new CollabError('not-found', `${what} is not set up on ${owner}`, { status: 404 });
    await ctx.presenter.action({ unchanged: `${what} is not set up on ${owner}; nothing to do` });
    return;
  }
  if (!opts.yes && !ctx.session.dryRun)
    await ctx.prompter.confirmByTyping(opts.slug, `disable ${what} of ${owner} and clear its settings`, false);
  const response = await ctx.session.mutate(disableIntegration(opts.owner, opts.slug));
  if (!response) return;
  ctx.terminal.info(`disabled ${what} of ${owner}`);
}
