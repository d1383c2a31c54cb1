import type { Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import { getOwner } from '../../api/shares.js';
import type { Context } from '../../context.js';
import type { CommandInput } from '../spec.js';
import { SHARE_COLUMNS, sharesOf } from './share-rows.js';

export interface ListSharesOptions {
  owner: Owner;
}

export function options({ options: o }: CommandInput): ListSharesOptions {
  return { owner: ownerFromOptions(o) };
}

/** The service has no list endpoint for shares: they are `shared_with_groups` of the project or group. */
export async function run(ctx: Context, opts: ListSharesOptions): Promise<void> {
  const { data } = await ctx.request(getOwner(opts.owner));
  await ctx.printItems(sharesOf(data), SHARE_COLUMNS);
}
