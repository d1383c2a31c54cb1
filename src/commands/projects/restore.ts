import { type ProjectRecord, type ProjectRef, restoreProject } from '../../api/projects.js';
import type { Context } from '../../context.js';
import { projectArg } from '../resource-args.js';
import type { CommandInput } from '../spec.js';
import { printActionResult } from './columns.js';

export function options({ args }: CommandInput): { project: ProjectRef } {
  return { project: projectArg(args) };
}

export async function run(ctx: Context, opts: { project: ProjectRef }): Promise<void> {
  const response = await ctx.mutate<ProjectRecord>(restoreProject(opts.project));
  if (!response) return;
  await printActionResult(ctx, `restored project ${response.data.path_with_namespace}: it is no longer marked for deletion`, response.data);
}
