import { type GroupRecord, type GroupRef, transferProjectToGroup } from '../../api/groups.js';
import type { Context } from '../../context.js';
import type { CommandInput } from '../spec.js';
import { groupArg, projectArg } from '../resource-args.js';
import { printGroup } from './group-output.js';

export interface TransferProjectOptions {
  group: GroupRef;
  project: string | number;
}

export function options({ args }: CommandInput): TransferProjectOptions {
  return { group: groupArg(args), project: projectArg(args, 1) };
}

/** Administrators only. The service answers with the receiving group, which is printed. */
export async function run(ctx: Context, opts: TransferProjectOptions): Promise<void> {
  const response = await ctx.mutate<GroupRecord>(transferProjectToGroup(opts.group, opts.project));
  if (!response) return;
  ctx.info(`moved project ${opts.project} into group ${response.data.full_path}`);
  await printGroup(ctx, response.data);
}
