import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { existingEnvironment } from './entries.js';
import { ENVIRONMENT_VIEW } from './fields.js';
import type { VIEW } from './index.js';

type ViewEnvironmentOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewEnvironmentOptions): Promise<void> {
  await ctx.presenter.resource(await existingEnvironment(ctx, opts.owner, opts.name), ENVIRONMENT_VIEW);
}
