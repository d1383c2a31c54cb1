import { removeDeployKey } from '../../api/deploy-keys.js';
import { getProject } from '../../api/projects.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../confirm.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

export type DeleteDeployKeyOptions = VerbInput<typeof DELETE>;

/** As `hooks delete`: the key's ID typed on a terminal, --yes elsewhere; a key the project does not have is done (exit 4 with --strict). */
export async function run(ctx: Context, opts: DeleteDeployKeyOptions): Promise<void> {
  await needConfirmation(ctx, opts.yes, `delete deploy key ${opts.keyId}`);
  if (!opts.yes && !ctx.dryRun) await ctx.confirmByTyping(String(opts.keyId), `delete deploy key ${opts.keyId} from project ${opts.project}`, false);
  const response = await ctx.mutate(removeDeployKey(opts.project, opts.keyId));
  if (!response) return;
  if (response.status !== 404) {
    ctx.info(`deleted deploy key ${opts.keyId} from project ${opts.project}`);
    return;
  }
  // A 404 is the key (not on the project: done) or the project itself: reading the project tells them apart.
  await ctx.request(getProject(opts.project));
  if (opts.strict) throw new CollabError('not-found', `deploy key ${opts.keyId} is not on project ${opts.project}`, { status: 404 });
  ctx.unchanged(`project ${opts.project} does not have deploy key ${opts.keyId}; nothing to do`);
}
