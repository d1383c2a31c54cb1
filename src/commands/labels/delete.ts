import { deleteLabel } from '../../api/labels.js';
import { describeOwner } from '../../api/owner.js';
import { getOwner } from '../../api/shares.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../confirm.js';
import { bindOwner } from '../owner-options.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

export type DeleteLabelOptions = VerbInput<typeof DELETE>;

/** `--project -`: each target is the owner. */
export const bind = bindOwner<DeleteLabelOptions>;

export async function run(ctx: Context, opts: DeleteLabelOptions): Promise<void> {
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `delete label ${opts.name}`);
  if (!opts.yes && !ctx.dryRun) await ctx.confirmByTyping(opts.name, `delete label ${opts.name} of ${describeOwner(opts.owner)}`, false);
  const response = await ctx.mutate(deleteLabel(opts.owner, opts.name));
  if (!response) return;
  if (response.status !== 404) {
    ctx.info(`deleted label ${opts.name} from ${describeOwner(opts.owner)}`);
    return;
  }
  // A 404 is either the label (already gone: done) or the project or group itself (an error).
  await ctx.request(getOwner(opts.owner));
  if (opts.strict) throw new CollabError('not-found', `label ${opts.name} does not exist on ${describeOwner(opts.owner)}`, { status: 404 });
  ctx.unchanged(`label ${opts.name} was already gone from ${describeOwner(opts.owner)}; nothing to do`);
}
