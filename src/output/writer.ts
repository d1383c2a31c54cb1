import type { ChalkInstance } from 'chalk';
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

  /** Items as JSON texts (from the paginator), passed through untouched where the format allows. */
  async writeRaw(items: readonly string[]): Promise<void> {
    const { format, fields } = this.options;
    if (!fields && (format === 'ndjson' || (format === 'json' && !this.io.stdoutIsTTY))) {
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
    const { format, fields } = this.options;
    let chunk = '';
    switch (format) {
      case 'json': {
        const pretty = this.io.stdoutIsTTY;
        for (const item of items) {
          const value = fields ? pickPaths(item, fields) : item;
          chunk += (this.started ? ',\n' : '[\n') + (pretty ? indent(JSON.stringify(value, null, 2)) : JSON.stringify(value));
          this.started = true;
        }
        break;
      }
      case 'ndjson':
        for (const item of items) chunk += `${JSON.stringify(fields ? pickPaths(item, fields) : item)}\n`;
        break;
      case 'csv':
        if (!this.started) chunk += `${this.columns.map((c) => csvCell(c.path)).join(',')}\r\n`;
        for (const item of items) chunk += `${this.columns.map((c) => csvCell(cell(c, item))).join(',')}\r\n`;
        this.started = true;
        break;
      case 'table':
        if (this.io.stdoutIsTTY) {
          this.table ??= new TerminalTable(this.io, this.columns);
          chunk = await this.table.render(items.map((item) => this.columns.map((c) => cell(c, item))), items);
        } else {
          // Piped: the same columns as tab-separated text, no header, borders or colour.
          for (const item of items) chunk += `${this.columns.map((c) => tsvCell(cell(c, item))).join('\t')}\n`;
        }
        this.started = true;
        break;
    }
    this.count += items.length;
    if (chunk) await write(this.io.stdout, chunk);
  }

  async end(): Promise<void> {
    const { format } = this.options;
    if (format === 'json') await write(this.io.stdout, this.started ? '\n]\n' : '[]\n');
    else if (format === 'csv' && !this.started) await write(this.io.stdout, `${this.columns.map((c) => csvCell(c.path)).join(',')}\r\n`);
    else if (format === 'table' && this.table) await write(this.io.stdout, this.table.finish());
  }
}

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
