import { removeFromAllowlist } from '../../api/job-token-scope.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { entryId } from './add.js';
import type { REMOVE } from './index.js';

type RemoveEntryOptions = VerbInput<typeof REMOVE>;

/** As every owned thing's delete: the path typed on a terminal, --yes elsewhere; an entry not there is done. */
export async function run(ctx: VerbContext, opts: RemoveEntryOptions): Promise<void> {
  const { entry } = opts;
  await deleteOwned(ctx, {
    owner: opts.owner,
    what: `${entry.kind} ${entry.ref} from the job token allowlist`,
    typed: String(entry.ref),
    yes: opts.yes,
    strict: false,
    request: removeFromAllowlist(opts.owner.ref, entry.kind, await entryId(ctx, entry)),
  });
}
