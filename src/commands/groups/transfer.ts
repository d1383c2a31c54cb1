import { type GroupRecord, type GroupRef, transferGroup } from '../../api/groups.js';
import { resolveGroupId } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { CommandInput } from '../spec.js';
import { groupArg } from '../resource-args.js';
import { printGroup } from './group-output.js';

export interface TransferOptions {
  group: GroupRef;
  /** The new parent; undefined makes the group top-level. */
  to: GroupRef | undefined;
}

export function options({ args, options: o }: CommandInput): TransferOptions {
  const group = groupArg(args);
  const to = o.to as GroupRef | undefined;
  // What can be seen without asking the service: the same reference, or a path below the group's own.
  const same = to !== undefined && String(to).toLowerCase() === String(group).toLowerCase();
  const below = typeof to === 'string' && typeof group === 'string' && to.toLowerCase().startsWith(`${group.toLowerCase()}/`);
  if (same || below) throw new CollabError('usage', `cannot move group ${group} into ${same ? 'itself' : `its own subgroup ${to}`}`);
  return { group, to };
}

export async function run(ctx: Context, opts: TransferOptions): Promise<void> {
  const targetId = opts.to === undefined ? undefined : await resolveGroupId(ctx, opts.to, '--to');
  const response = await ctx.mutate<GroupRecord>(transferGroup(opts.group, targetId));
  if (!response) return;
  const moved = response.data;
  ctx.info(moved.parent_id === null ? `group ${moved.full_path} is now a top-level group` : `moved group ${opts.group}: its full path is now ${moved.full_path}`);
  await printGroup(ctx, moved);
}
