import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { COLUMNS_OF, command, nameArg, readProtection, type RefKind, sample } from './shared.js';
import { ownerVerb } from '../owner.js';

export const viewVerb = (kind: RefKind) =>
  ownerVerb({
    kinds: ['project'],
    fixed: { kind },
    name: 'view',
    summary: `Show one protected ${kind}`,
    args: { name: nameArg(kind) },
    examples: [`${command(kind)} view '${sample(kind)}' --project acme/web/storefront`],
  });

/** The declared input is the options: no parse. */
type ViewRefOptions = VerbInput<ReturnType<typeof viewVerb>>;

export async function run(ctx: VerbContext, opts: ViewRefOptions): Promise<void> {
  const data = await readProtection(ctx, opts.kind, opts.owner.ref, opts.name);
  await ctx.presenter.resource(data, COLUMNS_OF[opts.kind]);
}
