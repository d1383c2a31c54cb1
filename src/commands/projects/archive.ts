import {
  archiveProject,
  getProject,
  type ProjectRecord,
  type ProjectRef,
  unarchiveProject,
} from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import type { ProjectInput } from '../resource-args.js';
import { printActionResult } from './columns.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const ARCHIVE = verb({
  name: 'archive',
  summary: 'Archive a project (read-only); archiving an archived project changes nothing',
  args: { project: PROJECT },
  mutating: true,
  destructive: true,
  examples: ['collab projects archive acme/web/storefront'],
});

export async function run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
  await setArchived(ctx, opts.project, true);
}

/**
 * Archive or unarchive. The service answers the same whether or not the project was already in
 * that state, so it is read first: a project already there is `unchanged` (over many targets, its
 * result says so) and is not sent the action again. A dry run reads nothing.
 */
export async function setArchived(ctx: VerbContext, project: ProjectRef, archived: boolean): Promise<void> {
  if (!ctx.session.dryRun) {
    const before = (await ctx.session.request<ProjectRecord>(getProject(project))).data;
    if (before.archived === archived) {
      await printActionResult(
        ctx,
        {
          unchanged: `project ${before.path_with_namespace} is ${archived ? 'already archived' : 'not archived'}; nothing to do`,
        },
        before,
      );
      return;
    }
  }
  const response = await ctx.session.mutate<ProjectRecord>(
    archived ? archiveProject(project) : unarchiveProject(project),
  );
  if (!response) return;
  await printActionResult(
    ctx,
    archived
      ? `archived project ${response.data.path_with_namespace} (read-only)`
      : `unarchived project ${response.data.path_with_namespace}`,
    response.data,
  );
}
