import type { ChalkInstance } from 'chalk';
import {
  type Column,
  fieldValue,
  isDateValue,
  isNothing,
  PRIORITY,
  type RowSpan,
  shownText,
  toneOf,
  type View,
} from './format.js';
import { type DrawOptions, drawClosing, drawDivider, drawOpening, drawRows } from './table-draw.js';
import { cutToWidth, displayWidth, moreLines, widthWithin, wrapToWidth } from './text-width.js';

/**
 * The bordered table of a terminal, drawn page by page: the first page settles the widths, later
 * pages continue the same table. Widths count display cells (CJK and most emoji take two), so
 * columns line up whatever the script; a value is measured only as far as the terminal could
 * show it (text-width.ts), so a huge one costs no more than a line. A table with a body column (a
 * run's results) too narrow to show what identifies each row whole is drawn as blocks instead
 * (blocksFor), the same rule for every verb that shows one.
 */

/** Room left around cell text: one space each side (table-draw.ts draws it). */
const PADDING = 2;
/** Spare width a free-text column takes for longer values on later pages: up to its own width again (8 at least), at most this. */
const MAX_GROWTH = 24;
/** Free text is never cut narrower than this (or its header). */
const MIN_TEXT_WIDTH = 10;
/** Where text goes at last, past every floor, rather than a row past the terminal's edge. */
const LAST_RESORT_WIDTH = 3;
/**
 * A wrapped column gives width below this only once other free text is cut to its floor, and then
 * before any column is left out: narrower, its text wraps over more lines and nothing is lost,
 * where a column left out is lost whole. It goes down to MIN_WRAP_FLOOR, as far as no cell of the
 * first page that shows whole at this width would be cut to MAX_CELL_LINES (wrapFloor).
 */
const MIN_WRAP_WIDTH = 24;
/** Where a wrapped column stops giving width, a few words a line: narrower, a column is left out instead. */
const MIN_WRAP_FLOOR = 16;
/**
 * What identifies a row in words (a deploy key's title, a rule's name: text with spaces) gives
 * width down to this before any column is left out: its first words still say which row it is,
 * where a path cut in the middle may not, and a sentence kept whole left a table of two columns.
 */
const MIN_TITLE_WIDTH = 24;
/**
 * The sharing of one-line text (share) weighs the room in at most this many steps: one cell a
 * step on a terminal up to some 300 columns, coarser past it, so its search stays small.
 */
const MAX_SHARE_STEPS = 256;
/** A wrapped cell (a note's body) shows at most this many lines, then how many more: a row is one item of a list, its whole in -o json or its view. */
const MAX_CELL_LINES = 12;

interface Layout {
  /** The columns shown (indexes into the table's columns): a narrow terminal leaves some out. */
  visible: number[];
  /** Content width of each column shown (padding and borders aside). */
  widths: number[];
  text: boolean[];
  numeric: boolean[];
  /** Identifies the row (a path): cut last, and in the middle. */
  identifying: boolean[];
  /** Every column is shown, and every one that identifies the row (a wrapped one aside) whole. */
  whole: boolean;
}

interface TableOptions {
  /** Terminal width; 0 when unknown. */
  terminalWidth: number;
  chalk: ChalkInstance | undefined;
  /** More pages may follow: free text keeps some spare width for them. */
  streaming: boolean;
  timeZone?: string | undefined;
  /** Rows with one text across the columns from `span.from` on (RowSpan). */
  span?: RowSpan | undefined;
}

export class TerminalTable {
  private layout: Layout | undefined;
  private drawnTop = false;
  /** The columns shown, once the first page settled them. */
  private columns: readonly Column[];
  /** Where each column shown is in the table's columns. */
  private shownIndex: number[];
  /** The column shown where a spanning row's text begins; -1 when none is shown (or no row spans). */
  private spanAt = -1;
  /**
   * The widths of the row drawn last: a spanning row's are joined. The closing rule and a later
   * page's meet its bars, not those of columns it has none of.
   */
  private lastWidths: readonly number[] | undefined;
  /** How many cells of each wrapped column (by header) were cut to MAX_CELL_LINES. */
  private readonly cutCells = new Map<string, number>();
  /** Rows drawn as blocks, once the first page found the table too narrow for them (blocksFor). */
  private blocks: Blocks | undefined;

  constructor(
    private readonly allColumns: readonly Column[],
    private readonly options: TableOptions,
  ) {
    this.columns = allColumns;
    this.shownIndex = allColumns.map((_column, i) => i);
  }

