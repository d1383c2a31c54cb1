import { getProject, type ProjectRecord, type ProjectRef, starProject } from '../../api/projects.js';
import type { Context } from '../../context.js';
import { projectArg } from '../resource-args.js';
import type { CommandInput } from '../spec.js';
import { printActionResult, starCount } from './columns.js';

export function options({ args }: CommandInput): { project: ProjectRef } {
  return { project: projectArg(args) };
}

export async function run(ctx: Context, opts: { project: ProjectRef }): Promise<void> {
  const response = await ctx.mutate<ProjectRecord | undefined>(starProject(opts.project));
  if (!response) return;
  if (response.status === 304) {
    // 304 has no body: the project is read only if the output needs it.
    await printActionResult(ctx, { unchanged: `project ${opts.project} is already starred` }, async () => (await ctx.request(getProject(opts.project))).data);
    return;
  }
  const project = response.data as ProjectRecord;
  await printActionResult(ctx, `starred project ${project.path_with_namespace} (${starCount(project.star_count)})`, project);
}
