import { deleteMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { MIRROR_ID } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove a push mirror (one already gone is not an error)',
  typing: 'the mirror’s ID',
  args: { mirrorId: MIRROR_ID },
  kinds: ['project'],
  strict: 'the mirror does not exist',
  examples: ['collab mirrors delete 3 --project acme/web/storefront --yes'],
});

type DeleteMirrorOptions = VerbInput<typeof DELETE>;

/** As every owned thing's delete: the ID typed on a terminal, --yes elsewhere; a mirror already gone is done (exit 4 with --strict). */
export async function run(ctx: VerbContext, opts: DeleteMirrorOptions): Promise<void> {
  await deleteOwned(ctx, {
    owner: opts.owner,
    what: `push mirror ${opts.mirrorId}`,
    typed: String(opts.mirrorId),
    yes: opts.yes,
    strict: opts.strict,
    request: deleteMirror(opts.owner.ref, opts.mirrorId),
  });
}