  /** Rows of the items, and the top border and header before the first. The bottom border comes with finish(). */
  render(items: readonly unknown[]): string {
    const view = { terminal: true, timeZone: this.options.timeZone };
    const span = this.options.span;
    const spans = items.map((item) => span?.spans(item) === true);
    // A spanning row's cells under its text are empty: they size no column.
    const under = (row: number, i: number) =>
      spans[row] === true && (this.shownIndex[i] as number) >= (span?.from ?? 0);
    // The first page settles how each column reads, as it settles the widths: one reading a table.
    const read = this.layout ? this.columns : this.allColumns.map((column) => sayingNone(column, items));
    let cells = items.map((item, row) =>
      read.map((column, i) => (under(row, i) ? '' : oneLine(shownText(column, item, view), column))),
    );
    let out = '';
    const first = !this.layout;
    if (!this.layout) {
      this.layout = firstLayout(read, cells, items, this.options);
      this.blocks = blocksFor(read, cells, this.layout, this.options);
      // Blocks show every column, each read as the first page settled.
      if (this.blocks) this.columns = read;
    } else if (this.blocks === undefined) {
      const widened = widenLater(this.columns, this.layout, cells, this.options.terminalWidth);
      // Numbers, dates and enumerations are never cut: a later page that needs them wider (or a
      // wrapped column the room left) continues under a rule drawn at the new widths.
      if (widened) {
        const above = this.lastWidths ?? this.layout.widths;
        this.layout = widened;
        const below = this.rowWidths(spans[0] === true);
        if (!meets(above, below)) out += drawDivider(above, { ...this.drawing(), widths: below });
      }
    }
    // Blocks show every column: the cells stay as the table's columns have them.
    if (this.blocks) return this.blockRows(this.blocks, cells, items);
    if (first) {
      const { visible } = this.layout;
      this.columns = visible.map((i) => read[i] as Column);
      this.shownIndex = [...visible];
      this.spanAt = span ? visible.findIndex((i) => i >= span.from) : -1;
      cells = cells.map((row) => visible.map((i) => row[i] as string));
    }
    if (!this.drawnTop) {
      this.drawnTop = true;
      const bold = this.options.chalk?.bold;
      const headers = this.columns.map((c, i) => {
        const header = cutToWidth(c.header, (this.layout as Layout).widths[i] as number);
        return bold ? bold(header) : header;
      });
      out += drawOpening(headers, this.drawing(), this.rowWidths(spans[0] === true));
    }
    // Rows of cells and spanning rows, each run drawn at its widths; no rule between them: a
    // spanning row's text is one cell across the columns it has no cells in.
    for (let start = 0; start < items.length; ) {
      const spanning = this.spanning(spans[start] === true);
      let end = start + 1;
      while (end < items.length && this.spanning(spans[end] === true) === spanning) end++;
      out += spanning
        ? this.spanRows(cells.slice(start, end), items.slice(start, end), view)
        : drawRows(this.columnLines(cells.slice(start, end), items.slice(start, end)), this.drawing());
      this.lastWidths = this.rowWidths(spanning);
      start = end;
    }
    return out;
  }

  finish(): string {
    return this.drawnTop ? drawClosing({ ...this.drawing(), widths: this.lastWidths ?? this.drawing().widths }) : '';
  }

  /** The wrapped columns whose cells were cut to MAX_CELL_LINES, each with how many cells, and that limit. */
  cutLines(): { cut: ReadonlyMap<string, number>; lines: number } {
    return { cut: this.cutCells, lines: MAX_CELL_LINES };
  }

  /** The headers of the columns a narrow terminal left out (none before the first page; none in blocks). */
  leftOut(): string[] {
    if (this.blocks) return [];
    const shown = new Set(this.layout?.visible ?? this.allColumns.keys());
    return this.allColumns.filter((_column, i) => !shown.has(i)).map((column) => column.header);
  }

  /**
   * Rows as blocks, a blank line between two: the columns that head a row on a line, each whole
   * (wrapped only where one is wider than the terminal, a path after a slash), aligned where every
   * row's would fit; then the body's text wrapped across the width under them, indented. Each text
   * at most MAX_CELL_LINES lines, as in a cell (cutLines). Colours as in the table.
   */
  private blockRows(blocks: Blocks, cells: readonly (readonly string[])[], items: readonly unknown[]): string {
    const width = this.options.terminalWidth;
    const chalk = this.options.chalk;
    const indent = width >= BLOCK_INDENT * 4 ? BLOCK_INDENT : 0;
    const body = this.allColumns[blocks.body] as Column;
    let out = '';
    cells.forEach((texts, row) => {
      const item = items[row];
      const paint = (column: Column, text: string) => {
        const tone = chalk ? toneOf(column, item) : undefined;
        return tone && chalk ? chalk[tone](text) : text;
      };
      if (blocks.drawn++ > 0) out += '\n';
      const heads = blocks.heads.map((i) => ({ column: this.allColumns[i] as Column, text: texts[i] ?? '' }));
      const cut = (column: Column) => this.cutCells.set(column.header, (this.cutCells.get(column.header) ?? 0) + 1);
      for (const line of headLines(heads, blocks.pads, width, paint, cut)) out += `${line}\n`;
      const text = texts[blocks.body] ?? '';
      if (text === '') return;
      const parts = wrapToWidth(text, Math.max(width - indent, 1), MAX_CELL_LINES);
      if (parts.length > MAX_CELL_LINES) cut(body);
      for (const part of parts) out += `${' '.repeat(indent)}${paint(body, part)}\n`;
    });
    return out;
  }

  /** Whether a row the span picks is drawn spanning: a column of the span's is shown. */
  private spanning(spans: boolean): boolean {
    return spans && this.spanAt >= 0;
  }

  /** A row's widths: a spanning row's last cell takes the columns it spans and the bars between them. */
  private rowWidths(spans: boolean): readonly number[] {
    const { widths } = this.layout as Layout;
    if (!this.spanning(spans)) return widths;
    const joined = widths.slice(this.spanAt).reduce((total, width) => total + width + 3, -3);
    return [...widths.slice(0, this.spanAt), joined];
  }

  /** Spanning rows: their cells before the span, then the span's text, wrapped in the room of the columns it spans. */
  private spanRows(cells: readonly (readonly string[])[], items: readonly unknown[], view: View): string {
    const span = this.options.span as RowSpan;
    const layout = this.layout as Layout;
    const at = this.spanAt;
    const frame: Frame = {
      columns: [...this.columns.slice(0, at), { ...span.column, wrap: true }],
      widths: this.rowWidths(true),
      identifying: [...layout.identifying.slice(0, at), false],
    };
    const rows = cells.map((row, i) => [...row.slice(0, at), shownText(span.column, items[i], view)]);
    const numeric = [...layout.numeric.slice(0, at), false];
    return drawRows(this.columnLines(rows, items, frame), { ...this.drawing(), widths: frame.widths, numeric });
  }

