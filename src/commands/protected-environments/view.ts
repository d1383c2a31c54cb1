import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { existingEnvironment } from './entries.js';
import { ENVIRONMENT_VIEW } from './fields.js';
import { NAME } from './shared.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one protected environment',
  args: { name: NAME },
  examples: ['collab protected-environments view production --project acme/web/storefront'],
});

type ViewEnvironmentOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewEnvironmentOptions): Promise<void> {
  await ctx.presenter.resource(await existingEnvironment(ctx, opts.owner, opts.name), ENVIRONMENT_VIEW);
}
