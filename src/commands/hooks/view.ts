import { getHook, type Hook } from '../../api/hooks.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { HOOK_COLUMNS, hookDetail } from './fields.js';
import { HOOK_ID } from './options.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one hook',
  args: { hookId: HOOK_ID },
  examples: ['collab hooks view 3 --project acme/web/storefront'],
});

/** The declared input is the options: no parse. */
type ViewHookOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewHookOptions): Promise<void> {
  const { data } = await ctx.session.request<Hook>(getHook(opts.owner, opts.hookId)).catch((error: unknown) => {
    throw unknownThing(error, opts.owner, `hook ${opts.hookId}`, 'hooks');
  });
  await ctx.presenter.resource(data, { columns: HOOK_COLUMNS, detail: hookDetail(opts.owner) });
}
