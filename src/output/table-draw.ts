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
 * counts some characters other than the terminal and our fitting rule do (a zero-width space or a
 * combining mark standing alone one cell, not none), so it would pad or cut (`…`) a cell we had
 * already fitted. Its padding and cutting are therefore given our measure (text-width.ts), which also
 * reads a long line only as far as it is shown. A test draws such characters and checks every
 * line is as wide as the border (test/unit/terminal-table.test.ts).
 */
/**
 * cli-table3 measures a whole cell (a page's column: every row's line) only to size a column whose
 * width is not given; every column's is (colWidths), so that measure would be thrown away: none
 * is taken. Each line is measured where it is padded.
 */
utils.strlen = (): number => 0;
utils.pad = (text: string, width: number, fill: string, align: string): string => {
  const room = fill.repeat(Math.max(0, width - shownWidth(text)));
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

/**
 * Cells a line of a cell takes: the colour codes (SGR) chalk added take none. cli-table3 asks this
 * of every line of every cell it pads, so a line of printable ASCII and colour codes (most of
 * them) is counted in one pass; anything else is measured without its codes by text-width.ts.
 */
function shownWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) {
      width++;
      continue;
    }
    if (code === 0x1b && text.charCodeAt(i + 1) === 0x5b) {
      let end = i + 2;
      for (let c = text.charCodeAt(end); (c >= 0x30 && c <= 0x39) || c === 0x3b; c = text.charCodeAt(++end));
      if (text.charCodeAt(end) === 0x6d) {
        i = end;
        continue;
      }
    }
    return displayWidth(text.replace(SGR, ''));
  }
  return width;
}
const SGR = /\x1b\[[\d;]*m/g;

/** The box-drawing characters of our tables. */
const BOX = {
  top: '─',
  'top-mid': '┬',
  'top-left': '┌',
  'top-right': '┐',
  bottom: '─',
  'bottom-mid': '┴',
  'bottom-left': '└',
  'bottom-right': '┘',
  left: '│',
  'left-mid': '├',
  mid: '─',
  'mid-mid': '┼',
  right: '│',
  'right-mid': '┤',
  middle: '│',
} as const;
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

/**
 * The lines of a column on a page: each already cut to the column's width and coloured, a row's
 * lines in every column as many as its tallest cell's (table.ts leaves the others' blank).
 */
type ColumnLines = readonly string[];

/**
 * The top border, the header row and the rule under it (`├──┼──┤`): a table's opening. `below`:
 * the widths of the row under it when they are not the header's (a row with one text across
 * columns, RowSpan), which the rule joins as a later page's is (drawDivider).
 */
export function drawOpening(headers: readonly string[], options: DrawOptions, below?: readonly number[]): string {
  const cells = headers.map((header) => [header]);
  if (below === undefined || sameWidths(below, options.widths))
    return draw(options, { ...BOX, ...UNDER_HEADER }, cells);
  return draw(options, { ...BOX, ...NO_BOTTOM }, cells) + drawDivider(options.widths, { ...options, widths: below });
}

function sameWidths(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((width, i) => width === b[i]);
}

/**
 * Rows continuing a table drawn before: no border above or below. The rows of a page go to
 * cli-table3 as one row of cells of many lines, which it draws line by line as it would the rows:
 * the same bytes, with its cost per cell (some 50 µs: every cell merges the table's options) paid
 * once a column instead of once a cell (a 10,000-row list drew 11x slower row by row; bench/table.mjs).
 */
export function drawRows(columns: readonly ColumnLines[], options: DrawOptions): string {
  if ((columns[0]?.length ?? 0) === 0) return '';
  return draw(options, { ...BOX, ...NO_TOP, ...NO_BOTTOM }, columns);
}

/**
 * The rule under which rows continue at new widths, joining the columns above it to those below:
 * `┴` where a column above ends, `┬` where one below begins, `┼` where both do (`├──┴─┬──┼──┤`),
 * and the right end `┘` or `┐` when the table above or below it is the wider.
 */
export function drawDivider(above: readonly number[], options: DrawOptions): string {
  // A column takes its width, a space each side and the bar after it; the left bar is at 0.
  const edges = (widths: readonly number[]) => {
    const at = new Set<number>([0]);
    let x = 0;
    for (const width of widths) at.add((x += width + 3));
    return { at, end: x };
  };
  const up = edges(above);
  const down = edges(options.widths);
  const end = Math.max(up.end, down.end);
  let line = '├';
  for (let x = 1; x <= end; x++) {
    const u = up.at.has(x);
    const d = down.at.has(x);
    if (x === end) line += u && d ? '┤' : u ? '┘' : '┐';
    else line += u && d ? '┼' : u ? '┴' : d ? '┬' : '─';
  }
  return `${options.border ? options.border(line) : line}\n`;
}

/** The bottom border that closes a table. */
export function drawClosing(options: DrawOptions): string {
  const lines = draw(options, { ...BOX, ...NO_TOP }, blankRow(options));
  return lines.slice(lines.lastIndexOf('\n', lines.length - 2) + 1);
}

/** One row of cli-table3 whose cells are the columns' lines. */
function draw(options: DrawOptions, chars: Record<string, string>, columns: readonly ColumnLines[]): string {
  const { border } = options;
  const bar = border ? border('│') : '│';
  const table = new Table({
    colWidths: options.widths.map((width) => width + 2),
    chars: { ...chars, left: bar, right: bar, middle: bar },
    style: { head: [], border: [], compact: true, 'padding-left': 1, 'padding-right': 1 },
    wordWrap: false,
  });
  table.push(columns.map((lines, i) => ({ content: lines.join('\n'), hAlign: options.numeric[i] ? 'right' : 'left' })));
  if (!border || (chars.top === '' && chars.bottom === '')) return `${table.toString()}\n`;
  let out = '';
  for (const line of table.toString().split('\n')) out += `${RULE.test(line) ? border(line) : line}\n`;
  return out;
}

function blankRow(options: DrawOptions): ColumnLines[] {
  return options.widths.map(() => ['']);
}
