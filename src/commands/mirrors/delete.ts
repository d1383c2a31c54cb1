import { deleteMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

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
