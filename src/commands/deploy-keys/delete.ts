import { removeDeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { KEY_ID } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove a deploy key from the project (a key it does not have is not an error)',
  typing: 'the key’s ID',
  note: 'A key no other project has is removed from the service too.',
  args: { keyId: KEY_ID },
  kinds: ['project'],
  strict: 'the project does not have the key',
  examples: ['collab deploy-keys delete 3 --project acme/web/storefront --yes'],
});

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
