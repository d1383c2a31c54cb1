import { projectUsersPath } from '../../api/project-extras.js';
import type { Context, ListFlags } from '../../context.js';
import type { QueryParams } from '../../http/query.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { collectParams } from '../../params/derive.js';
import { PROJECT_USER_FILTERS } from '../../params/project-extras.js';
import type { CommandInput } from '../spec.js';
import { projectArg } from '../resource-args.js';
import { listFlags } from '../common-options.js';

const USER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'name' },
  { header: 'STATE', path: 'state', text: false },
];

export interface UsersOptions {
  project: string | number;
  query: QueryParams;
  list: ListFlags;
}

export function options({ args, options: o }: CommandInput): UsersOptions {
  return { project: projectArg(args), query: collectParams(o, PROJECT_USER_FILTERS) as QueryParams, list: listFlags(o) };
}

export async function run(ctx: Context, opts: UsersOptions): Promise<void> {
  await ctx.printList(await ctx.pages(projectUsersPath(opts.project), opts.query, opts.list), USER_COLUMNS);
}
