import { unprotectEnvironment } from '../../api/protected-environments.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { NAME } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Unprotect an environment (one not protected is not an error)',
  typing: 'the environment’s name',
  args: { name: NAME },
  kinds: ['project', 'group'],
  strict: 'the environment is not protected',
  examples: ['collab protected-environments delete staging --project acme/web/storefront --yes'],
});

type DeleteEnvironmentOptions = VerbInput<typeof DELETE>;

/** As every owned thing's delete: the name typed on a terminal, --yes elsewhere; one not protected is done (exit 4 with --strict). */
export async function run(ctx: VerbContext, opts: DeleteEnvironmentOptions): Promise<void> {
  await deleteOwned(ctx, {
    owner: opts.owner,
    what: `protected environment ${opts.name}`,
    typed: opts.name,
    yes: opts.yes,
    strict: opts.strict,
    request: unprotectEnvironment(opts.owner, opts.name),
  });
}
