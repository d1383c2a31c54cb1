import { unprotectRef } from '../../api/protected-refs.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { command, nameArg, type RefKind, sample } from './shared.js';

export const deleteVerb = (kind: RefKind) =>
  confirmedDelete({
    kinds: ['project'],
    fixed: { kind },
    summary: `Unprotect a ${kind} (one that is not protected is not an error)`,
    typing: 'the name',
    args: { name: nameArg(kind) },
    strict: `the ${kind} is not protected`,
    examples: [`${command(kind)} delete '${sample(kind)}' --project acme/web/storefront --yes`],
  });

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