  /**
   * The page's lines, column by column, as table-draw.ts takes them: each cell cut (a path in the
   * middle) or wrapped to its width, and coloured; a row as tall as its tallest cell, the others'
   * lines left blank. Built a column at a time, with no array per cell: ten thousand rows are sixty
   * thousand cells.
   */
  private columnLines(
    cells: readonly (readonly string[])[],
    items: readonly unknown[],
    frame: Frame = { columns: this.columns, ...(this.layout as Layout) },
  ): string[][] {
    const { columns, widths, identifying } = frame;
    const chalk = this.options.chalk;
    const lines: string[][] = columns.map(() => []);
    const wraps = columns.some((column) => column.wrap);
    cells.forEach((texts, row) => {
      const item = items[row];
      const wrapped: string[][] | undefined = wraps ? [] : undefined;
      let height = 1;
      texts.forEach((text, i) => {
        const column = columns[i] as Column;
        const width = widths[i] as number;
        const tone = chalk ? toneOf(column, item) : undefined;
        if (!column.wrap) {
          const cut = identifying[i] || column.cutMiddle ? cutPath(text, width) : cutToWidth(text, width);
          (lines[i] as string[]).push(tone && chalk ? chalk[tone](cut) : cut);
          return;
        }
        const parts = wrapToWidth(text, width, MAX_CELL_LINES).map((part) =>
          tone && chalk ? chalk[tone](part) : part,
        );
        if (parts.length > MAX_CELL_LINES)
          this.cutCells.set(column.header, (this.cutCells.get(column.header) ?? 0) + 1);
        (wrapped as string[][])[i] = parts;
        height = Math.max(height, parts.length);
        (lines[i] as string[]).push(...parts);
      });
      if (!wrapped) return;
      // Every column's lines, the wrapped ones' too, made as many as the row's tallest cell.
      lines.forEach((column, i) => {
        for (let line = wrapped[i]?.length ?? 1; line < height; line++) column.push('');
      });
    });
    return lines;
  }

  private drawing(): DrawOptions {
    const { widths, numeric } = this.layout as Layout;
    return { widths, numeric, border: this.options.chalk?.grey };
  }
}

/**
 * Whether rows at `below` widths can follow rows at `above` with no rule between: the same table
 * edge, and the bars of one all bars of the other, as between a spanning row and rows of cells
 * (their bars end at its text, or begin under it). Else a bar would stop beside one that starts.
 */
function meets(above: readonly number[], below: readonly number[]): boolean {
  const bars = (widths: readonly number[]) => {
    const at: number[] = [];
    let x = 0;
    for (const width of widths) at.push((x += width + 3));
    return at;
  };
  const up = bars(above);
  const down = bars(below);
  if (up[up.length - 1] !== down[down.length - 1]) return false;
  const within = (a: readonly number[], b: readonly number[]) => a.every((x) => b.includes(x));
  return within(up, down) || within(down, up);
}

/** Spaces before a block's body (TerminalTable.blockRows), where the terminal is wide enough to spare them. */
const BLOCK_INDENT = 4;
/** Cells between two columns on a block's first line. */
const BLOCK_GAP = 2;

/** A table drawn as blocks: the columns on a block's first line, their widest values, and its body. */
interface Blocks {
  /** Index of the body column among the table's columns. */
  body: number;
  /** The other columns, in order: a block's first line. */
  heads: number[];
  /** Each head column's widest value on the first page (or of its choices), up to the terminal's width. */
  pads: number[];
  /** Blocks drawn so far: every one after the first follows a blank line. */
  drawn: number;
}

/**
 * Blocks instead of the table: when a column is the row's body (Column.body, a run's RESULT) and
 * the first page's layout cannot show every column, or one that identifies a row whole (a run's
 * TARGET cut to `acme/…/storefront`), or the body of one of its rows whole (cut to MAX_CELL_LINES
 * in its cell, where a block gives it the terminal's width). Narrowing the body further instead
 * would break its words into a column a few cells wide, each row many lines tall. Not where the
 * width is unknown, nor for rows with one text across columns (RowSpan).
 */
function blocksFor(
  columns: readonly Column[],
  cells: readonly (readonly string[])[],
  layout: Layout,
  options: TableOptions,
): Blocks | undefined {
  const width = options.terminalWidth;
  const body = columns.findIndex((column) => column.body === true && column.wrap === true);
  if (body < 0 || width <= 0 || options.span) return undefined;
  if (layout.whole && !bodyCut(body, cells, layout)) return undefined;
  const heads = columns.map((_column, i) => i).filter((i) => i !== body);
  if (heads.length === 0) return undefined;
  const pads = heads.map((i) => {
    let widest = 0;
    for (const choice of (columns[i] as Column).choices ?? []) widest = Math.max(widest, widthWithin(choice, width));
    for (const row of cells) widest = Math.max(widest, widthWithin(row[i] ?? '', width));
    return Math.min(widest, width);
  });
  // The last column's widest value keeps room after the others' (every status fits beside an
  // aligned target): the widest of those gives it, a longer value standing unpadded (headLines).
  const last = pads.length - 1;
  const excess = pads.reduce((total, pad) => total + pad, BLOCK_GAP * last) - width;
  if (excess > 0 && last > 0) {
    let widest = 0;
    for (let k = 1; k < last; k++) if ((pads[k] as number) > (pads[widest] as number)) widest = k;
    pads[widest] = Math.max(0, (pads[widest] as number) - excess);
  }
  return { body, heads, pads, drawn: 0 };
}

