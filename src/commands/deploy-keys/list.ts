import { deployKeysPath } from '../../api/deploy-keys.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_COLUMNS } from './fields.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s deploy keys',
  list: true,
  examples: ['collab deploy-keys list --project acme/web/storefront'],
});

/** The declared input is the options: no parse; `--project -` binds each target under `project`. */
type ListDeployKeysOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListDeployKeysOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(deployKeysPath(opts.owner.ref), {}, opts.list, { requires: ROLES.maintainers }),
    { columns: DEPLOY_KEY_COLUMNS },
  );
}
