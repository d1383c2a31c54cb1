import { removalDate } from '../../api/deletion.js';
import { deleteGroup, getGroup, type GroupRecord, type GroupRef } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import { needConfirmation } from '../delete.js';
import { type Column, PRIORITY } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { findResource } from '../../api/recover.js';
import { waitForDeletion, waitSetting } from '../wait.js';
import { waitFlags } from '../common-options.js';
import { bool } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const DELETE = verb({
  name: 'delete',
  destructive: true,
  summary: 'Delete a group: marked for deletion first on paid tiers, removed later',
  description: `On a terminal you confirm by typing the group's full path; elsewhere --yes is required.
The command says whether the group was removed or marked for deletion, and on which date it goes.
--permanently-remove removes a group already marked for deletion at once.
A removal runs in the background: --wait polls until the group is gone (404), or marked for deletion where deletion is delayed.`,
  args: { group: GROUP },
  flags: {
    permanentlyRemove: bool(
      '--permanently-remove',
      'remove a group that is already marked for deletion now (no restore possible)',
    ),
    ...waitFlags('the group is gone, or marked for deletion where deletion is delayed'),
  },
  mutating: true,
  confirm: true,
  examples: ['collab groups delete acme/old', 'collab groups delete acme/old --permanently-remove --yes'],
});

export interface DeleteOptions {
  group: GroupRef;
  yes: boolean;
  permanently: boolean;
  wait: boolean;
  timeoutMs: number;
}

const RESULT_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'FULL PATH', path: 'full_path', priority: PRIORITY.identifying },
  { header: 'STATUS', path: 'status', text: false },
  { header: 'MARKED FOR DELETION ON', path: 'marked_for_deletion_on' },
];

export function parse({ group, yes, permanentlyRemove, wait, timeout }: VerbInput<typeof DELETE>): DeleteOptions {
  return { group, yes, permanently: permanentlyRemove, ...waitSetting({ wait, timeout }) };
}

export async function run(ctx: VerbContext, opts: DeleteOptions): Promise<void> {
  // Checked first, before anything is sent: a script without --yes stops here, not after a lookup.
  await needConfirmation(ctx, opts.yes, `delete group ${opts.group}`);
  // A dry run needs the group's full path only for --permanently-remove (it goes in the request).
  if (ctx.session.dryRun && !opts.permanently) {
    await ctx.session.mutate(deleteGroup(opts.group));
    return;
  }
  const { data: group } = await ctx.session.request<GroupRecord>(getGroup(opts.group));
  const fullPath = group.full_path;
  if (!ctx.session.dryRun) {
    await ctx.prompter.confirmByTyping(
      fullPath,
      opts.permanently
        ? `remove group ${fullPath} with its subgroups and projects now, beyond restore`
        : `delete group ${fullPath} with its subgroups and projects`,
      opts.yes,
    );
  }
  const response = await ctx.session
    .mutate(deleteGroup(opts.group, opts.permanently ? { fullPath } : undefined))
    .catch((error: unknown) => {
      if (isCollabError(error) && error.kind === 'rejected' && /already marked for deletion/i.test(error.message)) {
        throw withHint(
          error,
          `remove it now with \`collab groups delete ${fullPath} --permanently-remove\`, or undo with \`collab groups restore ${fullPath}\``,
        );
      }
      if (
        isCollabError(error) &&
        error.kind === 'rejected' &&
        /must be marked for deletion first/i.test(error.message)
      ) {
        throw withHint(error, `run \`collab groups delete ${fullPath}\` first`);
      }
      throw error;
    });
  if (!response) return;

  // The answer is a bare 202: look again to tell a removal from a mark for deletion.
  const look = async () => findResource<GroupRecord>(await ctx.session.client(), getGroup(group.id));
  let after = await look();
  if (opts.wait) {
    after = await waitForDeletion(ctx, {
      what: `the deletion of group ${fullPath}`,
      label: `deleting group ${fullPath}`,
      subject: fullPath,
      checkCommand: `collab groups view ${group.id}`,
      timeoutMs: opts.timeoutMs,
      first: after,
      look,
      untilGone: opts.permanently,
    });
  }
  let status: string;
  if (!after) {
    status = 'removed';
    ctx.terminal.info(`removed group ${fullPath} with its subgroups and projects`);
  } else if (after.marked_for_deletion_on && !opts.permanently) {
    status = 'marked_for_deletion';
    ctx.terminal.info(
      `marked group ${fullPath} for deletion on ${after.marked_for_deletion_on}: it will be removed on ${removalDate(after.marked_for_deletion_on)} (after the instance's delay, 7 days unless an administrator changed it); \`collab groups restore ${fullPath}\` undoes it until then`,
    );
  } else {
    status = 'removal_scheduled';
    ctx.terminal.info(`group ${fullPath} is being removed in the background`);
  }
  // Scripts asking for data get the outcome; people get the line above.
  await ctx.presenter.action({
    value: { id: group.id, full_path: fullPath, status, marked_for_deletion_on: after?.marked_for_deletion_on ?? null },
    columns: RESULT_COLUMNS,
  });
}
