import { getProject, type ProjectRecord, type ProjectRef } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import type { QueryParams } from '../../http/query.js';
import type { VerbInput } from '../verb.js';
import type { VIEW } from './verbs-core.js';
import { printProject } from './columns.js';
import { importSettled, waitForImport, waitSetting } from '../wait.js';

export interface ViewOptions {
  project: ProjectRef;
  query: QueryParams;
  /** --wait: until the project's import (a fork's copy, a mirror's pull) is over, as `fork --wait` does; again after its Ctrl-C. */
  wait: boolean;
  timeoutMs: number;
}

export function parse({ project, query, wait, timeout }: VerbInput<typeof VIEW>): ViewOptions {
  return { project, query, ...waitSetting({ wait, timeout }) };
}

export async function run(ctx: VerbContext, opts: ViewOptions): Promise<void> {
  let project = (await ctx.session.request<ProjectRecord>(getProject(opts.project, opts.query))).data;
  if (opts.wait && !importSettled(project.import_status)) {
    const where = project.path_with_namespace;
    await waitForImport(ctx, project, {
      what: `the import of ${where}`,
      label: `importing ${where}`,
      continues: 'the import continues',
      timeoutMs: opts.timeoutMs,
      ready: `import finished: ${where}`,
    });
    // The polls read the bare project: the view is read again with the flags it was asked with.
    project = (await ctx.session.request<ProjectRecord>(getProject(project.id, opts.query))).data;
  }
  await printProject(ctx, project);
}
