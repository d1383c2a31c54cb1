import type { Page } from '../http/paginate.js';
import { stopOptimizingForListing } from '../http/page-memory.js';
import { drained, type IO, write } from '../io.js';
import { type Encoder, encoderFor, loadChalk, PIPED, paint as paintTone, type RawItems, tsvCell } from './encoders.js';
import { dataText } from './escape.js';
import { getPath, jsonText, pickPaths } from './fields.js';
import {
  type Column,
  type DetailField,
  headerFor,
  type OutputFormat,
  type RowSpan,
  shownText,
  type View,
} from './format.js';
import { widthWithin, wrapToWidth } from './text-width.js';
import { closest, editDistance } from '../util/suggest.js';

export type { DetailField } from './format.js';
export { csvCell } from './encoders.js';

export interface OutputOptions {
  format: OutputFormat;
  /** --fields: replaces the default columns and trims JSON objects to these paths. */
  fields?: readonly string[] | undefined;
  /** Warnings for people, on stderr (a --fields path that no item has). */
  warn?: ((message: string) => void) | undefined;
  /** Notes for people, on stderr, silenced by --quiet: nothing is wrong (the columns a narrow terminal left out). */
  note?: ((message: string) => void) | undefined;
  /** A table's rows with one text across columns (RowSpan): not with --fields, whose columns are the reader's. */
  span?: RowSpan | undefined;
  /** How --fields names a column's path, where a note names it (TableRows.fieldName). */
  fieldName?: ((path: string) => string) | undefined;
}

/**
 * The characters of lines gathered into one write, so that a page is a few writes, not one a line.
 * Memory does not decide the size: listing 100,000 projects in csv peaks at 87 MB of RSS in runs
 * of 4 K and at 83 MB in one write a page, ndjson at 84 MB (Node 20; `node bench/run.mjs --only
 * memory --runs 3 --before DIR`, DIR built with LINES_RUN = Infinity).
 */
const LINES_RUN = 4096;

/**
 * Streams items to stdout in the chosen format, through that format's encoder (encoders.ts). Lists
 * arrive page by page and are written as they come, with backpressure: a slow reader holds back
 * the pagination that feeds it.
 */
export class ListWriter {
  private count = 0;
  private started = false;
  /** --fields paths not yet seen in any item; checked on the first items only. */
  private fieldsChecked = false;
  private readonly encoder: Encoder;

  constructor(
    private readonly io: IO,
    private readonly options: OutputOptions,
    defaultColumns: readonly Column[],
    /** More pages may follow the first: a terminal table keeps spare width for them. */
    streaming = false,
    /** json as the service sent it even on a terminal (`api --paginate`: the answer as it came). */
    shape: { asItCame?: boolean } = {},
  ) {
    const columns = options.fields
      ? options.fields.map((path) => defaultColumns.find((c) => c.path === path) ?? { header: headerFor(path), path })
      : [...defaultColumns];
    const span = options.fields ? undefined : options.span;
    this.encoder = encoderFor(io, { ...options, streaming, asItCame: shape.asItCame === true, span }, columns);
  }

  get written(): number {
    return this.count;
  }

  /**
   * A page from the paginator. json and ndjson as they came write the items' bytes straight from
   * the response body, never decoded and never copied: views of the body and shared separators,
   * corked so that a pipe gets them in one writev. A page then leaves no garbage but its body (a
   * copy per page was 400 KB of ArrayBuffer that V8, seeing little JS garbage, freed only every
   * 30-odd pages). The other formats parse each item.
   */
  async writePage(page: Page): Promise<void> {
    if (page.count === 0) return;
    const { raw } = this.encoder;
    if (raw) return this.writeRawPage(page, raw);
    if (!this.encoder.byItem || !this.started) {
      // The first page (it settles the csv header and checks --fields), and every page of a
      // terminal table (which sizes its columns): items parsed together. A first page the
      // paginator knows to be the last is the whole list.
      if (!this.started && page.last) this.encoder.whole?.();
      await this.write(page.parsedAndReleased());
      return;
    }
    // One item parsed at a time and dropped once it is a line, and the lines written a few at a
    // time (LINES_RUN): a page of parsed projects would live through young-generation collections
    // and be promoted, growing the old space.
    stopOptimizingForListing();
    const stdout = this.io.stdout;
    let flowing = true;
    let run = '';
    for (let i = 0; i < page.count; i++) {
      run += this.encoder.encode([JSON.parse(page.item(i))]);
      if (run.length >= LINES_RUN) {
        flowing = stdout.write(run);
        run = '';
      }
    }
    page.release();
    this.count += page.count;
    if (run) flowing = stdout.write(run);
    if (!flowing) await drained(stdout);
  }

