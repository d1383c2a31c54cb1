import { type DeployKey, getDeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_VIEW } from './fields.js';
import { KEY_ID } from './shared.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one deploy key',
  args: { keyId: KEY_ID },
  examples: ['collab deploy-keys view 3 --project acme/web/storefront'],
});

type ViewDeployKeyOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewDeployKeyOptions): Promise<void> {
  const { data } = await ctx.session
    .request<DeployKey>(getDeployKey(opts.owner.ref, opts.keyId))
    .catch((error: unknown) => {
      throw unknownThing(error, opts.owner, `deploy key ${opts.keyId}`, 'deploy-keys');
    });
  await ctx.presenter.resource(data, DEPLOY_KEY_VIEW);
}
