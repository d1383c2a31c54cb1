import { getProject, type ProjectRecord, type ProjectRef } from '../../api/projects.js';
import type { Context } from '../../context.js';
import type { QueryParams } from '../../http/query.js';
import { collectParams } from '../../params/derive.js';
import { PROJECT_VIEW_PARAMS } from '../../params/projects.js';
import { projectArg } from '../resource-args.js';
import type { CommandInput } from '../spec.js';
import { printProject } from './columns.js';
import { importSettled, waitFlags, waitForImport } from '../wait.js';

export interface ViewOptions {
  project: ProjectRef;
  query: QueryParams;
  /** --wait: until the project's import (a fork's copy, a mirror's pull) is over, as `fork --wait` does; again after its Ctrl-C. */
  wait: boolean;
  timeoutMs: number;
}

export function options({ args, options: o }: CommandInput): ViewOptions {
  return { project: projectArg(args), query: collectParams(o, PROJECT_VIEW_PARAMS) as QueryParams, ...waitFlags(o) };
}

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  let project = (await ctx.request<ProjectRecord>(getProject(opts.project, opts.query))).data;
  if (opts.wait && !importSettled(project.import_status)) {
    const where = project.path_with_namespace;
    await waitForImport(ctx, project, { what: `the import of ${where}`, label: `importing ${where}`, continues: 'the import continues', timeoutMs: opts.timeoutMs, ready: `import finished: ${where}` });
    // The polls read the bare project: the view is read again with the flags it was asked with.
    project = (await ctx.request<ProjectRecord>(getProject(project.id, opts.query))).data;
  }
  await printProject(ctx, project);
}
