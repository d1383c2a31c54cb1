import { type ProjectRecord, restoreProject } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import type { ProjectInput } from '../resource-args.js';
import { printActionResult } from './columns.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const RESTORE = verb({
  name: 'restore',
  summary: 'Restore a project marked for deletion',
  args: { project: PROJECT },
  mutating: true,
  examples: ['collab projects restore acme/web/storefront'],
});

export async function run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
  const response = await ctx.session.mutate<ProjectRecord>(restoreProject(opts.project));
  if (!response) return;
  await printActionResult(
    ctx,
    `restored project ${response.data.path_with_namespace}: it is no longer marked for deletion`,
    response.data,
  );
}
