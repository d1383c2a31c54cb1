import { type IO, write } from '../io.js';
import { type Column, escapeControls, shownText } from './format.js';
import { cutToWidth, displayWidth } from './text-width.js';
import { viewOf } from './writer.js';

/**
 * A tree as a table shows it (`groups list --tree`): box-drawing lines on a terminal, two spaces
 * of indent per level in a pipe (then tab-separated values). The presenter picks this for a table;
 * the other formats get the items in tree order with their tree columns.
 */
export interface TreeNode {
  /** 0 for a root of the drawn tree. */
  depth: number;
}

export interface TreeShape<N extends TreeNode = TreeNode> {
  /** The item's columns in the other formats. */
  columns: readonly Column[];
  /** Added to them there: where the item sits (depth, parent). */
  treeColumns: readonly Column[];
  /** Shown after the label on a terminal, greyed; --fields replaces them. */
  detail: readonly Column[];
  /** The node's name in the tree (a root's full path, a child's own path). */
  label(node: N): string;
}

/** Narrowest a detail is cut to (`Acme…`) before the details are left off the line. */
const MIN_DETAIL = 4;

/**
 * A node's details joined, in `room` cells: the widest cut first (a long name, where the
 * visibility and ID are short), as a table cuts its free text; none where even that leaves no
 * room. A line past the terminal's edge wraps to its first column and breaks the tree's lines.
 */
function fitted(details: readonly string[], room: number): string {
  const parts = [...details];
  const total = () => parts.reduce((sum, part) => sum + displayWidth(part), 0) + 3 * (parts.length - 1);
  while (parts.length > 0 && total() > room) {
    let widest = 0;
    parts.forEach((part, i) => {
      if (displayWidth(part) > displayWidth(parts[widest] as string)) widest = i;
    });
    const width = displayWidth(parts[widest] as string);
    if (width <= MIN_DETAIL) return '';
    parts[widest] = cutToWidth(parts[widest] as string, Math.max(MIN_DETAIL, width - (total() - room)));
  }
  return parts.join(' · ');
}

export async function renderTree<N extends TreeNode>(
  io: IO,
  nodes: readonly N[],
  shape: TreeShape<N>,
  fields: readonly string[] | undefined,
): Promise<void> {
  const detail = fields ? fields.map((path) => ({ header: path, path })) : shape.detail;
  const view = viewOf(io);
  // The label is shown as the output rule shows any text (no control sequence reaches a terminal).
  const label = (node: N) => escapeControls(String(shape.label(node)));
  const values = (node: N) => detail.map((column) => shownText(column, node, view));
  let text = '';
  if (!io.stdoutIsTTY) {
    for (const node of nodes) text += `${'  '.repeat(node.depth)}${label(node)}\t${values(node).join('\t')}\n`;
    await write(io.stdout, text);
    return;
  }
  const grey = io.color ? new (await import('chalk')).Chalk({ level: 1 }).grey : (s: string) => s;
  // Whether each ancestor level still has siblings below decides between "│   " and "    ".
  const open: boolean[] = [];
  nodes.forEach((node, index) => {
    let isLast = true;
    for (let next = index + 1; next < nodes.length; next++) {
      const depth = (nodes[next] as TreeNode).depth;
      if (depth < node.depth) break;
      if (depth === node.depth) {
        isLast = false;
        break;
      }
    }
    open.length = node.depth;
    const prefix =
      node.depth === 0
        ? ''
        : open
            .slice(1)
            .map((more) => (more ? '│   ' : '    '))
            .join('') + (isLast ? '└── ' : '├── ');
    open[node.depth] = !isLast;
    const shown = detail
      .map((column, i) => (column.path === 'id' && !fields ? `#${values(node)[i]}` : values(node)[i]))
      .filter((value): value is string => Boolean(value));
    const head = `${prefix}${label(node)}`;
    const tail = fitted(shown, io.columns - displayWidth(head) - 2);
    text += `${head}${tail ? grey(`  ${tail}`) : ''}\n`;
  });
  await write(io.stdout, text);
}
