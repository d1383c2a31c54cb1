import { descendantGroupsPath, type GroupRecord, type GroupRef, GROUPS_PATH, subgroupsPath } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import type { ListFlags } from '../../list-flags.js';
import { bool } from '../flags.js';
import { GROUP_COLUMNS } from './group-output.js';
import { printGroupTree } from './hierarchy.js';
import { comparePaths } from '../../util/path-order.js';

/** --tree of list and descendants. */
export const tree = () =>
  bool(
    '--tree',
    'draw the hierarchy (of every page, unless --limit or --page cuts it); with -o json/ndjson/csv each group gets its depth and parent',
  );

/** `groups list`, `groups subgroups <group>` and `groups descendants <group>`: one implementation. */
type GroupListScope = { kind: 'all' } | { kind: 'subgroups' | 'descendants'; group: GroupRef };

export interface GroupListOptions {
  scope: GroupListScope;
  query: QueryParams;
  flags: ListFlags;
  tree: boolean;
}

/** What the three verbs read (their declarations); subgroups has no --tree. */
interface GroupListInput {
  query: Readonly<Record<string, unknown>>;
  list: ListFlags;
  tree?: boolean;
}

/** Once a run: the filters checked as the service would. */
export function groupListOptions(input: GroupListInput, scope: GroupListScope): GroupListOptions {
  // The filter table is untyped (src/params/groups.ts): its parsers made each value a query value.
  const query = input.query as QueryParams;
  // The service accepts similarity only while searching (spec: "similarity only while searching").
  if (query.order_by === 'similarity' && query.search === undefined) {
    throw new CollabError('usage', '--order-by similarity needs --search', {
      hint: 'similarity ranks matches of the search text; without one, order by name',
    });
  }
  return { scope, query, flags: input.list, tree: input.tree === true };
}

/** One target of a run over many (`-`): the group in the scope. */
export function bindGroup(options: GroupListOptions, target: GroupRef): GroupListOptions {
  if (options.scope.kind === 'all') throw new CollabError('internal', 'groups list takes no group');
  return { ...options, scope: { kind: options.scope.kind, group: target } };
}

function pathOf(scope: GroupListScope): string {
  if (scope.kind === 'all') return GROUPS_PATH;
  return scope.kind === 'subgroups' ? subgroupsPath(scope.group) : descendantGroupsPath(scope.group);
}

export async function runGroupList(ctx: VerbContext, opts: GroupListOptions): Promise<void> {
  const path = pathOf(opts.scope);
  if (!opts.tree) {
    // The service orders by name; FULL PATH then reads out of order. People read groups as a tree,
    // by full path; an --order-by given keeps the service's order.
    await ctx.presenter.list(await ctx.session.pages(path, opts.query, opts.flags), {
      columns: GROUP_COLUMNS,
      peopleOrder: opts.query.order_by === undefined ? byFullPath : undefined,
    });
    return;
  }
  // A tree cut off at 20 groups would lose branches: it takes every page unless a limit or page is given.
  const flags =
    opts.flags.limit === undefined && opts.flags.page === undefined ? { ...opts.flags, all: true } : opts.flags;
  const groups: GroupRecord[] = [];
  for await (const page of await ctx.session.pages(path, opts.query, flags))
    for (const item of page.items) groups.push(JSON.parse(item) as GroupRecord);
  await printGroupTree(ctx, groups, GROUP_COLUMNS);
}

/** Groups in tree order of their full paths. */
function byFullPath(a: unknown, b: unknown): number {
  return comparePaths(String((a as GroupRecord).full_path ?? ''), String((b as GroupRecord).full_path ?? ''));
}