  private async writeRawPage(page: Page, raw: RawItems): Promise<void> {
    stopOptimizingForListing();
    const stdout = this.io.stdout;
    let flowing = true;
    stdout.cork();
    // Once a stream that takes its bytes (IO.stdoutTakesBytes: the process's stdout hands them to
    // the kernel, a test's TextSink copies them) calls back, the body's buffer may hold another
    // page. Any other stream (a PassThrough) may still hold the views: its pages are never released.
    const written = this.io.stdoutTakesBytes ? (error?: Error | null) => error || page.release() : undefined;
    const send = (bytes: Uint8Array, last: boolean) =>
      last && written ? stdout.write(bytes, written) : stdout.write(bytes);
    const after = raw.after?.bytes;
    const lines = raw.lines ? page.linesInPlace() : undefined;
    if (lines) {
      flowing = send(lines, !after);
      if (after) flowing = send(after, true);
    }
    const last = page.count - 1;
    for (let i = 0; !lines && i <= last; i++) {
      const before = raw.before();
      if (before) flowing = stdout.write(before.bytes);
      flowing = send(page.itemBytes(i), i === last && !after);
      if (after) flowing = send(after, i === last);
    }
    this.started = true;
    this.count += page.count;
    // Listen before uncork() flushes, so that a drain during the flush is not missed.
    const drain = flowing ? undefined : drained(stdout);
    stdout.uncork();
    await drain;
  }

  /** Items as JSON texts, passed through untouched where the format allows. */
  async writeRaw(items: readonly string[]): Promise<void> {
    const { raw } = this.encoder;
    if (!raw) return this.write(items.map((item) => JSON.parse(item) as unknown));
    stopOptimizingForListing();
    const after = raw.after?.text ?? '';
    let chunk = '';
    for (const item of items) chunk += (raw.before()?.text ?? '') + item + after;
    if (items.length > 0) this.started = true;
    this.count += items.length;
    await write(this.io.stdout, chunk);
  }

  /**
   * Items that are the whole list, held until its last page (rows sorted for people): a terminal
   * table sizes them as a list of one page, with no spare width for pages to come.
   */
  async writeWhole(items: readonly unknown[]): Promise<void> {
    if (!this.started) this.encoder.whole?.();
    await this.write(items);
  }

  async write(items: readonly unknown[]): Promise<void> {
    if (items.length === 0) return;
    if (!this.fieldsChecked) {
      // A --fields path that none of the first items has is named, once; sparse objects are fine.
      this.fieldsChecked = true;
      warnMissingFields(this.options, items);
    }
    if (!this.started) await this.encoder.start();
    const chunk = this.encoder.encode(items);
    this.started = true;
    this.count += items.length;
    if (chunk) await write(this.io.stdout, chunk);
  }

  /**
   * The list stopped short (Ctrl-C, a failed page): a terminal table still gets its bottom border,
   * so the terminal is left tidy. The formats for programs are left as they are: a cut list must
   * not read as a whole one (json stays without its closing bracket).
   */
  async abandon(): Promise<void> {
    const text = this.encoder.abandon();
    if (text) await write(this.io.stdout, text);
    this.encoder.finished?.();
  }

  async end(): Promise<void> {
    const text = this.encoder.end();
    if (text) await write(this.io.stdout, text);
    this.encoder.finished?.();
  }
}

/** How human views are drawn on this IO. */
export function viewOf(io: IO): View {
  return { terminal: io.stdoutIsTTY, timeZone: io.timeZone };
}

/** `no item has the field "nope.x"`: one warning naming every --fields path that none of the items has. */
function warnMissingFields(options: OutputOptions, items: readonly unknown[]): void {
  if (!options.fields || !options.warn || items.length === 0) return;
  const missing = options.fields.filter((path) => items.every((item) => getPath(item, path) === undefined));
  if (missing.length === 0) return;
  const known = fieldPaths(items[0]);
  const names = missing
    .map((path) => {
      // A short path is held to one edit: "nope" is no typo of "name".
      const guess = closest(path, known);
      const likely = guess !== undefined && editDistance(path, guess) <= Math.max(1, Math.floor(path.length / 3));
      return likely ? `"${path}" (did you mean ${guess}?)` : `"${path}"`;
    })
    .join(', ');
  options.warn(`no item has the field${missing.length > 1 ? 's' : ''} ${names}`);
}

