import type { GroupRecord } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import type { Column } from '../../output/format.js';

/**
 * `--tree`: groups arranged by parent_id. A tree needs every item before the first line can be
 * drawn, so the list is collected first (no streaming). Groups whose parent is not in the list
 * (the children of `descendants <group>`, or a subgroup seen without its parent) are roots.
 */
interface PlacedGroup extends GroupRecord {
  /** 0 for a root of the drawn tree. */
  depth: number;
  /** The parent's full path; null for a top-level group. */
  parent: string | null;
}

interface Node {
  group: GroupRecord;
  children: Node[];
}

/** Depth-first, each level in the order the service listed it. */
function arrange(groups: readonly GroupRecord[]): PlacedGroup[] {
  const nodes = new Map<number, Node>();
  for (const group of groups) nodes.set(group.id, { group, children: [] });
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.group.parent_id === null ? undefined : nodes.get(node.group.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const out: PlacedGroup[] = [];
  const visit = (node: Node, depth: number) => {
    const at = node.group.full_path.lastIndexOf('/');
    out.push({ ...node.group, depth, parent: at > 0 ? node.group.full_path.slice(0, at) : null });
    for (const child of node.children) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
}

const TREE_DETAIL: readonly Column[] = [
  { header: 'NAME', path: 'name' },
  { header: 'VISIBILITY', path: 'visibility' },
  { header: 'ID', path: 'id' },
];

const TREE_COLUMNS: readonly Column[] = [
  { header: 'DEPTH', path: 'depth' },
  { header: 'PARENT', path: 'parent' },
];

/**
 * Prints the groups as a tree (src/output/tree.ts draws it on a table); JSON, ndjson and csv get
 * the items in tree order with `depth` and `parent` added.
 */
export async function printGroupTree(
  ctx: VerbContext,
  groups: readonly GroupRecord[],
  columns: readonly Column[],
): Promise<void> {
  await ctx.presenter.list<PlacedGroup>(arrange(groups), {
    tree: {
      columns,
      treeColumns: TREE_COLUMNS,
      detail: TREE_DETAIL,
      label: (group) => (group.depth === 0 ? group.full_path : group.path),
    },
  });
}
