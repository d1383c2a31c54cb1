import { type IntegrationView, readIntegration as readSettings } from '../../api/integrations.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { integrationView, unknownIntegration } from './fields.js';
import { SLUG } from './shared.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show an integration’s settings (its secrets are never shown)',
  args: { slug: SLUG },
  examples: ['collab integrations view slack --project acme/web/storefront'],
});

type ViewIntegrationOptions = VerbInput<typeof VIEW>;

/** The integration as the service shows it (one never set up: inactive). */
export async function readIntegration(ctx: VerbContext, owner: Owner, slug: string): Promise<IntegrationView> {
  return readSettings(ctx.session, owner, slug).catch((error: unknown) => {
    throw unknownIntegration(error, owner, slug);
  });
}

export async function run(ctx: VerbContext, opts: ViewIntegrationOptions): Promise<void> {
  const view = await readIntegration(ctx, opts.owner, opts.slug);
  await ctx.presenter.resource(view, integrationView(view));
}