/** Whether a row's body on the first page is longer than its cell holds (MAX_CELL_LINES). */
function bodyCut(body: number, cells: readonly (readonly string[])[], layout: Layout): boolean {
  const at = layout.visible.indexOf(body);
  const width = layout.widths[at];
  if (width === undefined) return false;
  return cells.some((row) => wrapToWidth(row[body] ?? '', width, MAX_CELL_LINES).length > MAX_CELL_LINES);
}

/**
 * A block's first line: the head columns' texts, each padded to its column's (blocksFor) where it
 * is no wider (statuses one under another), where the line then fits the terminal; else each text
 * as it is, two cells apart (one where two do not fit), a text wider than the terminal wrapped over
 * lines of its own (MAX_CELL_LINES at most) and the next after it.
 */
function headLines(
  heads: readonly { column: Column; text: string }[],
  pads: readonly number[],
  width: number,
  paint: (column: Column, text: string) => string,
  cut: (column: Column) => void,
): string[] {
  const widths = heads.map(({ text }) => widthWithin(text, width));
  const last = heads.length - 1;
  const padded = heads.reduce(
    (total, _head, k) =>
      total + (k === last ? (widths[k] as number) : Math.max(pads[k] as number, widths[k] as number)),
    BLOCK_GAP * last,
  );
  if (padded <= width) {
    const line = heads
      .map(({ column, text }, k) => {
        const room = k === last ? 0 : Math.max(0, (pads[k] as number) - (widths[k] as number));
        return paint(column, text) + ' '.repeat(room);
      })
      .join(' '.repeat(BLOCK_GAP));
    return [line.replace(/ +$/, '')];
  }
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const { column, text } of heads) {
    if (text === '') continue;
    // At most MAX_CELL_LINES lines, as a cell: a target of 200,000 characters is no path to read.
    const parts = wrapToWidth(text, width, MAX_CELL_LINES);
    if (parts.length > MAX_CELL_LINES) cut(column);
    for (const part of parts) {
      const partWidth = displayWidth(part);
      // One space apart where two do not fit: a status stays on its target's line.
      const gap = used + BLOCK_GAP + partWidth <= width ? BLOCK_GAP : 1;
      if (used > 0 && used + gap + partWidth > width) {
        lines.push(line);
        line = '';
        used = 0;
      }
      if (used > 0) {
        line += ' '.repeat(gap);
        used += gap;
      }
      line += paint(column, part);
      used += partWidth;
    }
  }
  if (used > 0 || lines.length === 0) lines.push(line);
  return lines;
}

/** The columns a run of rows is drawn in: the table's, or a spanning row's (its text the last). */
interface Frame {
  columns: readonly Column[];
  widths: readonly number[];
  identifying: readonly boolean[];
}

/**
 * The column as its cells read: with its `none` (`never`) only where the first page shows a value
 * in it (an expiry beside others' `never`). Nothing on every row, its cells stay empty, which says
 * as much without a word repeated on each, and it is the column a narrow terminal leaves out first.
 */
function sayingNone(column: Column, items: readonly unknown[]): Column {
  const shows = (value: unknown) => value !== undefined && !isNothing(value);
  if (column.none === undefined || items.some((item) => shows(fieldValue(column, item)))) return column;
  const { none: _none, ...blank } = column;
  return blank;
}

/** Cells are one line unless the column wraps. */
function oneLine(text: string, column: Column): string {
  return column.wrap ? text : text.replace(/[\r\n\t]+/g, ' ');
}

/** Whether a column holds free text: declared, or seen on the first page (strings that are not dates). */
function isText(column: Column, items: readonly unknown[]): boolean {
  if (column.text !== undefined) return column.text;
  if (column.choices || column.wrap) return column.wrap === true;
  return items.some((item) => {
    const value = fieldValue(column, item);
    return (
      (typeof value === 'string' && value !== '' && !isDateValue(value)) ||
      (typeof value === 'object' && value !== null)
    );
  });
}

function isNumeric(column: Column, items: readonly unknown[]): boolean {
  if (column.choices || column.format || column.derive) return false;
  let seen = false;
  for (const item of items) {
    const value = fieldValue(column, item);
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number') return false;
    seen = true;
  }
  return seen;
}

/** What a column is worth on a narrow terminal: declared, else by what it holds (format.ts, Column.priority). */
function priorityOf(
  column: Column,
  index: number,
  items: readonly unknown[],
  text: boolean,
  numeric: boolean,
  cells: readonly string[][],
): number {
  // The same value on every row tells nothing row by row (TYPE "project" all down a report); what
  // identifies a row or answers the list's question stays even so (dana's role, the same on each).
  // Empty on every row, it shows nothing at all, where a value the same on each still says it once
  // (members all active beside an EXPIRES none has): it goes first.
  const base = basePriority(column, index, items, text, numeric);
  if (base >= PRIORITY.answer || column.wrap || cells.length === 0) return base;
  if (cells.every((row) => row[index] === '')) return PRIORITY.empty;
  if (cells.length > 1 && cells.every((row) => row[index] === cells[0]?.[index])) return PRIORITY.constant;
  return base;
}

/** A column's priority by what it is, whatever the rows hold. */
function basePriority(
  column: Column,
  index: number,
  items: readonly unknown[],
  text: boolean,
  numeric: boolean,
): number {
  if (column.priority !== undefined) return column.priority;
  if (index === 0) return PRIORITY.identifying;
  if (!text && !numeric && !column.choices && items.some((item) => isDateValue(fieldValue(column, item))))
    return PRIORITY.date;
  return text ? PRIORITY.text : PRIORITY.detail;
}

