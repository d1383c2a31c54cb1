import type { ChalkInstance } from 'chalk';
import type { Page } from '../http/paginate.js';
import { type IO, write } from '../io.js';
import { getPath, jsonText, pickPaths } from './fields.js';
import { type Column, type DetailField, headerFor, type OutputFormat, shownText, toneOf, type View } from './format.js';
import { beforeItem, endArray, FIRST_ITEM_BYTES, NEXT_ITEM_BYTES } from './json-array.js';
import type { TerminalTable } from './table.js';

export type { DetailField } from './format.js';

export interface OutputOptions {
  format: OutputFormat;
  /** --fields: replaces the default columns and trims JSON objects to these paths. */
  fields?: readonly string[] | undefined;
  /** Warnings for people, on stderr (a --fields path that no item has). */
  warn?: ((message: string) => void) | undefined;
}

/**
 * Streams items to stdout in the chosen format. Lists arrive page by page and are written as
 * they come, with backpressure: a slow reader holds back the pagination that feeds it.
 * What each format shows is the output rule (README, "Output"): json, ndjson and csv carry the
 * items as the service sent them; the table shows columns (format.ts, `shownText`).
 */
export class ListWriter {
  private started = false;
  private count = 0;
  private readonly columns: Column[];
  private table: TerminalTable | undefined;
  /** csv: the header's paths, settled by the first items (or --fields). */
  private csvPaths: string[] | undefined;
  private csvLateFieldWarned = false;
  /** --fields paths not yet seen in any item; checked on the first items only. */
  private fieldsChecked = false;
  /** Colour for tones in a pipe (FORCE_COLOR); null once known to be off. */
  private chalk: ChalkInstance | null | undefined;

  constructor(
    private readonly io: IO,
    private readonly options: OutputOptions,
    defaultColumns: readonly Column[],
    /** More pages may follow the first: a terminal table keeps spare width for them. */
    private readonly streaming = false,
    /** json as the service sent it even on a terminal (`api --paginate`: the answer as it came). */
    private readonly shape: { asItCame?: boolean } = {},
  ) {
    this.columns = options.fields ? options.fields.map((path) => defaultColumns.find((c) => c.path === path) ?? { header: headerFor(path), path }) : [...defaultColumns];
  }

  get written(): number {
    return this.count;
  }

  /** json and ndjson as they come from the service (compact JSON in a pipe, no --fields). */
  private get passesThrough(): boolean {
    const { format, fields } = this.options;
    return !fields && (format === 'ndjson' || (format === 'json' && (!this.io.stdoutIsTTY || this.shape.asItCame === true)));
  }

  private get terminalTable(): boolean {
    return this.options.format === 'table' && this.io.stdoutIsTTY;
  }

