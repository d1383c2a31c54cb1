import { type DeployKey, getDeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import { withThingHint } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_VIEW } from './fields.js';
import type { VIEW } from './index.js';

type ViewDeployKeyOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewDeployKeyOptions): Promise<void> {
  const { data } = await ctx.session
    .request<DeployKey>(getDeployKey(opts.owner.ref, opts.keyId))
    .catch((error: unknown) => {
      throw withThingHint(
        error,
        `project ${opts.owner.ref} has no deploy key ${opts.keyId}: \`collab deploy-keys list --project ${opts.owner.ref}\` lists them`,
      );
    });
  await ctx.presenter.resource(data, DEPLOY_KEY_VIEW);
}