/**
 * Widths from the first page, and which columns are shown. Numbers, dates and enumerations are as
 * wide as their widest value (or, sizedByChoices, their widest choice) and are never cut; free
 * text takes what it needs, plus, when more pages may come, some spare width for their longer
 * values. On a terminal too narrow for all that, in this order: free text that does not identify
 * the row is shortened (widest first, down to a floor), then wrapped text (a note's body) further
 * (wrapFloor), then what identifies the row in words (MIN_TITLE_WIDTH); columns are left out, lowest priority
 * first (dates, then enumerations and counts, then other text; the rightmost of equals); the
 * identifying text is shortened (a path in the middle); and at last any text below its floor.
 * Those phases settle which columns show. Then the room left goes back to a path cut, and the
 * one-line text shown (what does not identify the row, and titles) shares its width and the room
 * left (share): the widths that show the most cells whole first, a title's before any other, then
 * the rest in proportion to what each lacks, each column down to its floor; then wrapped text.
 */
function firstLayout(
  columns: readonly Column[],
  cells: readonly string[][],
  items: readonly unknown[],
  options: TableOptions,
): Layout {
  const text = columns.map((column) => isText(column, items));
  const numeric = columns.map((column) => isNumeric(column, items));
  const priority = columns.map((column, i) =>
    priorityOf(column, i, items, text[i] as boolean, numeric[i] as boolean, cells),
  );
  // No column is wider than the terminal's room, so no value is measured past it.
  const cap = Math.max(availableWidth(options.terminalWidth, 1), 1);
  // How many of a text column's cells are each width: what a width shows whole (share).
  const counts = columns.map(() => new Map<number, number>());
  const need = columns.map((column, i) => {
    let width = displayWidth(column.header);
    if (column.sizedByChoices) for (const choice of column.choices ?? []) width = Math.max(width, displayWidth(choice));
    const count = text[i] && !column.wrap ? (counts[i] as Map<number, number>) : undefined;
    for (const row of cells) {
      const cell = column.wrap ? longestLine(row[i] ?? '', cap) : widthWithin(row[i] ?? '', cap);
      count?.set(cell, (count.get(cell) ?? 0) + 1);
      width = Math.max(width, cell);
    }
    return width;
  });
  const widths = [...need];
  let visible = columns.map((_column, i) => i);
  const room = () => availableWidth(options.terminalWidth, visible.length);
  const floor = (i: number) =>
    (columns[i] as Column).wrap
      ? MIN_WRAP_WIDTH
      : Math.max(MIN_TEXT_WIDTH, Math.min(displayWidth((columns[i] as Column).header), MIN_TEXT_WIDTH * 2));
  const identifies = (i: number) => (priority[i] as number) >= PRIORITY.identifying;
  const wraps = (i: number) => (columns[i] as Column).wrap === true && !identifies(i);
  const wrapFloors = new Map<number, number>();
  const lowest = (i: number) => {
    let width = wrapFloors.get(i);
    if (width === undefined) {
      width = wrapFloor(cells, i, Math.min(need[i] as number, MIN_WRAP_WIDTH));
      wrapFloors.set(i, width);
    }
    return width;
  };
  const narrowText = () => {
    shrink(widths, visible, (i) => (text[i] as boolean) && !identifies(i), floor, room());
    shrink(widths, visible, wraps, lowest, room());
  };

  // Left out, lowest first: what a list exists to show (PRIORITY.answer) only once what identifies
  // is cut as well.
  const leaveOut = (may: (i: number) => boolean) => {
    while (sum(widths, visible) > room()) {
      let out = -1;
      for (const i of visible) if (may(i) && (out < 0 || (priority[i] as number) <= (priority[out] as number))) out = i;
      if (out < 0) break;
      visible = visible.filter((i) => i !== out);
    }
  };
  // A column empty on every row shows nothing: it goes before any text is cut for want of room
  // (auth status cut SOURCE to `environment: CO…` beside an empty DEFAULT).
  leaveOut((i) => priority[i] === PRIORITY.empty);
  narrowText();
  const titles = (i: number) =>
    (text[i] as boolean) &&
    identifies(i) &&
    !(columns[i] as Column).wrap &&
    cells.some((row) => /\s/.test(row[i] ?? ''));
  shrink(widths, visible, titles, () => MIN_TITLE_WIDTH, room());
  const answers = (i: number) => (priority[i] as number) >= PRIORITY.answer;
  leaveOut((i) => !answers(i));
  // A column left out comes back, the most worth first, where the room left (other text cut to its
  // floor, what identifies as it is) holds it: spare width goes to it before a kept column grows.
  // Not one empty on every row: it would show nothing in room a kept column can take.
  const left = columns
    .map((_c, i) => i)
    .filter((i) => !visible.includes(i) && (priority[i] as number) > PRIORITY.empty);
  const base = columns.map((column, i) => basePriority(column, i, items, text[i] as boolean, numeric[i] as boolean));
  left.sort(
    (a, b) => (priority[b] as number) - (priority[a] as number) || (base[b] as number) - (base[a] as number) || a - b,
  );
  const least = (j: number) =>
    text[j] && !identifies(j) ? Math.min(widths[j] as number, wraps(j) ? lowest(j) : floor(j)) : (widths[j] as number);
  for (const i of left) {
    const trial = [...visible, i].sort((a, b) => a - b);
    if (trial.reduce((total, j) => total + least(j), 0) <= availableWidth(options.terminalWidth, trial.length))
      visible = trial;
  }
  narrowText();
  // A wrapped column that identifies (a run's RESULT) narrows before a path is cut, where that lets
  // the path show whole: narrower, it wraps and nothing is lost, where a cut path no longer says
  // which row it is. A path too long to show whole anyway leaves it as wide as it was.
  const narrowed = [...widths];
  shrink(narrowed, visible, (i) => (columns[i] as Column).wrap === true && identifies(i), lowest, room());
  if (sum(narrowed, visible) <= room()) widths.splice(0, widths.length, ...narrowed);
  shrink(widths, visible, (i) => (text[i] as boolean) && identifies(i), floor, room());
  leaveOut((i) => !identifies(i));
  shrink(
    widths,
    visible,
    (i) => text[i] as boolean,
    () => LAST_RESORT_WIDTH,
    room(),
  );

  // Room left: first back to a path cut above (what identifies the row, cut in the middle), then
  // the one-line text (titles with it) shares its width and the room left, each column down to its
  // floor (share): the phases above cut one column at a time, widest or least worth first, which
  // cuts every email beside names shown whole, or a fingerprint to `SHA256:cOV…` beside a title
  // nearly whole; then wrapped text, which loses nothing by narrowing; then, when more pages may
  // come, spare width for their longer values (a wrapped column takes all there is).
  let spare = room() - sum(widths, visible);
  const giveBack = (which: (i: number) => boolean) => {
    for (const i of visible.filter(which)) {
      if (spare <= 0) break;
      const back = Math.min(spare, (need[i] as number) - (widths[i] as number));
      if (back > 0) {
        widths[i] = (widths[i] as number) + back;
        spare -= back;
      }
    }
  };
  const shared = (i: number) => (text[i] as boolean) && !(columns[i] as Column).wrap && (!identifies(i) || titles(i));
  giveBack((i) => identifies(i) && !shared(i));
  const pool = visible.filter(shared);
  const lower = (i: number) => Math.min(widths[i] as number, identifies(i) ? MIN_TITLE_WIDTH : floor(i));
  share(widths, pool, lower, need, counts, identifies, sum(widths, pool) + Math.max(spare, 0));
  spare = room() - sum(widths, visible);
  giveBack((i) => !identifies(i) && !shared(i));
  if (options.streaming && !columns.some((column) => column.wrap)) {
    for (const i of visible) {
      if (spare <= 0) break;
      // A column that lists every value it will hold (a run's targets, read before it starts) needs none.
      if (!text[i] || (columns[i] as Column).choices) continue;
      const growth = Math.min(spare, MAX_GROWTH, Math.max(need[i] as number, 8));
      widths[i] = (widths[i] as number) + growth;
      spare -= growth;
    }
  } else if (options.streaming) {
    // A wrapped column that identifies the row (a run's RESULT) takes the room left: a longer text
    // on a later page (an error after short results) wraps in it, where widening it would redraw
    // the table under a rule at nearly every row, each result being a page of its own.
    const result = visible.find((i) => (columns[i] as Column).wrap === true && identifies(i));
    if (result !== undefined && spare > 0) widths[result] = (widths[result] as number) + spare;
  }
  const pick = <T>(values: readonly T[]) => visible.map((i) => values[i] as T);
  return {
    visible,
    widths: pick(widths),
    text: pick(text),
    numeric: pick(numeric),
    identifying: visible.map(identifies),
    whole:
      visible.length === columns.length &&
      visible.every(
        (i) => !identifies(i) || (columns[i] as Column).wrap || (widths[i] as number) >= (need[i] as number),
      ),
  };
}

