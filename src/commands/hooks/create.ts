import { createHook, type Hook } from '../../api/hooks.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import type { Context } from '../../context.js';
import type { CommandInput } from '../spec.js';
import { HOOK_COLUMNS, type HookInput, hookDetail, readHookInput } from './fields.js';

export interface CreateHookOptions extends HookInput {
  owner: Owner;
  url: string;
}

export async function options({ options: o }: CommandInput, ctx: Context): Promise<CreateHookOptions> {
  const owner = ownerFromOptions(o);
  const input = await readHookInput(o, owner, ctx);
  // --url is a required flag: commander has refused its absence.
  return { ...input, owner, url: input.url as string };
}

export async function run(ctx: Context, opts: CreateHookOptions): Promise<void> {
  const body = { url: opts.url, ...opts.fields, ...(opts.token !== undefined ? { token: opts.token } : {}) };
  const response = await ctx.mutate<Hook>(createHook(opts.owner, body), ['token']);
  if (!response) return;
  ctx.info(`created hook ${response.data.id} on ${describeOwner(opts.owner)}${opts.token !== undefined ? ' (with a secret token)' : ''}`);
  await ctx.printResource(response.data, { columns: HOOK_COLUMNS, detail: hookDetail(opts.owner) });
}
