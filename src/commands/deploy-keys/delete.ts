import { removeDeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

type DeleteDeployKeyOptions = VerbInput<typeof DELETE>;

/** As every owned thing's delete: the key's ID typed on a terminal, --yes elsewhere; a key the project does not have is done (exit 4 with --strict). */
export async function run(ctx: VerbContext, opts: DeleteDeployKeyOptions): Promise<void> {
  await deleteOwned(ctx, {
    owner: opts.owner,
    what: `deploy key ${opts.keyId}`,
    typed: String(opts.keyId),
    yes: opts.yes,
    strict: opts.strict,
    request: removeDeployKey(opts.owner.ref, opts.keyId),
  });
}