function sum(widths: readonly number[], visible: readonly number[]): number {
  let total = 0;
  for (const i of visible) total += widths[i] as number;
  return total;
}

/**
 * How narrow wrapped column `i` may go before a column is left out: from `from` down to
 * MIN_WRAP_FLOOR, as far as every cell it shows whole at `from` still shows whole (at most
 * MAX_CELL_LINES lines); a cell cut already stays cut. Only those cells are wrapped again, each
 * at most MAX_CELL_LINES lines of `from` cells.
 */
function wrapFloor(cells: readonly (readonly string[])[], i: number, from: number): number {
  const fits = (text: string, width: number) => wrapToWidth(text, width, MAX_CELL_LINES).length <= MAX_CELL_LINES;
  const whole = cells.map((row) => row[i] ?? '').filter((text) => fits(text, from));
  let width = from;
  while (width > MIN_WRAP_FLOOR && whole.every((text) => fits(text, width - 1))) width--;
  return width;
}

/**
 * Widths for the one-line text columns of `pool` out of `budget` cells, each from `lower` up to
 * what it needs. First the widths that show the most cells whole (the widths tried are those of
 * the column's cells, `counts`), at the least width: an email of 16 cells shows whole beside a
 * name cut to 12, rather than every email cut beside names shown whole. A cell of a title (what
 * identifies the row, `first`) counts for more than every other cell together: what identifies is
 * cut last, and a deploy key's title stays whole beside a fingerprint cut to 24 cells rather than
 * cut to show the fingerprint whole. Then the room left (too little to show one more cell whole
 * anywhere) goes to each column cut in proportion to what it still lacks, rather than all to one:
 * the rest of a fingerprint tells keys apart as the rest of a title does. A pool that fits takes
 * what each needs. Only the cells' widths and how many are each count, not the rows' order.
 */
