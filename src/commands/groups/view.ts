import { getGroup, type GroupRecord, type GroupRef } from '../../api/groups.js';
import type { Context } from '../../context.js';
import type { CommandInput } from '../spec.js';
import { groupArg } from '../resource-args.js';
import { printGroup } from './group-output.js';

export interface ViewOptions {
  group: GroupRef;
  withProjects: boolean;
  withCustomAttributes: boolean;
}

export function options({ args, options: o }: CommandInput, ctx: Context): ViewOptions {
  if (o.withProjects === true) ctx.warn('the projects embedded in group details are deprecated (removal in API v5); `collab groups projects <group>` lists them page by page');
  return { group: groupArg(args), withProjects: o.withProjects === true, withCustomAttributes: o.withCustomAttributes === true };
}

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const { data } = await ctx.request<GroupRecord>(getGroup(opts.group, { withProjects: opts.withProjects, withCustomAttributes: opts.withCustomAttributes }));
  await printGroup(ctx, data, { withProjects: opts.withProjects });
}
