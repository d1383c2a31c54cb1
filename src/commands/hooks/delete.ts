import { deleteHook } from '../../api/hooks.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import { getOwner } from '../../api/shares.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../confirm.js';
import type { CommandInput } from '../spec.js';
import { hookIdArg } from './fields.js';

export interface DeleteHookOptions {
  owner: Owner;
  hookId: number;
  strict: boolean;
  yes: boolean;
}

export async function options({ args, options: o }: CommandInput, ctx: Context): Promise<DeleteHookOptions> {
  const hookId = hookIdArg(args);
  const owner = ownerFromOptions(o);
  const yes = o.yes === true;
  await needConfirmation(ctx, yes, `delete hook ${hookId}`);
  return { hookId, owner, strict: o.strict === true, yes };
}

export async function run(ctx: Context, opts: DeleteHookOptions): Promise<void> {
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
