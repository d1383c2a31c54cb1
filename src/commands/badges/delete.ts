import { deleteBadge } from '../../api/badges.js';
import { describeOwner } from '../../api/owner.js';
import { getOwner } from '../../api/shares.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../confirm.js';
import { bindOwner } from '../owner-options.js';
import type { VerbInput } from '../verb.js';
import { badgeHint } from './fields.js';
import type { DELETE } from './index.js';

export type DeleteBadgeOptions = VerbInput<typeof DELETE>;

/** `--project -`: each target is the owner. */
export const bind = bindOwner<DeleteBadgeOptions>;

export async function run(ctx: Context, opts: DeleteBadgeOptions): Promise<void> {
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `delete badge ${opts.badgeId}`);
  if (!opts.yes && !ctx.dryRun) await ctx.confirmByTyping(String(opts.badgeId), `delete badge ${opts.badgeId} of ${describeOwner(opts.owner)}`, false);
  const response = await ctx.mutate(deleteBadge(opts.owner, opts.badgeId)).catch((error: unknown) => {
    throw badgeHint(error, opts.owner, opts.badgeId);
  });
  if (!response) return;
  if (response.status !== 404) {
    ctx.info(`deleted badge ${opts.badgeId} from ${describeOwner(opts.owner)}`);
    return;
  }
  // A 404 is either the badge (already gone: done) or the project or group itself (an error).
  await ctx.request(getOwner(opts.owner));
  if (opts.strict) throw new CollabError('not-found', `badge ${opts.badgeId} does not exist on ${describeOwner(opts.owner)}`, { status: 404 });
  ctx.unchanged(`badge ${opts.badgeId} was already gone from ${describeOwner(opts.owner)}; nothing to do`);
}
