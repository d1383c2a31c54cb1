import type { GroupRecord } from '../../api/groups.js';
import type { Context } from '../../context.js';
import { write } from '../../io.js';
import { type Column, escapeControls, shownText } from '../../output/format.js';
import { viewOf } from '../../output/writer.js';

/**
 * `--tree`: groups arranged by parent_id. A tree needs every item before the first line can be
 * drawn, so the list is collected first (no streaming). Groups whose parent is not in the list
 * (the children of `descendants <group>`, or a subgroup seen without its parent) are roots.
 */
export interface PlacedGroup extends GroupRecord {
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
export function arrange(groups: readonly GroupRecord[]): PlacedGroup[] {
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

export const TREE_COLUMNS: readonly Column[] = [
  { header: 'DEPTH', path: 'depth' },
  { header: 'PARENT', path: 'parent' },
];

/**
 * Prints the groups as a tree: box-drawing lines on a terminal, two spaces of indent per level in
 * a pipe (then tab-separated values); JSON, ndjson and csv get the items in tree order with
 * `depth` and `parent` added.
 */
export async function printGroupTree(ctx: Context, groups: readonly GroupRecord[], columns: readonly Column[]): Promise<void> {
  const placed = arrange(groups);
  const output = await ctx.outputOptions();
  if (output.format !== 'table') {
    await ctx.printItems(placed, [...columns, ...TREE_COLUMNS]);
    return;
  }
  const detail = output.fields ? output.fields.map((path) => ({ header: path, path })) : TREE_DETAIL;
  const view = viewOf(ctx.io);
  const values = (group: PlacedGroup) => detail.map((column) => shownText(column, group, view));
  // The path is shown as the output rule shows any text (no control sequence reaches a terminal).
  const label = (group: PlacedGroup) => escapeControls(String(group.depth === 0 ? group.full_path : group.path));
  let text = '';
  if (!ctx.io.stdoutIsTTY) {
    for (const group of placed) text += `${'  '.repeat(group.depth)}${label(group)}\t${values(group).join('\t')}\n`;
    await write(ctx.io.stdout, text);
    return;
  }
  const grey = ctx.io.color ? new (await import('chalk')).Chalk({ level: 1 }).grey : (s: string) => s;
  // Whether each ancestor level still has siblings below decides between "│   " and "    ".
  const open: boolean[] = [];
  placed.forEach((group, index) => {
    let isLast = true;
    for (let next = index + 1; next < placed.length; next++) {
      const depth = (placed[next] as PlacedGroup).depth;
      if (depth < group.depth) break;
      if (depth === group.depth) {
        isLast = false;
        break;
      }
    }
    open.length = group.depth;
    const prefix = group.depth === 0 ? '' : open.slice(1).map((more) => (more ? '│   ' : '    ')).join('') + (isLast ? '└── ' : '├── ');
    open[group.depth] = !isLast;
    const shown = detail.map((column, i) => (column.path === 'id' && !output.fields ? `#${values(group)[i]}` : values(group)[i])).filter(Boolean);
    text += `${prefix}${label(group)}${shown.length ? grey(`  ${shown.join(' · ')}`) : ''}\n`;
  });
  await write(ctx.io.stdout, text);
}