  /**
   * A page from the paginator. json and ndjson write the items' bytes straight from the response
   * body, never decoded and never copied: views of the body and shared separators, corked so that
   * a pipe gets them in one writev. A page then leaves no garbage but its body (a copy per page
   * was 400 KB of ArrayBuffer that V8, seeing little JS garbage, freed only every 30-odd pages).
   * The other formats parse each item.
   */
  async writePage(page: Page): Promise<void> {
    if (page.count === 0) return;
    if (!this.passesThrough) {
      if (this.terminalTable || !this.started) {
        // The first page (it settles the csv header and checks --fields), and every page of a
        // terminal table (which sizes its columns): items parsed together.
        const items: unknown[] = [];
        for (let i = 0; i < page.count; i++) items.push(JSON.parse(page.item(i)));
        page.release();
        await this.write(items);
        return;
      }
      await this.loadColour();
      // One item parsed at a time and dropped once it is a line: a page of parsed projects would
      // live through young-generation collections and be promoted, growing the old space.
      let chunk = '';
      for (let i = 0; i < page.count; i++) chunk += this.line(JSON.parse(page.item(i)));
      page.release();
      this.count += page.count;
      await write(this.io.stdout, chunk);
      return;
    }
    const stdout = this.io.stdout;
    const ndjson = this.options.format === 'ndjson';
    let flowing = true;
    stdout.cork();
    // The process's stdout (a pipe, file or terminal) has handed the bytes to the kernel when it
    // calls back, so the body's buffer may then hold another page. Any other stream (a PassThrough
    // in tests) may still hold the views, so its pages are never released.
    const written = stdout === process.stdout ? (error?: Error | null) => error || page.release() : undefined;
    const last = page.count - 1;
    const lines = ndjson ? page.linesInPlace() : undefined;
    if (lines) {
      stdout.write(lines);
      flowing = written ? stdout.write(NEWLINE, written) : stdout.write(NEWLINE);
    }
    for (let i = 0; !lines && i <= last; i++) {
      if (!ndjson) flowing = stdout.write(this.started || i > 0 ? NEXT_ITEM_BYTES : FIRST_ITEM_BYTES);
      if (ndjson) {
        flowing = stdout.write(page.itemBytes(i));
        flowing = i === last && written ? stdout.write(NEWLINE, written) : stdout.write(NEWLINE);
      } else {
        flowing = i === last && written ? stdout.write(page.itemBytes(i), written) : stdout.write(page.itemBytes(i));
      }
    }
    this.started = true;
    this.count += page.count;
    // Listen before uncork() flushes, so that a drain during the flush is not missed.
    const drained = flowing ? undefined : new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        stdout.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        stdout.off('drain', onDrain);
        reject(error);
      };
      stdout.once('drain', onDrain);
      stdout.once('error', onError);
    });
    stdout.uncork();
    await drained;
  }

  /** Items as JSON texts, passed through untouched where the format allows. */
  async writeRaw(items: readonly string[]): Promise<void> {
    const { format } = this.options;
    if (this.passesThrough) {
      let chunk = '';
      for (const item of items) {
        if (format === 'ndjson') chunk += `${item}\n`;
        else chunk += beforeItem(!this.started) + item;
        this.started = true;
      }
      this.count += items.length;
      await write(this.io.stdout, chunk);
      return;
    }
    await this.write(items.map((item) => JSON.parse(item) as unknown));
  }

  async write(items: readonly unknown[]): Promise<void> {
    if (items.length === 0) return;
    this.checkFields(items);
    if (this.options.format === 'csv' && !this.csvPaths) this.csvPaths = this.options.fields ? [...this.options.fields] : fieldsOf(items);
    let chunk: string;
    if (this.terminalTable) {
      if (!this.table) {
        const { TerminalTable } = await import('./table.js');
        this.table = new TerminalTable(this.columns, { terminalWidth: this.io.columns, chalk: this.io.color ? await loadChalk() : undefined, streaming: this.streaming, timeZone: this.io.timeZone });
      }
      const first = !this.started;
      chunk = this.table.render(items);
      this.started = true;
      if (first) warnLeftOut(this.table, this.columns, this.io.columns, this.options.warn);
    } else {
      await this.loadColour();
      chunk = '';
      for (const item of items) chunk += this.line(item);
    }
    this.count += items.length;
    if (chunk) await write(this.io.stdout, chunk);
  }

  /** §5b of issue 15: a --fields path that none of the first items has is named, once; sparse objects are fine. */
  private checkFields(items: readonly unknown[]): void {
    if (this.fieldsChecked) return;
    this.fieldsChecked = true;
    warnMissingFields(this.options, items);
  }

  private async loadColour(): Promise<void> {
    if (this.chalk === undefined) this.chalk = this.io.color && this.options.format === 'table' ? await loadChalk() : null;
  }

  /** One item as text in every format but the terminal table (which needs a page to size its columns). */
  private line(item: unknown): string {
    const { format, fields } = this.options;
    let text: string;
    switch (format) {
      case 'json': {
        const value = fields ? pickPaths(item, fields) : item;
        text = beforeItem(!this.started) + (this.io.stdoutIsTTY ? indent(jsonText(value, 'an item', { space: 2 })) : jsonText(value, 'an item'));
        break;
      }
      case 'ndjson':
        text = `${jsonText(fields ? pickPaths(item, fields) : item, 'an item')}\n`;
        break;
      case 'csv':
        text = this.csvLine(item);
        break;
      default:
        // A piped table: the same columns as tab-separated text, no header or borders, the service's values.
        text = `${this.columns.map((c) => this.paint(tsvCell(shownText(c, item, PIPED)), c, item)).join('\t')}\n`;
    }
    this.started = true;
    return text;
  }

  /** csv: every field as the service sent it (the header's paths), nested values as JSON text. */
  private csvLine(item: unknown): string {
    const paths = this.csvPaths ?? [];
    if (!this.options.fields && !this.csvLateFieldWarned && item && typeof item === 'object') {
      const late = Object.keys(item).find((key) => !paths.includes(key));
      if (late !== undefined) {
        this.csvLateFieldWarned = true;
        this.options.warn?.(`csv: the field "${late}" first appears after the header was written and is left out; name the fields with --fields to keep it`);
      }
    }
    const header = this.started ? '' : `${paths.map(csvCell).join(',')}\r\n`;
    return `${header}${paths.map((path) => csvCell(rawText(getPath(item, path), path))).join(',')}\r\n`;
  }

  private paint(text: string, field: Column, item: unknown): string {
    const tone = this.chalk ? toneOf(field, item) : undefined;
    return tone && this.chalk ? this.chalk[tone](text) : text;
  }

  /**
   * The list stopped short (Ctrl-C, a failed page): a terminal table still gets its bottom border,
   * so the terminal is left tidy. The formats for programs are left as they are: a cut list must
   * not read as a whole one (json stays without its closing bracket).
   */
  async abandon(): Promise<void> {
    if (this.table) await write(this.io.stdout, this.table.finish());
  }

  async end(): Promise<void> {
    const { format, fields } = this.options;
    if (format === 'json') await write(this.io.stdout, endArray(this.started));
    // No items and no --fields: no field is known, so there is no header to write.
    else if (format === 'csv' && !this.started && fields) await write(this.io.stdout, `${fields.map(csvCell).join(',')}\r\n`);
    else if (format === 'table' && this.table) await write(this.io.stdout, this.table.finish());
  }
}

