import { createHook, type Hook } from '../../api/hooks.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { HOOK_COLUMNS, type HookInput, hookDetail, readHookInput } from './fields.js';
import type { CREATE } from './index.js';

interface CreateHookOptions extends HookInput {
  owner: Owner;
  url: string;
}

export function parse(input: VerbInput<typeof CREATE>): CreateHookOptions {
  // --url is a required flag: commander has refused its absence.
  return { ...readHookInput(input, input.owner), owner: input.owner, url: input.url };
}

export async function run(ctx: VerbContext, opts: CreateHookOptions): Promise<void> {
  const token = await opts.token?.(ctx);
  const body = { url: opts.url, ...opts.fields, ...(token !== undefined ? { token } : {}) };
  const response = await ctx.session.mutate<Hook>(createHook(opts.owner, body), ['token']);
  if (!response) return;
  ctx.terminal.info(
    `created hook ${response.data.id} on ${describeOwner(opts.owner)}${token !== undefined ? ' (with a secret token)' : ''}`,
  );
  await ctx.presenter.resource(response.data, { columns: HOOK_COLUMNS, detail: hookDetail(opts.owner) });
}
