import { getHook, type Hook } from '../../api/hooks.js';
import type { Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import type { Context } from '../../context.js';
import type { CommandInput } from '../spec.js';
import { HOOK_COLUMNS, hookDetail, hookIdArg } from './fields.js';

export interface ViewHookOptions {
  owner: Owner;
  hookId: number;
}

export function options({ args, options: o }: CommandInput): ViewHookOptions {
  return { hookId: hookIdArg(args), owner: ownerFromOptions(o) };
}

export async function run(ctx: Context, opts: ViewHookOptions): Promise<void> {
  const { data } = await ctx.request<Hook>(getHook(opts.owner, opts.hookId));
  await ctx.printResource(data, { columns: HOOK_COLUMNS, detail: hookDetail(opts.owner) });
}
