import { hooksPath } from '../../api/hooks.js';
import type { Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import type { Context, ListFlags } from '../../context.js';
import { listFlags } from '../common-options.js';
import type { CommandInput } from '../spec.js';
import { HOOK_COLUMNS } from './fields.js';

export interface ListHooksOptions {
  owner: Owner;
  list: ListFlags;
}

export function options({ options: o }: CommandInput): ListHooksOptions {
  return {
    owner: ownerFromOptions(o),
    list: listFlags(o),
  };
}

export async function run(ctx: Context, opts: ListHooksOptions): Promise<void> {
  await ctx.printList(await ctx.pages(hooksPath(opts.owner), {}, opts.list), HOOK_COLUMNS);
}
