import type { ChalkInstance } from 'chalk';
import type { Page } from '../http/paginate.js';
import { type IO, write } from '../io.js';
import { getPath, pickPaths } from './fields.js';
import { type Column, cellText, type OutputFormat } from './format.js';

export interface OutputOptions {
  format: OutputFormat;
  /** --fields: replaces the default columns and trims JSON objects to these paths. */
  fields?: readonly string[] | undefined;
}

/** A label and where its value comes from, for the summary of one resource (`view`). */
export interface DetailField {
  label: string;
  path: string;
  format?: (value: unknown, item: unknown) => string;
}

/**
 * Streams items to stdout in the chosen format. Lists arrive page by page and are written as
 * they come, with backpressure: a slow reader holds back the pagination that feeds it.
 */
export class ListWriter {
  private started = false;
  private count = 0;
  private readonly columns: Column[];
  private table: TerminalTable | undefined;

  constructor(
    private readonly io: IO,
    private readonly options: OutputOptions,
    defaultColumns: readonly Column[],
  ) {
    this.columns = options.fields ? options.fields.map((path) => defaultColumns.find((c) => c.path === path) ?? { header: path.toUpperCase(), path }) : [...defaultColumns];
  }

  get written(): number {
    return this.count;
  }

  /** json and ndjson as they come from the service (compact JSON in a pipe, no --fields). */
  private get passesThrough(): boolean {
    const { format, fields } = this.options;
    return !fields && (format === 'ndjson' || (format === 'json' && !this.io.stdoutIsTTY));
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
      if (this.options.format === 'table' && this.io.stdoutIsTTY) {
        const items: unknown[] = [];
        for (let i = 0; i < page.count; i++) items.push(JSON.parse(page.item(i)));
        page.release();
        await this.write(items);
        return;
      }
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
      if (!ndjson) flowing = stdout.write(this.started || i > 0 ? COMMA_NEWLINE : OPEN_BRACKET_NEWLINE);
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
        else chunk += (this.started ? ',\n' : '[\n') + item;
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
    let chunk: string;
    if (this.options.format === 'table' && this.io.stdoutIsTTY) {
      this.table ??= new TerminalTable(this.io, this.columns);
      chunk = await this.table.render(items.map((item) => this.columns.map((c) => cell(c, item))), items);
      this.started = true;
    } else {
      chunk = '';
      for (const item of items) chunk += this.line(item);
    }
    this.count += items.length;
    if (chunk) await write(this.io.stdout, chunk);
  }

  /** One item as text in every format but the terminal table (which needs a page to size its columns). */
  private line(item: unknown): string {
    const { format, fields } = this.options;
    let text: string;
    switch (format) {
      case 'json': {
        const value = fields ? pickPaths(item, fields) : item;
        text = (this.started ? ',\n' : '[\n') + (this.io.stdoutIsTTY ? indent(JSON.stringify(value, null, 2)) : JSON.stringify(value));
        break;
      }
      case 'ndjson':
        text = `${JSON.stringify(fields ? pickPaths(item, fields) : item)}\n`;
        break;
      case 'csv':
        text = `${this.started ? '' : `${this.columns.map((c) => csvCell(c.path)).join(',')}\r\n`}${this.columns.map((c) => csvCell(cell(c, item))).join(',')}\r\n`;
        break;
      default:
        // A piped table: the same columns as tab-separated text, no header, borders or colour.
        text = `${this.columns.map((c) => tsvCell(cell(c, item))).join('\t')}\n`;
    }
    this.started = true;
    return text;
  }

  async end(): Promise<void> {
    const { format } = this.options;
    if (format === 'json') await write(this.io.stdout, this.started ? '\n]\n' : '[]\n');
    else if (format === 'csv' && !this.started) await write(this.io.stdout, `${this.columns.map((c) => csvCell(c.path)).join(',')}\r\n`);
    else if (format === 'table' && this.table) await write(this.io.stdout, this.table.finish());
  }
}