/** An item's keys as --fields names them: each key, and `key.sub` one object down. */
function fieldPaths(item: unknown): string[] {
  if (item === null || typeof item !== 'object') return [];
  return Object.entries(item).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [key, ...Object.keys(value).map((sub) => `${key}.${sub}`)]
      : [key],
  );
}

/** Writes one resource: JSON formats get the whole object, table gets a summary (`view`) or a row. */
export async function writeResource(
  io: IO,
  options: OutputOptions,
  item: unknown,
  shape: { columns: readonly Column[]; detail?: readonly DetailField[] },
): Promise<void> {
  const { format, fields } = options;
  if (format === 'json') {
    warnMissingFields(options, [item]);
    const value = fields ? pickPaths(item, fields) : item;
    const terminal = io.stdoutIsTTY;
    await write(io.stdout, `${dataText(jsonText(value, 'the item', terminal ? { space: 2 } : {}), terminal)}\n`);
    return;
  }
  if (format === 'table' && shape.detail && !fields) {
    await write(io.stdout, await renderDetail(io, shape.detail, item));
    return;
  }
  const writer = new ListWriter(io, options, shape.columns);
  await writer.write([item]);
  await writer.end();
}

/** A view's values wrap beside their labels where this many cells at least are left for them; else below. */
const MIN_VALUE_WIDTH = 20;
/** A value that goes below its label (a narrow terminal, long labels) is indented by this much. */
const BELOW_INDENT = 4;

/**
 * Label/value lines: aligned and coloured on a terminal, `label\tvalue` in a pipe. On a terminal a
 * long value wraps beside its label, every character kept (text-width.ts's wrapToWidth: never
 * inside an escaped control character or a wide one), and a value of several lines (a note's
 * body) lines up under its first line. Where the labels leave less than MIN_VALUE_WIDTH, a value
 * too long for what is left goes on lines of its own below its label; so does one word too long
 * for its room beside (a URL, a path) that fits whole below: broken over two lines, a terminal
 * no longer sees a URL to open, nor does a copy give a path to paste.
 */
async function renderDetail(io: IO, detail: readonly DetailField[], item: unknown): Promise<string> {
  const terminal = io.stdoutIsTTY;
  const chalk = io.color ? await loadChalk() : undefined;
  const paint = (text: string, field: DetailField) => paintTone(chalk, text, field, item);
  if (!terminal)
    return detail.map((field) => `${field.label}\t${paint(tsvCell(shownText(field, item, PIPED)), field)}\n`).join('');
  const width = Math.max(...detail.map((field) => field.label.length));
  const room = io.columns - width - 2;
  const beside = room >= MIN_VALUE_WIDTH;
  const indented = (lines: readonly string[], indent: string) =>
    lines.map((line, index) => (index > 0 && line ? indent + line : line)).join('\n');
  return detail
    .map((field) => {
      const label = field.label.padEnd(width);
      const bold = chalk ? chalk.bold(label) : label;
      const text = shownText(field, item, viewOf(io));
      const indent = ' '.repeat(BELOW_INDENT);
      const whole = io.columns - BELOW_INDENT;
      // Printable ASCII with no space: a URL, a path, a fingerprint (not a sentence of CJK, which wraps).
      const word = /^[!-~]+$/.test(text) && text.length > room && text.length <= whole;
      if (beside && !word)
        return `${bold}  ${paint(indented(wrapToWidth(text, room), ' '.repeat(width + 2)), field)}\n`;
      const lines = text.split('\n');
      if (lines.every((line) => widthWithin(line, room) <= room))
        return `${bold}  ${paint(indented(lines, ' '.repeat(width + 2)), field)}\n`;
      const below = wrapToWidth(text, Math.max(1, io.columns - BELOW_INDENT));
      return `${chalk ? chalk.bold(field.label) : field.label}\n${indent}${paint(indented(below, indent), field)}\n`;
    })
    .join('');
}
