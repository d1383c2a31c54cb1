import { type ProjectRecord, starProject } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import type { ProjectInput } from '../resource-args.js';
import { printActionResult, starCount, unchangedProject } from './columns.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const STAR = verb({
  name: 'star',
  summary: 'Star a project (already starred is fine)',
  args: { project: PROJECT },
  mutating: true,
  examples: ['collab projects star acme/web/storefront'],
});

export async function run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
  const response = await ctx.session.mutate<ProjectRecord | undefined>(starProject(opts.project));
  if (!response) return;
  if (response.status === 304) {
    // 304 has no body: the project is read only if the output needs it.
    const { path, project } = await unchangedProject(ctx, opts.project);
    await printActionResult(ctx, { unchanged: `project ${path} is already starred; nothing to do` }, project);
    return;
  }
  const project = response.data as ProjectRecord;
  await printActionResult(
    ctx,
    `starred project ${project.path_with_namespace} (${starCount(project.star_count)})`,
    project,
  );
}
