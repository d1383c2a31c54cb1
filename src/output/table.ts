import type { ChalkInstance } from 'chalk';
import { type Column, fieldValue, isTimestamp, shownText, toneOf } from './format.js';
import { cutToWidth, displayWidth, widthWithin, wrapToWidth } from './text-width.js';

/**
 * The bordered table of a terminal, drawn page by page: the first page settles the widths, later
 * pages continue the same table. Widths count display cells (CJK and most emoji take two), so
 * columns line up whatever the script; a value is measured only as far as the terminal could
 * show it (text-width.ts), so a huge one costs no more than a line.
 */

/** Room left around cell text: one space each side. */
const PADDING = 2;
/** Spare width a free-text column takes for longer values on later pages: up to its own width again (8 at least), at most this. */
const MAX_GROWTH = 24;
/** Free text is never cut narrower than this (or its header). */
const MIN_TEXT_WIDTH = 10;
/** A wrapped column keeps at least this width, even if the table then overflows the terminal. */
const MIN_WRAP_WIDTH = 24;

interface Layout {
  /** Content width of each column (padding and borders aside). */
  widths: number[];
  text: boolean[];
  numeric: boolean[];
}

export interface TableOptions {
  /** Terminal width; 0 when unknown. */
  terminalWidth: number;
  chalk: ChalkInstance | undefined;
  /** More pages may follow: free text keeps some spare width for them. */
  streaming: boolean;
  timeZone?: string | undefined;
}

export class TerminalTable {
  private layout: Layout | undefined;
  private drawnTop = false;

  constructor(
    private readonly columns: readonly Column[],
    private readonly options: TableOptions,
  ) {}

  /** Rows of the items, and the top border and header before the first. The bottom border comes with finish(). */
  render(items: readonly unknown[]): string {
    const view = { terminal: true, timeZone: this.options.timeZone };
    const cells = items.map((item) => this.columns.map((column) => oneLine(shownText(column, item, view), column)));
    let out = '';
    if (!this.layout) {
      this.layout = firstLayout(this.columns, cells, items, this.options);
    } else {
      const widened = widenFixed(this.columns, this.layout, cells, this.options.terminalWidth);
      // Numbers, dates and enumerations are never cut: a later page that needs them wider
      // continues under a rule drawn at the new widths.
      if (widened) {
        this.layout = widened;
        out += this.rule('├', '┼', '┤');
      }
    }
    if (!this.drawnTop) {
      this.drawnTop = true;
      const bold = this.options.chalk?.bold;
      out += this.rule('┌', '┬', '┐');
      out += this.row(this.columns.map((c) => [{ text: bold ? bold(c.header) : c.header, width: displayWidth(c.header) }]));
      out += this.rule('├', '┼', '┤');
    }
    items.forEach((item, index) => {
      out += this.itemRow(cells[index] as string[], item);
    });
    return out;
  }

  finish(): string {
    return this.drawnTop ? this.rule('└', '┴', '┘') : '';
  }

  private itemRow(texts: readonly string[], item: unknown): string {
    const { widths } = this.layout as Layout;
    const chalk = this.options.chalk;
    return this.row(
      texts.map((text, i) => {
        const column = this.columns[i] as Column;
        const width = widths[i] as number;
        const parts = column.wrap ? wrapToWidth(text, width) : [cutToWidth(text, width)];
        const tone = chalk ? toneOf(column, item) : undefined;
        return parts.map((part) => ({ text: tone && chalk ? chalk[tone](part) : part, width: displayWidth(part) }));
      }),
    );
  }

  /** One row, over as many lines as its tallest cell. */
  private row(cells: ReadonlyArray<ReadonlyArray<{ text: string; width: number }>>): string {
    const { widths, numeric } = this.layout as Layout;
    const bar = this.border('│');
    const height = Math.max(1, ...cells.map((lines) => lines.length));
    let out = '';
    for (let line = 0; line < height; line++) {
      out += bar;
      cells.forEach((lines, i) => {
        const part = lines[line] ?? { text: '', width: 0 };
        const room = ' '.repeat(Math.max(0, (widths[i] as number) - part.width));
        out += numeric[i] ? ` ${room}${part.text} ${bar}` : ` ${part.text}${room} ${bar}`;
      });
      out += '\n';
    }
    return out;
  }

  private rule(left: string, middle: string, right: string): string {
    const { widths } = this.layout as Layout;
    return `${this.border(left + widths.map((w) => '─'.repeat(w + PADDING)).join(middle) + right)}\n`;
  }

  private border(text: string): string {
    return this.options.chalk ? this.options.chalk.grey(text) : text;
  }
}

