import { startHousekeeping } from '../../api/repository.js';
import type { VerbContext } from '../../context.js';
import { describeServiceError } from '../../http/service-error.js';
import type { ProjectInput } from '../resource-args.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const HOUSEKEEPING = verb({
  name: 'housekeeping',
  summary: 'Start the housekeeping task (git gc and friends) of a project (maintainers)',
  args: { project: PROJECT },
  mutating: true,
  examples: ['collab projects housekeeping acme/web/storefront'],
});

type HousekeepingOptions = ProjectInput;

export async function run(ctx: VerbContext, opts: HousekeepingOptions): Promise<void> {
  const response = await ctx.session.mutate<string>(startHousekeeping(opts.project));
  if (!response) return;
  if (response.status === 409) {
    // The service holds a lease per repository: housekeeping is already under way or was just done.
    await ctx.presenter.action({
      unchanged: `housekeeping of ${opts.project} was already started recently; nothing more to do (${describeServiceError(409, response.text, response.headers['content-type'])})`,
    });
    return;
  }
  ctx.terminal.info(`started housekeeping of ${opts.project}`);
}
