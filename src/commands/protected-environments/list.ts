import { protectedEnvironmentsPath } from '../../api/protected-environments.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { ENVIRONMENT_COLUMNS } from './fields.js';
import type { LIST } from './index.js';

type ListEnvironmentsOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListEnvironmentsOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(protectedEnvironmentsPath(opts.owner), {}, opts.list, { requires: ROLES.maintainers }),
    { columns: ENVIRONMENT_COLUMNS },
  );
}
