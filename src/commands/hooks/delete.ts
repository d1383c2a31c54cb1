import { deleteHook } from '../../api/hooks.js';
import { describeOwner } from '../../api/owner.js';
import { bindOwner } from '../owner-options.js';
import { getOwner } from '../../api/shares.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../confirm.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

/** The declared input is the options: no parse. */
export type DeleteHookOptions = VerbInput<typeof DELETE>;

/** `--project -`: each target is the owner. */
export const bind = bindOwner<DeleteHookOptions>;

export async function run(ctx: Context, opts: DeleteHookOptions): Promise<void> {
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `delete hook ${opts.hookId}`);
  if (!opts.yes && !ctx.dryRun) await ctx.confirmByTyping(String(opts.hookId), `delete hook ${opts.hookId} of ${describeOwner(opts.owner)}`, false);
  const response = await ctx.mutate(deleteHook(opts.owner, opts.hookId));
  if (!response) return;
  if (response.status !== 404) {
    ctx.info(`deleted hook ${opts.hookId} from ${describeOwner(opts.owner)}`);
    return;
  }
  // A 404 is either the hook (already gone: done) or the project or group itself (an error).
  // Reading the owner tells them apart; its own 404 carries the service's message.
  await ctx.request(getOwner(opts.owner));
  if (opts.strict) throw new CollabError('not-found', `hook ${opts.hookId} does not exist on ${describeOwner(opts.owner)}`, { status: 404 });
  ctx.unchanged(`hook ${opts.hookId} was already gone from ${describeOwner(opts.owner)}; nothing to do`);
}