const NEWLINE = Buffer.from('\n');
const COMMA_NEWLINE = Buffer.from(',\n');
const OPEN_BRACKET_NEWLINE = Buffer.from('[\n');

/** Writes one resource: JSON formats get the whole object, table gets a summary (`view`) or a row. */
export async function writeResource(io: IO, options: OutputOptions, item: unknown, shape: { columns: readonly Column[]; detail?: readonly DetailField[] }): Promise<void> {
  const { format, fields } = options;
  if (format === 'json') {
    const value = fields ? pickPaths(item, fields) : item;
    await write(io.stdout, `${JSON.stringify(value, null, io.stdoutIsTTY ? 2 : undefined)}\n`);
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
  const rows = detail.map((field) => {
    const value = getPath(item, field.path);
    return [field.label, field.format ? field.format(value, item) : cellText(value)] as const;
  });
  if (!io.stdoutIsTTY) return rows.map(([label, value]) => `${label}\t${tsvCell(value)}\n`).join('');
  const chalk = io.color ? await loadChalk() : undefined;
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${chalk ? chalk.bold(label.padEnd(width)) : label.padEnd(width)}  ${value}\n`).join('');
}

function cell(column: Column, item: unknown): string {
  const value = getPath(item, column.path);
  return column.format ? column.format(value, item) : cellText(value);
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

/**
 * A bordered table on a terminal that grows page by page: widths are settled by the first page
 * (cells that do not fit are truncated), later pages continue the same table.
 */
class TerminalTable {
  private widths: number[] | undefined;
  private pendingBottom = '';
  constructor(
    private readonly io: IO,
    private readonly columns: readonly Column[],
  ) {}

  async render(rows: string[][], items: readonly unknown[]): Promise<string> {
    const { default: Table } = await import('cli-table3');
    const chalk = this.io.color ? await loadChalk() : undefined;
    const first = this.widths === undefined;
    if (!this.widths) this.widths = fitWidths(this.columns.map((c) => c.header), rows, this.io.columns);
    const table = new Table({
      ...(first ? { head: this.columns.map((c) => c.header) } : {}),
      colWidths: this.widths,
      wordWrap: false,
      truncate: '…',
      style: { head: chalk ? ['bold'] : [], border: chalk ? ['grey'] : [], compact: true, 'padding-left': 1, 'padding-right': 1 },
    });
    rows.forEach((row, index) => {
      table.push(
        row.map((text, column) => {
          const paint = this.columns[column]?.color;
          return chalk && paint ? paint(text, getPath(items[index], this.columns[column]?.path ?? '')) : text;
        }),
      );
    });
    const lines = table.toString().split('\n');
    const bottom = lines.pop() ?? '';
    if (!first) lines.shift();
    this.pendingBottom = bottom;
    return `${lines.join('\n')}\n`;
  }

  finish(): string {
    return this.pendingBottom ? `${this.pendingBottom}\n` : '';
  }
}

/**
 * Column widths (with padding) that fit the terminal. Widths are settled by the first page, so
 * text columns get some of the spare width for longer values on later pages; when the terminal
 * is too narrow the widest columns give way first (their cells are truncated).
 */
function fitWidths(headers: readonly string[], rows: readonly string[][], terminalWidth: number): number[] {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)) + 2);
  const available = (terminalWidth || 120) - (headers.length + 1);
  const textColumns = headers.map((_h, i) => rows.some((row) => !/^-?[\d.]*$/.test(row[i] ?? '')));
  const spare = available - widths.reduce((a, b) => a + b, 0);
  const growable = textColumns.filter(Boolean).length;
  if (spare > 0 && growable > 0) {
    const extra = Math.min(Math.floor(spare / growable), 24);
    textColumns.forEach((isText, i) => {
      if (isText) widths[i] = (widths[i] ?? 0) + extra;
    });
  }
  while (widths.reduce((a, b) => a + b, 0) > available) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] ?? 0) <= 8) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  return widths;
}
