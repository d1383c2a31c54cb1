import { deleteHook } from '../../api/hooks.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { HOOK_ID } from './options.js';

export const DELETE = confirmedDelete({
  summary: 'Remove a hook (a hook that is already gone is not an error)',
  typing: 'the hook’s ID',
  args: { hookId: HOOK_ID },
  kinds: ['project', 'group'],
  strict: 'the hook does not exist',
  examples: [
    'collab hooks delete 3 --project acme/web/storefront',
    'collab hooks delete 3 --project acme/web/storefront --yes',
  ],
});

/** The declared input is the options: no parse. */
type DeleteHookOptions = VerbInput<typeof DELETE>;

export function run(ctx: VerbContext, opts: DeleteHookOptions): Promise<void> {
  return deleteOwned(ctx, {
    ...opts,
    what: `hook ${opts.hookId}`,
    typed: String(opts.hookId),
    request: deleteHook(opts.owner, opts.hookId),
  });
}
