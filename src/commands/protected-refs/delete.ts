import { unprotectRef } from '../../api/protected-refs.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import type { deleteVerb } from './verbs.js';

/** The declared input is the options: no parse. */
type DeleteRefOptions = VerbInput<ReturnType<typeof deleteVerb>>;

/** As every owned thing's delete: the name typed on a terminal, --yes elsewhere; a protection already gone is done (exit 4 with --strict). */
export function run(ctx: VerbContext, opts: DeleteRefOptions): Promise<void> {
  return deleteOwned(ctx, {
    ...opts,
    what: `protected ${opts.kind} ${opts.name}`,
    typed: opts.name,
    request: unprotectRef(opts.owner.ref, opts.kind, opts.name),
  });
}
