import { unprotectEnvironment } from '../../api/protected-environments.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

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
