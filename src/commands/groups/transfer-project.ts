import { type GroupRecord, type GroupRef, transferProjectToGroup } from '../../api/groups.js';
import { getProject, type ProjectRecord } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { needConfirmation } from '../delete.js';
import { printGroup } from './group-output.js';

interface TransferProjectOptions {
  group: GroupRef;
  project: string | number;
  yes: boolean;
}

/** Administrators only. The service answers with the receiving group, which is printed. */
export async function run(ctx: VerbContext, opts: TransferProjectOptions): Promise<void> {
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `transfer project ${opts.project}`);
  if (!opts.yes && !ctx.session.dryRun) {
    const { path_with_namespace: fullPath } = (await ctx.session.request<ProjectRecord>(getProject(opts.project))).data;
    await ctx.prompter.confirmByTyping(fullPath, `move project ${fullPath} into group ${opts.group}`, false);
  }
  const response = await ctx.session.mutate<GroupRecord>(transferProjectToGroup(opts.group, opts.project));
  if (!response) return;
  ctx.terminal.info(`moved project ${opts.project} into group ${response.data.full_path}`);
  await printGroup(ctx, response.data);
}
