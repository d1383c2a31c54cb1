import { type DeployKey, getDeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_VIEW } from './fields.js';
import type { VIEW } from './index.js';

type ViewDeployKeyOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewDeployKeyOptions): Promise<void> {
  const { data } = await ctx.request<DeployKey>(getDeployKey(opts.project, opts.keyId)).catch((error: unknown) => {
    // The project's own 404 names it ("404 Project Not Found"); a key the project lacks is ActiveRecord's bare "404 Not found".
    if (isCollabError(error) && error.status === 404 && !/Project/.test(error.message)) throw withHint(error, `project ${opts.project} has no deploy key ${opts.keyId}: \`collab deploy-keys list --project ${opts.project}\` lists them`);
    throw error;
  });
  await ctx.printResource(data, DEPLOY_KEY_VIEW);
}
