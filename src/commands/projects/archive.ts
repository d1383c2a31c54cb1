import { archiveProject, type ProjectRecord, type ProjectRef } from '../../api/projects.js';
import type { Context } from '../../context.js';
import { projectArg } from '../resource-args.js';
import type { CommandInput } from '../spec.js';
import { printActionResult } from './columns.js';

export function options({ args }: CommandInput): { project: ProjectRef } {
  return { project: projectArg(args) };
}

/** Idempotent: the service answers the same whether or not the project was archived already. */
export async function run(ctx: Context, opts: { project: ProjectRef }): Promise<void> {
  const response = await ctx.mutate<ProjectRecord>(archiveProject(opts.project));
  if (!response) return;
  await printActionResult(ctx, `archived project ${response.data.path_with_namespace} (read-only)`, response.data);
}
