import Table from 'cli-table3';
import utils from 'cli-table3/src/utils.js';
import { displayWidth } from './text-width.js';

/**
 * Drawing a terminal table's lines with cli-table3, once our fitting rule (table.ts) has decided
 * the columns, their widths and every cell's text (cut, wrapped and coloured). cli-table3 draws
 * the borders, the padding, the alignment and the lines of a row whose cells span several.
 *
 * A list grows page by page, so no call draws a whole table: the first page is drawn without the
 * bottom border, later pages without top or bottom border (cli-table3 draws no line whose
 * characters are empty), and the closing rule (or the rule under which a later page widens its
 * columns) is the bottom (top) line of a one-row table.
 *
 * The one part kept by hand: measuring. cli-table3 0.6 measures text with string-width 4, which
 * counts some characters other than the terminal and our fitting rule do (U+2714 one cell, not
 * two; a zero-width space one, not none), so it would pad or cut (`…`) a cell we had already
 * fitted. Its padding and cutting are therefore given our measure (text-width.ts), which also
 * reads a long line only as far as it is shown. A test draws such characters and checks every
 * line is as wide as the border (test/unit/terminal-table.test.ts).
 */
utils.strlen = (text: string): number => {
  let widest = 0;
  for (const line of withoutColour(text).split('\n')) widest = Math.max(widest, displayWidth(line));
  return widest;
};
utils.pad = (text: string, width: number, fill: string, align: string): string => {
  const room = fill.repeat(Math.max(0, width - displayWidth(withoutColour(text))));
  return align === 'right' ? room + text : text + room;
};
/**
 * cli-table3 cuts a line wider than its column; ours never are (table.ts fitted them, by this same
 * measure), so nothing is cut. It also calls this on the whole cell for a debug line, at every line
 * it draws: measuring there would make a page's drawing quadratic in its rows.
 */
utils.truncate = (text: string): string => text;
/**
 * cli-table3 carries a colour left open at the end of a line over to the next (colorizeLines);
 * chalk closes every code on the line that opens it, so there is nothing to carry, and the
 * regular expressions it runs over every line were a fifth of the drawing's time.
 */
utils.colorizeLines = (lines: string[]): string[] => lines;
/** String#repeat, where cli-table3 joins an array (the padding and the rules of every line). */
utils.repeat = (text: string, times: number): string => text.repeat(Math.max(0, times));

/** The colour codes (SGR) chalk adds to a fitted cell take no room. */
function withoutColour(text: string): string {
  return text.includes('\x1b') ? text.replace(/\x1b\[[\d;]*m/g, '') : text;
}

/** The box-drawing characters of our tables. */
const BOX = { top: '─', 'top-mid': '┬', 'top-left': '┌', 'top-right': '┐', bottom: '─', 'bottom-mid': '┴', 'bottom-left': '└', 'bottom-right': '┘', left: '│', 'left-mid': '├', mid: '─', 'mid-mid': '┼', right: '│', 'right-mid': '┤', middle: '│' } as const;
const NO_TOP = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '' } as const;
const NO_BOTTOM = { bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '' } as const;
const UNDER_HEADER = { bottom: '─', 'bottom-mid': '┼', 'bottom-left': '├', 'bottom-right': '┤' } as const;
/** A rule is a line of box-drawing characters alone (written as escapes: the bundles are ASCII): coloured as one span. */
const RULE = /^[\u2500-\u257f]+$/;

export interface DrawOptions {
  /** Content width of each column (padding and borders aside). */
  widths: readonly number[];
  /** Right-aligned columns (numbers). */
  numeric: readonly boolean[];
  /** Colours a border (grey), or nothing without colour. */
  border?: ((text: string) => string) | undefined;
}

/** A cell: its lines, each already cut to the column's width and coloured. */
type Cell = readonly string[];

/** The top border, the header row and the rule under it (its bottom line, `├──┼──┤`), then the rows: the first page of a table. */
export function drawOpening(headers: readonly Cell[], rows: readonly (readonly Cell[])[], options: DrawOptions): string {
  return draw(options, { ...BOX, ...UNDER_HEADER }, [headers]) + drawRows(rows, options);
}

/**
 * Rows continuing a table drawn before: no border above or below. The rows of a page go to
 * cli-table3 as one row of cells of many lines (each of our rows as tall as its tallest cell, the
 * others' lines left blank), which it draws line by line as it would the rows: the same bytes,
 * with its cost per cell (some 50 µs: every cell merges the table's options) paid once a column
 * instead of once a cell (a 10,000-row list drew 11x slower row by row; bench/table.mjs).
 */
export function drawRows(rows: readonly (readonly Cell[])[], options: DrawOptions): string {
  if (rows.length === 0) return '';
  const columns: string[][] = options.widths.map(() => []);
  for (const row of rows) {
    const height = Math.max(1, ...row.map((lines) => lines.length));
    row.forEach((lines, i) => {
      const column = columns[i] as string[];
      for (let line = 0; line < height; line++) column.push(lines[line] ?? '');
    });
  }
  return draw(options, { ...BOX, ...NO_TOP, ...NO_BOTTOM }, [columns]);
}

/** The rule under which rows continue at new widths: `├──┼──┤`. */
export function drawDivider(options: DrawOptions): string {
  return firstLine(draw(options, { ...BOX, ...NO_BOTTOM, top: '─', 'top-mid': '┼', 'top-left': '├', 'top-right': '┤' }, [blankRow(options)]));
}

/** The bottom border that closes a table. */
export function drawClosing(options: DrawOptions): string {
  const lines = draw(options, { ...BOX, ...NO_TOP }, [blankRow(options)]);
  return lines.slice(lines.lastIndexOf('\n', lines.length - 2) + 1);
}

function draw(options: DrawOptions, chars: Record<string, string>, rows: readonly (readonly Cell[])[]): string {
  const { border } = options;
  const bar = border ? border('│') : '│';
  const table = new Table({
    colWidths: options.widths.map((width) => width + 2),
    chars: { ...chars, left: bar, right: bar, middle: bar },
    style: { head: [], border: [], compact: true, 'padding-left': 1, 'padding-right': 1 },
    wordWrap: false,
  });
  for (const row of rows) table.push(row.map((lines, i) => ({ content: lines.join('\n'), hAlign: options.numeric[i] ? 'right' : 'left' })));
  let out = '';
  for (const line of table.toString().split('\n')) out += `${border && RULE.test(line) ? border(line) : line}\n`;
  return out;
}

function blankRow(options: DrawOptions): Cell[] {
  return options.widths.map(() => ['']);
}

function firstLine(text: string): string {
  return text.slice(0, text.indexOf('\n') + 1);
}
