import { projectGroupsPath } from '../../api/project-extras.js';
import type { Context, ListFlags } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { collectParams } from '../../params/derive.js';
import { PROJECT_GROUP_FILTERS } from '../../params/project-extras.js';
import type { CommandInput } from '../spec.js';
import { projectArg } from '../resource-args.js';
import { listFlags } from '../common-options.js';

const GROUP_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'full_path', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'full_name' },
];

export interface GroupsOptions {
  project: string | number;
  query: QueryParams;
  list: ListFlags;
}

export function options({ args, options: o }: CommandInput): GroupsOptions {
  const project = projectArg(args);
  // The service ignores the share filters without with_shared; saying so beats an unfiltered answer.
  if (o.withShared !== true) {
    for (const flag of ['sharedMinAccessLevel', 'sharedVisibleOnly'] as const) {
      if (o[flag] !== undefined) {
        const name = flag === 'sharedMinAccessLevel' ? '--shared-min-access-level' : '--shared-visible-only';
        throw new CollabError('usage', `${name} applies only with --with-shared`, { hint: 'add --with-shared to list the groups the project is shared with' });
      }
    }
  }
  return { project, query: collectParams(o, PROJECT_GROUP_FILTERS) as QueryParams, list: listFlags(o) };
}

export async function run(ctx: Context, opts: GroupsOptions): Promise<void> {
  await ctx.printList(await ctx.pages(projectGroupsPath(opts.project), opts.query, opts.list), GROUP_COLUMNS);
}