const PIPED: View = { terminal: false };

/** How human views are drawn on this IO. */
export function viewOf(io: IO): View {
  return { terminal: io.stdoutIsTTY, timeZone: io.timeZone };
}

const NEWLINE = Buffer.from('\n');

/** The top-level fields of the items, in the order they first appear. */
function fieldsOf(items: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const item of items) if (item && typeof item === 'object') for (const key of Object.keys(item)) seen.add(key);
  return [...seen];
}

/** A field's value as the service sent it, as csv text: nested values as JSON. */
function rawText(value: unknown, path: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return jsonText(value, `the field "${path}"`);
  return String(value);
}

/** `no item has the field "nope.x"`: one warning naming every --fields path that none of the items has. */
function warnMissingFields(options: OutputOptions, items: readonly unknown[]): void {
  if (!options.fields || !options.warn || items.length === 0) return;
  const missing = options.fields.filter((path) => items.every((item) => getPath(item, path) === undefined));
  if (missing.length === 0) return;
  const names = missing.map((path) => `"${path}"`).join(', ');
  options.warn(`no item has the field${missing.length > 1 ? 's' : ''} ${names}`);
}

/**
 * A terminal too narrow for every column leaves some out (table.ts): one line says which, and how
 * to choose the columns (`--fields`, in the table's order, the ones left out included).
 */
function warnLeftOut(table: TerminalTable, columns: readonly Column[], width: number, warn: OutputOptions['warn']): void {
  const left = table.leftOut();
  if (left.length === 0 || !warn) return;
  const paths = columns.map((column) => column.path).filter((path) => path !== '');
  warn(`${left.join(', ')} left out to fit ${width || 120} columns; --fields ${paths.join(',')} chooses the columns`);
}

/** Writes one resource: JSON formats get the whole object, table gets a summary (`view`) or a row. */
export async function writeResource(io: IO, options: OutputOptions, item: unknown, shape: { columns: readonly Column[]; detail?: readonly DetailField[] }): Promise<void> {
  const { format, fields } = options;
  if (format === 'json') {
    warnMissingFields(options, [item]);
    const value = fields ? pickPaths(item, fields) : item;
    await write(io.stdout, `${jsonText(value, 'the item', io.stdoutIsTTY ? { space: 2 } : {})}\n`);
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

/** Label/value lines: aligned and coloured on a terminal, `label\tvalue` in a pipe. */
async function renderDetail(io: IO, detail: readonly DetailField[], item: unknown): Promise<string> {
  const terminal = io.stdoutIsTTY;
  const chalk = io.color ? await loadChalk() : undefined;
  const paint = (text: string, field: DetailField) => {
    const tone = chalk ? toneOf(field, item) : undefined;
    return tone && chalk ? chalk[tone](text) : text;
  };
  if (!terminal) return detail.map((field) => `${field.label}\t${paint(tsvCell(shownText(field, item, PIPED)), field)}\n`).join('');
  const width = Math.max(...detail.map((field) => field.label.length));
  // A value of several lines (a note's body) lines up under its first line.
  const continuation = ' '.repeat(width + 2);
  return detail
    .map((field) => {
      const label = field.label.padEnd(width);
      const value = shownText(field, item, viewOf(io))
        .split('\n')
        .map((line, index) => (index > 0 && line ? continuation + line : line))
        .join('\n');
      return `${chalk ? chalk.bold(label) : label}  ${paint(value, field)}\n`;
    })
    .join('');
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

function tsvCell(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** RFC 4180: quote fields holding a comma, quote or line break; double inner quotes. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

let chalkInstance: ChalkInstance | undefined;
async function loadChalk(): Promise<ChalkInstance> {
  if (!chalkInstance) {
    const { Chalk } = await import('chalk');
    chalkInstance = new Chalk({ level: 1 });
  }
  return chalkInstance;
}
