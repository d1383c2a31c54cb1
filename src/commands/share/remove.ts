import { describeOwner, type Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import { resolveGroupId } from '../../api/resolve.js';
import { getOwner, unshareGroup } from '../../api/shares.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { CommandInput } from '../spec.js';

export interface RemoveShareOptions {
  owner: Owner;
  group: string | number;
  strict: boolean;
}

export function options({ options: o }: CommandInput): RemoveShareOptions {
  const owner = ownerFromOptions(o);
  return { owner, group: o.with as string | number, strict: o.strict === true };
}

export async function run(ctx: Context, opts: RemoveShareOptions): Promise<void> {
  const groupId = await resolveGroupId(ctx, opts.group, '--with');
  const response = await ctx.mutate(unshareGroup(opts.owner, groupId));
  if (!response) return;
  if (response.status !== 404) {
    ctx.info(`stopped sharing ${describeOwner(opts.owner)} with group ${opts.group}`);
    return;
  }
  // 404: not shared (nothing to do) or no such project or group (its own 404 says so).
  await ctx.request(getOwner(opts.owner));
  if (opts.strict) throw new CollabError('not-found', `${describeOwner(opts.owner)} is not shared with group ${opts.group}`, { status: 404 });
  ctx.unchanged(`${describeOwner(opts.owner)} was not shared with group ${opts.group}; nothing to do`);
}
