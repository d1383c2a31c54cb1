import { starrersPath } from '../../api/project-extras.js';
import type { Context, ListFlags } from '../../context.js';
import type { QueryParams } from '../../http/query.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { collectParams } from '../../params/derive.js';
import { STARRER_FILTERS } from '../../params/project-extras.js';
import type { CommandInput } from '../spec.js';
import { projectArg } from '../resource-args.js';
import { listFlags } from '../common-options.js';

const STARRER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'user.id' },
  { header: 'USERNAME', path: 'user.username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'user.name' },
  { header: 'STARRED SINCE', path: 'starred_since' },
];

export interface StarrersOptions {
  project: string | number;
  query: QueryParams;
  list: ListFlags;
}

export function options({ args, options: o }: CommandInput): StarrersOptions {
  return { project: projectArg(args), query: collectParams(o, STARRER_FILTERS) as QueryParams, list: listFlags(o) };
}

export async function run(ctx: Context, opts: StarrersOptions): Promise<void> {
  await ctx.printList(await ctx.pages(starrersPath(opts.project), opts.query, opts.list), STARRER_COLUMNS);
}
