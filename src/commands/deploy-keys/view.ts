import { type DeployKey, getDeployKey } from '../../api/deploy-keys.js';
import type { Context } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_VIEW } from './fields.js';
import type { VIEW } from './index.js';

export type ViewDeployKeyOptions = VerbInput<typeof VIEW>;

export async function run(ctx: Context, opts: ViewDeployKeyOptions): Promise<void> {
  const { data } = await ctx.request<DeployKey>(getDeployKey(opts.project, opts.keyId));
  await ctx.printResource(data, DEPLOY_KEY_VIEW);
}
