import { getProject, type ProjectRef } from '../../api/projects.js';
import type { Context } from '../../context.js';
import type { QueryParams } from '../../http/query.js';
import { collectParams } from '../../params/derive.js';
import { PROJECT_VIEW_PARAMS } from '../../params/projects.js';
import { projectArg } from '../resource-args.js';
import type { CommandInput } from '../spec.js';
import { printProject } from './columns.js';

export interface ViewOptions {
  project: ProjectRef;
  query: QueryParams;
}

export function options({ args, options: o }: CommandInput): ViewOptions {
  return { project: projectArg(args), query: collectParams(o, PROJECT_VIEW_PARAMS) as QueryParams };
}

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const response = await ctx.request(getProject(opts.project, opts.query));
  await printProject(ctx, response.data);
}