function share(
  widths: number[],
  pool: readonly number[],
  lower: (i: number) => number,
  need: readonly number[],
  counts: readonly ReadonlyMap<number, number>[],
  first: (i: number) => boolean,
  budget: number,
): void {
  if (pool.reduce((total, i) => total + (need[i] as number), 0) <= budget) {
    for (const i of pool) widths[i] = need[i] as number;
    return;
  }
  const least = pool.map(lower);
  const extra = budget - least.reduce((total, width) => total + width, 0);
  if (extra < 0) return;
  // The room above the floors counted in steps of `unit` cells, at most MAX_SHARE_STEPS of them,
  // so the search below is at most pool × (MAX_SHARE_STEPS + 1)² however wide the terminal (one
  // step is one cell on any terminal up to some 300 columns). It runs once a table, on the first page.
  const unit = Math.max(1, Math.ceil(extra / MAX_SHARE_STEPS));
  const steps = Math.floor(extra / unit);
  const cellsOf = (i: number) => [...(counts[i] as ReadonlyMap<number, number>).values()].reduce((a, b) => a + b, 0);
  const others = pool.filter((i) => !first(i)).reduce((total, i) => total + cellsOf(i), 0);
  const worth = (i: number) => (first(i) ? others + 1 : 1);
  // Each column's choices, fewest steps first: its floor, or the width of one of its cells above
  // it (the widest of those that take as many steps), each with what the cells it shows whole are worth.
  type Choice = { steps: number; width: number; worth: number };
  const choices = pool.map((i, k) => {
    const from = least[k] as number;
    const options: Choice[] = [{ steps: 0, width: from, worth: 0 }];
    let shown = 0;
    for (const [width, n] of [...(counts[i] as ReadonlyMap<number, number>)].sort((a, b) => a[0] - b[0])) {
      shown += n;
      const taken = Math.ceil((width - from) / unit);
      if (width > (need[i] as number) || taken > steps) break;
      const last = options[options.length - 1] as Choice;
      if (taken > last.steps) options.push({ steps: taken, width, worth: shown * worth(i) });
      else Object.assign(last, { width: Math.max(last.width, width), worth: shown * worth(i) });
    }
    return options;
  });
  // best[e]: the most the columns so far show whole in e steps, and the fewest steps that takes;
  // picks[k][e]: the choice of column k there.
  let best = new Float64Array(steps + 1);
  let used = new Int32Array(steps + 1);
  const picks: Int32Array[] = [];
  for (const options of choices) {
    const nextBest = new Float64Array(steps + 1);
    const nextUsed = new Int32Array(steps + 1);
    const pick = new Int32Array(steps + 1);
    for (let e = 0; e <= steps; e++) {
      let top = -1;
      for (let o = 0; o < options.length; o++) {
        const option = options[o] as Choice;
        if (option.steps > e) break;
        const shown = (best[e - option.steps] as number) + option.worth;
        const taken = (used[e - option.steps] as number) + option.steps;
        if (shown > top || (shown === top && taken < (nextUsed[e] as number))) {
          top = shown;
          nextBest[e] = shown;
          nextUsed[e] = taken;
          pick[e] = o;
        }
      }
    }
    best = nextBest;
    used = nextUsed;
    picks.push(pick);
  }
  const chosen = pool.map(() => 0);
  for (let k = pool.length - 1, e = steps; k >= 0; k--) {
    const option = (choices[k] as Choice[])[(picks[k] as Int32Array)[e] as number] as Choice;
    chosen[k] = option.width;
    e -= option.steps;
  }
  // The room left, in proportion to what each still lacks; a cell left over by rounding to the
  // column that lost the most to it (the leftmost of equals).
  const room = budget - chosen.reduce((total, width) => total + width, 0);
  const lacks = pool.map((i, k) => (need[i] as number) - (chosen[k] as number));
  const lacking = lacks.reduce((total, lack) => total + lack, 0);
  const given = lacks.map((lack) => Math.floor((room * lack) / lacking));
  const remainder = (k: number) => (room * (lacks[k] as number)) % lacking;
  let left = room - given.reduce((total, n) => total + n, 0);
  for (const k of pool.map((_i, k) => k).sort((x, y) => remainder(y) - remainder(x) || x - y)) {
    if (left <= 0) break;
    given[k] = (given[k] as number) + 1;
    left--;
  }
  pool.forEach((i, k) => {
    widths[i] = (chosen[k] as number) + (given[k] as number);
  });
}

/** Narrows the columns `which` picks, widest first, down to their floor, until the table fits `available` (or none can give more). */
function shrink(
  widths: number[],
  visible: readonly number[],
  which: (i: number) => boolean,
  floor: (i: number) => number,
  available: number,
): void {
  let excess = sum(widths, visible) - available;
  while (excess > 0) {
    let widest = -1;
    for (const i of visible) {
      if (!which(i) || (widths[i] as number) <= floor(i)) continue;
      if (widest < 0 || (widths[i] as number) > (widths[widest] as number)) widest = i;
    }
    if (widest < 0) return;
    const step = Math.min(excess, (widths[widest] as number) - floor(widest));
    widths[widest] = (widths[widest] as number) - step;
    excess -= step;
  }
}

/**
 * The layout a later page needs when one of its numbers, dates, enumerations or the text that
 * identifies its row (a run's target) is wider than its column, or when a wrapped cell's line is
 * longer than its column and the terminal has room for it (an error after many short results:
 * without it, the error wraps into a narrow column beside empty room); else undefined.
 */
