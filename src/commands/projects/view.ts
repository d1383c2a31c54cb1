import { getProject, type ProjectRecord, type ProjectRef } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import type { QueryParams } from '../../http/query.js';
import type { VerbInput } from '../verb.js';
import { printProject } from './columns.js';
import { importSettled, waitForImport, waitSetting } from '../wait.js';
import { PROJECT_VIEW_PARAMS } from '../../params/projects.js';
import { PROJECT } from '../resource-args.js';
import { waitFlags } from '../common-options.js';
import { params } from '../flags.js';
import { verb } from '../verb.js';

export const VIEW = verb({
  name: 'view',
  summary: 'Show one project: a summary on a terminal, the full object with -o json',
  description:
    'With --wait, a project being imported (a fork being copied, a pull mirror updating) is followed until its import status leaves scheduled/started, as fork --wait does: how to wait again after Ctrl-C on fork --wait (exit 6 if the import failed, 7 if --timeout runs out).',
  args: { project: PROJECT },
  flags: {
    query: params(PROJECT_VIEW_PARAMS),
    ...waitFlags('the project’s import is over (a fork’s copy, a mirror’s pull), and print it then'),
  },
  examples: [
    'collab projects view acme/web/storefront',
    'collab projects view 42 --statistics --license --json',
    'collab projects view olivia/storefront --wait',
  ],
});

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
