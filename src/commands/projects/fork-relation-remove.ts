import { removeForkRelation } from '../../api/forks.js';
import type { VerbContext } from '../../context.js';
import { PROJECT, type ProjectInput } from '../resource-args.js';
import { verb } from '../verb.js';

export const FORK_RELATION_REMOVE = verb({
  name: 'remove',
  destructive: true,
  summary: 'Remove the fork relation of <project> (owners and administrators)',
  args: { project: PROJECT },
  mutating: true,
  examples: ['collab projects fork-relation remove olivia/storefront'],
});

/** fork-relation remove <project>: 304 (not a fork) is success with nothing to do. */
export async function run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
  const response = await ctx.session.mutate(removeForkRelation(opts.project));
  if (!response) return;
  if (response.status === 304)
    await ctx.presenter.action({ unchanged: `${opts.project} is not a fork; nothing to remove` });
  else ctx.terminal.info(`removed the fork relation of ${opts.project}`);
}
