import { descendantGroupsPath, type GroupRecord, type GroupRef, GROUPS_PATH, subgroupsPath } from '../../api/groups.js';
import type { Context, ListFlags } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import { GROUP_LIST_FILTERS, SUBGROUP_LIST_FILTERS } from '../../params/groups.js';
import type { CommandInput } from '../spec.js';
import { collectParams } from '../../params/derive.js';
import { GROUP_COLUMNS } from './group-output.js';
import { groupArg } from '../resource-args.js';
import { listFlags } from '../common-options.js';
import { printGroupTree } from './hierarchy.js';

/** `groups list`, `groups subgroups <group>` and `groups descendants <group>`: one implementation. */
export type GroupListScope = { kind: 'all' } | { kind: 'subgroups' | 'descendants'; group: GroupRef };

export interface GroupListOptions {
  scope: GroupListScope;
  query: QueryParams;
  flags: ListFlags;
  tree: boolean;
}

export function groupListOptions({ args, options: o }: CommandInput, kind: GroupListScope['kind']): GroupListOptions {
  const scope: GroupListScope = kind === 'all' ? { kind } : { kind, group: groupArg(args) };
  const query = collectParams(o, kind === 'all' ? GROUP_LIST_FILTERS : SUBGROUP_LIST_FILTERS) as QueryParams;
  // The service accepts similarity only while searching (spec: "similarity only while searching").
  if (query.order_by === 'similarity' && query.search === undefined) {
    throw new CollabError('usage', '--order-by similarity needs --search', { hint: 'similarity ranks matches of the search text; without one, order by name' });
  }
  return {
    scope,
    query,
    flags: listFlags(o),
    tree: o.tree === true,
  };
}

function pathOf(scope: GroupListScope): string {
  if (scope.kind === 'all') return GROUPS_PATH;
  return scope.kind === 'subgroups' ? subgroupsPath(scope.group) : descendantGroupsPath(scope.group);
}

export async function runGroupList(ctx: Context, opts: GroupListOptions): Promise<void> {
  const path = pathOf(opts.scope);
  if (!opts.tree) {
    await ctx.printList(await ctx.pages(path, opts.query, opts.flags), GROUP_COLUMNS);
    return;
  }
  // A tree cut off at 20 groups would lose branches: it takes every page unless a limit or page is given.
  const flags = opts.flags.limit === undefined && opts.flags.page === undefined ? { ...opts.flags, all: true } : opts.flags;
  const groups: GroupRecord[] = [];
  for await (const page of await ctx.pages(path, opts.query, flags)) for (const item of page.items) groups.push(JSON.parse(item) as GroupRecord);
  await printGroupTree(ctx, groups, GROUP_COLUMNS);
}
