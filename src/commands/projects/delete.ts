import { removalDate } from '../../api/deletion.js';
import { deleteProject, getProject, type ProjectRecord, type ProjectRef } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { CollabError, isCollabError } from '../../errors.js';
import { needConfirmation } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { printActionResult } from './columns.js';
import { findResource } from '../../api/recover.js';
import { waitForDeletion, waitSetting } from '../wait.js';
import { PROJECT } from '../resource-args.js';
import { waitFlags } from '../common-options.js';
import { verb } from '../verb.js';

export const DELETE = verb({
  name: 'delete',
  summary: 'Delete a project, or mark it for deletion where deletion is delayed',
  description:
    'On a terminal you confirm by typing the project’s full path; scripts pass --yes. Where deletion is immediate the service removes the project in the background: --wait polls until it is gone (404); where it is delayed, until the project is marked for deletion.',
  args: { project: PROJECT },
  flags: waitFlags('the project is gone, or marked for deletion where deletion is delayed'),
  mutating: true,
  confirm: true,
  destructive: true,
  examples: [
    'collab projects delete acme/web/old-site',
    'collab projects delete 42 --yes',
    'collab projects delete 42 --yes --wait --timeout 2m',
  ],
});

export interface DeleteOptions {
  project: ProjectRef;
  yes: boolean;
  wait: boolean;
  timeoutMs: number;
}

export function parse({ project, yes, wait, timeout }: VerbInput<typeof DELETE>): DeleteOptions {
  return { project, yes, ...waitSetting({ wait, timeout }) };
}

const RESULT_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'path_with_namespace', priority: PRIORITY.identifying },
  { header: 'STATUS', path: 'status', text: false },
  { header: 'MARKED FOR DELETION ON', path: 'marked_for_deletion_on' },
];

/** What happened, for -o json and friends. */
interface DeleteResult {
  id: number;
  path_with_namespace: string;
  status: 'deleted' | 'marked_for_deletion' | 'deletion_accepted';
  marked_for_deletion_on: string | null;
}

export async function run(ctx: VerbContext, opts: DeleteOptions): Promise<void> {
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `delete project ${opts.project}`);
  if (ctx.session.dryRun) {
    await ctx.presenter.action({ dryRun: await ctx.session.describeRequest(deleteProject(opts.project)) });
    return;
  }
  const before = (await ctx.session.request<ProjectRecord>(getProject(opts.project))).data;
  const fullPath = before.path_with_namespace;
  if (before.marked_for_deletion_on) {
    throw new CollabError(
      'rejected',
      `project ${fullPath} is already marked for deletion (on ${before.marked_for_deletion_on})`,
      { hint: `restore it with \`collab projects restore ${fullPath}\`` },
    );
  }
  await ctx.prompter.confirmByTyping(fullPath, `delete project ${fullPath}`, opts.yes);
  try {
    await ctx.session.request(deleteProject(before.id, { existed: true }));
  } catch (error) {
    // A retry after a lost answer finds the project already marked: that mark is ours.
    if (
      !(
        isCollabError(error) &&
        error.status === 400 &&
        (await findResource<ProjectRecord>(await ctx.session.client(), getProject(before.id)))?.marked_for_deletion_on
      )
    )
      throw error;
  }
  // The answer (202) is the same whether the project is gone or only marked: look.
  const look = async () => findResource<ProjectRecord>(await ctx.session.client(), getProject(before.id));
  let after = await look();
  if (opts.wait) {
    after = await waitForDeletion(ctx, {
      what: `the deletion of project ${fullPath}`,
      label: `deleting project ${fullPath}`,
      subject: fullPath,
      checkCommand: `collab projects view ${before.id}`,
      timeoutMs: opts.timeoutMs,
      first: after,
      look,
    });
  }
  const marked = after === undefined ? undefined : (after.marked_for_deletion_on ?? null);
  const result: DeleteResult = {
    id: before.id,
    path_with_namespace: fullPath,
    status: 'deleted',
    marked_for_deletion_on: null,
  };
  let message = `deleted project ${fullPath}`;
  if (marked === null) {
    result.status = 'deletion_accepted';
    message = `deletion of project ${fullPath} was accepted; it is being removed`;
  } else if (marked) {
    result.status = 'marked_for_deletion';
    result.marked_for_deletion_on = marked;
    message = `marked project ${fullPath} for deletion on ${marked}: it will be removed on ${removalDate(marked)} (after the instance's delay, 7 days unless an administrator changed it); undo with \`collab projects restore ${fullPath}\``;
  }
  await printActionResult(ctx, message, result, RESULT_COLUMNS);
}
