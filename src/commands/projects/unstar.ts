import { type ProjectRecord, unstarProject } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import type { ProjectInput } from '../resource-args.js';
import { printActionResult, starCount, unchangedProject } from './columns.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const UNSTAR = verb({
  name: 'unstar',
  summary: 'Unstar a project (not starred is fine)',
  args: { project: PROJECT },
  mutating: true,
  examples: ['collab projects unstar acme/web/storefront'],
});

export async function run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
  const response = await ctx.session.mutate<ProjectRecord | undefined>(unstarProject(opts.project));
  if (!response) return;
  if (response.status === 304) {
    // 304 has no body: the project is read only if the output needs it.
    const { path, project } = await unchangedProject(ctx, opts.project);
    await printActionResult(ctx, { unchanged: `project ${path} is not starred; nothing to do` }, project);
    return;
  }
  const project = response.data as ProjectRecord;
  await printActionResult(
    ctx,
    `unstarred project ${project.path_with_namespace} (${starCount(project.star_count)})`,
    project,
  );
}
