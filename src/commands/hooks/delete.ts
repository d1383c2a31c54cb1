import { deleteHook } from '../../api/hooks.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

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