function widenLater(
  columns: readonly Column[],
  layout: Layout,
  cells: readonly string[][],
  terminalWidth: number,
): Layout | undefined {
  const cap = Math.max(availableWidth(terminalWidth, 1), 1);
  const available = availableWidth(terminalWidth, columns.length);
  const needs = layout.widths.map((_width, i) => Math.max(...cells.map((row) => widthWithin(row[i] ?? '', cap))));
  const isPath = (i: number) =>
    (layout.identifying[i] as boolean) && (layout.text[i] as boolean) && !(columns[i] as Column).wrap;
  const widen = (paths: boolean): number[] | undefined => {
    let widths: number[] | undefined;
    layout.widths.forEach((width, i) => {
      // Free text is cut to its column; what identifies the row is not, while other text can give room.
      if (layout.text[i] && !(paths && isPath(i))) return;
      if ((needs[i] as number) > width) {
        widths ??= [...layout.widths];
        widths[i] = needs[i] as number;
      }
    });
    if (!widths) return undefined;
    // The room comes out of free text, as on the first page: what does not identify the row first,
    // then wrapped text, which loses nothing by narrowing.
    const all = widths.map((_width, i) => i);
    const floor = (i: number) => ((columns[i] as Column).wrap ? MIN_WRAP_WIDTH : MIN_TEXT_WIDTH);
    shrink(widths, all, (i) => (layout.text[i] as boolean) && !layout.identifying[i], floor, available);
    shrink(
      widths,
      all,
      (i) => (columns[i] as Column).wrap === true,
      () => MIN_WRAP_FLOOR,
      available,
    );
    shrink(widths, all, (i) => layout.text[i] as boolean, floor, available);
    // Text the first page had already cut below those floors (a note's body on 80 columns) gives
    // the rest, as on the first page at last: a line past the terminal's edge breaks every row.
    shrink(
      widths,
      all,
      (i) => layout.text[i] as boolean,
      () => LAST_RESORT_WIDTH,
      available,
    );
    return widths;
  };
  // A path widens only where it then shows whole: one cut anyway stays as it was, and so does the
  // text beside it.
  let widths = widen(true);
  if (
    widths &&
    needs.some((need, i) => isPath(i) && need > (layout.widths[i] as number) && (widths as number[])[i] !== need)
  )
    widths = widen(false);
  // Wrapped text only takes room no other column uses: narrower, it wraps and nothing is lost.
  let spare = available - (widths ?? layout.widths).reduce((total, width) => total + width, 0);
  columns.forEach((column, i) => {
    const width = (widths ?? layout.widths)[i] as number;
    if (!column.wrap || spare <= 0) return;
    const need = Math.max(...cells.map((row) => longestLine(row[i] ?? '', cap)));
    if (need <= width) return;
    const growth = Math.min(spare, need - width);
    widths ??= [...layout.widths];
    widths[i] = width + growth;
    spare -= growth;
  });
  return widths ? { ...layout, widths } : undefined;
}

/**
 * A path cut to `width` cells in the middle, so that both ends stay: the first segment and as many
 * of the last as fit (`acme/…/web/storefront`), else the last alone (`…/storefront`), and only
 * then the last cut at its end. A URL's first segment is its scheme and host; one too long to
 * stand whole beside its last segment (a mirror's, with the service's `*****:*****@` in it) is cut
 * at its end instead (`https://*****:*****@mirror.exa…/storefront.git`): the host is what tells
 * one URL from another, and the cell's room is used. Other text (with spaces: a message) is cut
 * at its end. Each segment is measured only as far as the width (text-width.ts), so a huge path
 * costs no more than its length.
 */
export function cutPath(text: string, width: number): string {
  if (widthWithin(text, width) <= width) return text;
  // A path has no spaces: a message that quotes one is cut at its end.
  if (width < 4 || !text.includes('/') || /\s/.test(text)) return cutToWidth(text, width);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(text)?.[0];
  if (origin !== undefined && origin.length === text.length) return cutToWidth(text, width);
  const parts = origin === undefined ? text.split('/') : [origin, ...text.slice(origin.length + 1).split('/')];
  const last = parts[parts.length - 1] as string;
  const lastWidth = widthWithin(last, width);
  const firstWidth = widthWithin(parts[0] as string, width);
  if (origin !== undefined && firstWidth + 3 + lastWidth > width && lastWidth + 9 <= width)
    return `${cutToWidth(text.slice(0, text.length - last.length - 1), width - lastWidth - 1)}/${last}`;
  if (parts.length >= 3 && firstWidth + 3 + lastWidth <= width) {
    let tail = last;
    let used = firstWidth + 3 + lastWidth;
    for (let i = parts.length - 2; i >= 1; i--) {
      const segment = parts[i] as string;
      const segmentWidth = widthWithin(segment, width);
      if (used + segmentWidth + 1 > width) break;
      tail = `${segment}/${tail}`;
      used += segmentWidth + 1;
    }
    return `${parts[0]}/…/${tail}`;
  }
  if (lastWidth + 2 <= width) return `…/${last}`;
  return `…/${cutToWidth(last, width - 2)}`;
}

/** Content width a terminal leaves a table: borders take columns + 1 cells, padding 2 a column. */
function availableWidth(terminalWidth: number, columns: number): number {
  return (terminalWidth || 120) - (columns + 1) - PADDING * columns;
}

/**
 * The widest line a wrapped cell shows, up to `cap` (then `cap + 1`): its first MAX_CELL_LINES
 * lines and, when it has more, the line saying how many. Lines it hides are neither measured nor
 * split off (20 rows of a 223,000-character value: 8 of the 155 ms a drawing took), so they cannot
 * widen the column either.
 */
function longestLine(text: string, cap: number): number {
  let widest = 0;
  let start = 0;
  for (let shown = 0; shown < MAX_CELL_LINES && widest <= cap; shown++) {
    const end = text.indexOf('\n', start);
    widest = Math.max(widest, widthWithin(end < 0 ? text.slice(start) : text.slice(start, end), cap));
    if (end < 0) return widest;
    start = end + 1;
  }
  if (widest > cap) return widest;
  // A cell cut after its first lines ends with how many more: room for that line too.
  let hidden = 1;
  for (let at = text.indexOf('\n', start); at >= 0; at = text.indexOf('\n', at + 1)) hidden++;
  return Math.max(widest, Math.min(moreLines(hidden).length, cap));
}