/** Cells are one line unless the column wraps. */
function oneLine(text: string, column: Column): string {
  return column.wrap ? text : text.replace(/[\r\n\t]+/g, ' ');
}

/** Whether a column holds free text: declared, or seen on the first page (strings that are not timestamps). */
function isText(column: Column, items: readonly unknown[]): boolean {
  if (column.text !== undefined) return column.text;
  if (column.choices || column.wrap) return column.wrap === true;
  return items.some((item) => {
    const value = fieldValue(column, item);
    return (typeof value === 'string' && value !== '' && !isTimestamp(value)) || (typeof value === 'object' && value !== null);
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

/**
 * Widths from the first page. Numbers, dates and enumerations are as wide as their widest value
 * (or, for an enumeration, its widest choice) and no wider; free text takes what it needs, plus,
 * when more pages may come, some spare width for their longer values. When the terminal is too
 * narrow, free text gives way first (its cells are cut with `…`), widest first.
 */
function firstLayout(columns: readonly Column[], cells: readonly string[][], items: readonly unknown[], options: TableOptions): Layout {
  const text = columns.map((column) => isText(column, items));
  const numeric = columns.map((column) => isNumeric(column, items));
  const available = availableWidth(options.terminalWidth, columns.length);
  // No column is wider than the terminal's room, so no value is measured past it.
  const cap = Math.max(available, 1);
  const need = columns.map((column, i) => {
    let width = displayWidth(column.header);
    for (const choice of column.choices ?? []) width = Math.max(width, displayWidth(choice));
    for (const row of cells) width = Math.max(width, column.wrap ? longestLine(row[i] ?? '', cap) : widthWithin(row[i] ?? '', cap));
    return width;
  });
  const widths = [...need];
  const total = () => widths.reduce((a, b) => a + b, 0);
  const wrapped = columns.findIndex((column) => column.wrap);
  if (wrapped >= 0) {
    // The wrapped column takes every cell the others leave.
    const others = total() - (widths[wrapped] as number);
    widths[wrapped] = Math.max(MIN_WRAP_WIDTH, Math.min(need[wrapped] as number, available - others));
  } else if (options.streaming) {
    let spare = available - total();
    for (let i = 0; i < columns.length && spare > 0; i++) {
      if (!text[i]) continue;
      const growth = Math.min(spare, MAX_GROWTH, Math.max(need[i] as number, 8));
      widths[i] = (widths[i] as number) + growth;
      spare -= growth;
    }
  }
  shrink(widths, columns, text, available);
  return { widths, text, numeric };
}

/** Narrows free-text columns, widest first, until the table fits (or none can give more). */
function shrink(widths: number[], columns: readonly Column[], text: readonly boolean[], available: number): void {
  const floor = (i: number) => Math.max(MIN_TEXT_WIDTH, Math.min(displayWidth((columns[i] as Column).header), MIN_TEXT_WIDTH * 2));
  let excess = widths.reduce((a, b) => a + b, 0) - available;
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (!text[i] || (columns[i] as Column).wrap || (widths[i] as number) <= floor(i)) continue;
      if (widest < 0 || (widths[i] as number) > (widths[widest] as number)) widest = i;
    }
    if (widest < 0) return;
    const step = Math.min(excess, (widths[widest] as number) - floor(widest));
    widths[widest] = (widths[widest] as number) - step;
    excess -= step;
  }
}

/** The layout a later page needs when one of its numbers, dates or enumerations is wider than its column; else undefined. */
function widenFixed(columns: readonly Column[], layout: Layout, cells: readonly string[][], terminalWidth: number): Layout | undefined {
  let widths: number[] | undefined;
  layout.widths.forEach((width, i) => {
    if (layout.text[i]) return;
    const cap = Math.max(availableWidth(terminalWidth, columns.length), 1);
    const need = Math.max(...cells.map((row) => widthWithin(row[i] ?? '', cap)));
    if (need > width) {
      widths ??= [...layout.widths];
      widths[i] = need;
    }
  });
  if (!widths) return undefined;
  // The room comes out of free text, as on the first page.
  shrink(widths, columns, layout.text, availableWidth(terminalWidth, columns.length));
  return { ...layout, widths };
}

/** Content width a terminal leaves a table: borders take columns + 1 cells, padding 2 a column. */
function availableWidth(terminalWidth: number, columns: number): number {
  return (terminalWidth || 120) - (columns + 1) - PADDING * columns;
}

/** The widest line of a wrapped cell, up to `cap` (then `cap + 1`). */
function longestLine(text: string, cap: number): number {
  let widest = 0;
  for (const line of text.split('\n')) {
    widest = Math.max(widest, widthWithin(line, cap));
    if (widest > cap) break;
  }
  return widest;
}
