import { type DeployKey, enableDeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_VIEW } from './fields.js';
import { KEY_ID } from './shared.js';
import { ownerVerb } from '../owner.js';

export const ENABLE = ownerVerb({
  kinds: ['project'],
  name: 'enable',
  summary: 'Enable on the project a deploy key of another project (read-only)',
  args: { keyId: KEY_ID },
  mutating: true,
  examples: ['collab deploy-keys enable 3 --project acme/platform/api'],
});

type EnableDeployKeyOptions = VerbInput<typeof ENABLE>;

export async function run(ctx: VerbContext, opts: EnableDeployKeyOptions): Promise<void> {
  const response = await ctx.session.mutate<DeployKey>(enableDeployKey(opts.owner.ref, opts.keyId));
  if (!response) return;
  ctx.terminal.info(`enabled deploy key ${response.data.id} (${response.data.title}) on project ${opts.owner.ref}`);
  await ctx.presenter.resource(response.data, DEPLOY_KEY_VIEW);
}
