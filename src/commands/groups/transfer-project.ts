import { type GroupRecord, type GroupRef, transferProjectToGroup } from '../../api/groups.js';
import { getProject, type ProjectRecord } from '../../api/projects.js';
import { resolveGroupId } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { needConfirmation } from '../delete.js';
import { printGroup } from './group-output.js';
import { projectRef } from '../../params/parsers.js';
import { arg } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const TRANSFER_PROJECT = verb({
  name: 'transfer-project',
  destructive: true,
  summary: 'Move a project into a group (administrators only)',
  description: 'On a terminal you confirm by typing the project’s full path; scripts pass --yes.',
  args: {
    group: GROUP,
    project: arg(
      { name: 'project', description: 'the project to move: numeric ID or full path (grp/app)' },
      projectRef,
    ),
  },
  mutating: true,
  confirm: true,
  examples: ['collab groups transfer-project globex acme/legacy-monolith --yes'],
});

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
    // A group that does not exist is said before the path is typed, not after.
    await resolveGroupId(ctx.session, opts.group, '<group>');
    await ctx.prompter.confirmByTyping(fullPath, `move project ${fullPath} into group ${opts.group}`, false);
  }
  const response = await ctx.session.mutate<GroupRecord>(transferProjectToGroup(opts.group, opts.project));
  if (!response) return;
  ctx.terminal.info(`moved project ${opts.project} into group ${response.data.full_path}`);
  await printGroup(ctx, response.data);
}
