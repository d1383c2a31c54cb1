import { forksPath } from '../../api/project-extras.js';
import type { Context, ListFlags } from '../../context.js';
import type { QueryParams } from '../../http/query.js';
import { collectParams } from '../../params/derive.js';
import { STARRED_PROJECTS_PARAMS } from '../../params/projects.js';
import type { CommandInput } from '../spec.js';
import { PROJECT_COLUMNS } from './columns.js';
import { projectArg } from '../resource-args.js';
import { listFlags } from '../common-options.js';

export interface ForksOptions {
  project: string | number;
  query: QueryParams;
  list: ListFlags;
}

export function options({ args, options: o }: CommandInput, ctx: Context): ForksOptions {
  return { project: projectArg(args), query: collectParams(o, STARRED_PROJECTS_PARAMS, { warn: (m) => ctx.warn(m) }) as QueryParams, list: listFlags(o) };
}

export async function run(ctx: Context, opts: ForksOptions): Promise<void> {
  await ctx.printList(await ctx.pages(forksPath(opts.project), opts.query, opts.list), PROJECT_COLUMNS);
}
