import type { ChalkInstance } from 'chalk';
import type { IO } from '../io.js';
import { dataText } from './escape.js';
import { getPath, jsonText, pickPaths } from './fields.js';
import { type Column, type Field, type OutputFormat, type RowSpan, shownText, toneOf, type View } from './format.js';
import { beforeItem, endArray, FIRST_ITEM, NEWLINE, NEXT_ITEM, type Separator } from './json-array.js';
import type { TerminalTable } from './table.js';

/**
 * One output format's encoding of a list, behind one interface: the list writer (writer.ts) owns
 * the stream, backpressure, pages and the count; an encoder only turns items into text. What each
 * format shows is the output rule (README, "Output"): json, ndjson and csv carry the items as the
 * service sent them; the table shows columns (format.ts, `shownText`).
 */
export interface Encoder {
  /** Before the first items: loads what it draws with (colour, the terminal table). */
  start(): Promise<void>;
  /** Items as text (a terminal table sizes its columns by the items given together). */
  encode(items: readonly unknown[]): string;
  /** A page may be encoded an item at a time (every format but the terminal table). */
  readonly byItem: boolean;
  /** The items' JSON bytes go out as the service sent them, never decoded (json and ndjson as they came). */
  readonly raw?: RawItems;
  /** What ends the list: `]`, a csv header when no item came, a table's bottom border. */
  end(): string;
  /** A list cut short (Ctrl-C, a failed page): a terminal table's border; the formats for programs stay cut, not closed. */
  abandon(): string;
  /** After the list's last text was written: notes that belong below it (a terminal table's cut cells). */
  finished?(): void;
  /** Before the first items, where they are all the list holds: a terminal table keeps no spare width. */
  whole?(): void;
}

/** How an item's bytes, as the service sent them, are framed. */
export interface RawItems {
  /** What goes before the next item (`[` or `,`), if anything. */
  before(): Separator | undefined;
  /** What goes after each item (ndjson's newline), if anything. */
  readonly after: Separator | undefined;
  /** A page's items may be one run of lines, made in place (ndjson: Page.linesInPlace). */
  readonly lines: boolean;
}

interface EncoderOptions {
  format: OutputFormat;
  fields?: readonly string[] | undefined;
  warn?: ((message: string) => void) | undefined;
  note?: ((message: string) => void) | undefined;
  /** More pages may follow the first: a terminal table keeps spare width for them. */
  streaming: boolean;
  /** json as the service sent it even on a terminal (`api --paginate`). */
  asItCame: boolean;
  /** A table's rows with one text across columns (RowSpan). */
  span?: RowSpan | undefined;
  /** How --fields names a column's path, in the note of the columns left out. */
  fieldName?: ((path: string) => string) | undefined;
}

export const PIPED: View = { terminal: false };

/** The encoder of the format, on this IO. */
export function encoderFor(io: IO, options: EncoderOptions, columns: readonly Column[]): Encoder {
  const { format, fields } = options;
  switch (format) {
    case 'json':
      return new JsonEncoder(fields, !fields && (!io.stdoutIsTTY || options.asItCame), io.stdoutIsTTY);
    case 'ndjson':
      return new NdjsonEncoder(fields, io.stdoutIsTTY);
    case 'csv':
      return new CsvEncoder(fields, options.warn, io.stdoutIsTTY);
    default:
      return io.stdoutIsTTY
        ? new TableEncoder(
            io,
            columns,
            options.streaming,
            options.note,
            options.span,
            options.fieldName,
            Boolean(fields),
          )
        : new PipedTableEncoder(io, columns, options.span);
  }
}

/** A JSON array: compact items as they came in a pipe, each item indented (and escaped: dataText) on a terminal. */
class JsonEncoder implements Encoder {
  readonly byItem = true;
  readonly raw: RawItems | undefined;
  private started = false;

  constructor(
    private readonly fields: readonly string[] | undefined,
    asItCame: boolean,
    private readonly pretty: boolean,
  ) {
    this.raw = asItCame ? { before: () => this.next(), after: undefined, lines: false } : undefined;
  }

  private next(): Separator {
    const separator = this.started ? NEXT_ITEM : FIRST_ITEM;
    this.started = true;
    return separator;
  }

  async start(): Promise<void> {}

  encode(items: readonly unknown[]): string {
    let text = '';
    for (const item of items) {
      const value = this.fields ? pickPaths(item, this.fields) : item;
      text +=
        beforeItem(!this.started) +
        (this.pretty ? dataText(indent(jsonText(value, 'an item', { space: 2 })), true) : jsonText(value, 'an item'));
      this.started = true;
    }
    return text;
  }

  end(): string {
    return endArray(this.started);
  }

  abandon(): string {
    return '';
  }
}

/**
 * A JSON object a line. On a terminal each line is escaped (dataText: JSON lets C1 and bidi
 * controls through), so the service's bytes go out as they came only to a file or a pipe.
 */
class NdjsonEncoder implements Encoder {
  readonly byItem = true;
  readonly raw: RawItems | undefined;

  constructor(
    private readonly fields: readonly string[] | undefined,
    private readonly terminal: boolean,
  ) {
    this.raw = fields || terminal ? undefined : { before: () => undefined, after: NEWLINE, lines: true };
  }

  async start(): Promise<void> {}

  encode(items: readonly unknown[]): string {
    let text = '';
    for (const item of items) text += `${jsonText(this.fields ? pickPaths(item, this.fields) : item, 'an item')}\n`;
    return dataText(text, this.terminal);
  }

  end(): string {
    return '';
  }

  abandon(): string {
    return '';
  }
}

/**
 * csv: every field as the service sent it (the header's paths, settled by the first items or
 * --fields), nested values as JSON text; on a terminal escaped as every text shown there (dataText).
 */
class CsvEncoder implements Encoder {
  readonly byItem = true;
  private paths: string[] | undefined;
  private lateFieldWarned = false;
  private known: Set<string> | undefined;

  constructor(
    private readonly fields: readonly string[] | undefined,
    private readonly warn: ((message: string) => void) | undefined,
    private readonly terminal: boolean,
  ) {}

  async start(): Promise<void> {}

  encode(items: readonly unknown[]): string {
    let text = '';
    if (!this.paths) {
      this.paths = this.fields ? [...this.fields] : fieldsOf(items);
      text = `${this.paths.map(csvCell).join(',')}\r\n`;
    }
    for (const item of items) text += this.line(item, this.paths);
    return dataText(text, this.terminal);
  }

  private line(item: unknown, paths: readonly string[]): string {
    if (!this.fields && !this.lateFieldWarned && item && typeof item === 'object') this.warnLateField(item, paths);
    return `${paths.map((path) => csvValue(getPath(item, path), path)).join(',')}\r\n`;
  }

  /** Once: a key the header left out. Checked against a set, as every item of every page is. */
  private warnLateField(item: object, paths: readonly string[]): void {
    this.known ??= new Set(paths);
    for (const key in item) {
      if (this.known.has(key) || !Object.hasOwn(item, key)) continue;
      this.lateFieldWarned = true;
      this.warn?.(
        `csv: the field "${key}" first appears after the header was written and is left out; name the fields with --fields to keep it`,
      );
      return;
    }
  }

  end(): string {
    // No items and no --fields: no field is known, so there is no header to write.
    return !this.paths && this.fields ? `${this.fields.map(csvCell).join(',')}\r\n` : '';
  }

  abandon(): string {
    return '';
  }
}

/** A piped table: the same columns as tab-separated text, no header or borders, the service's values (coloured only with FORCE_COLOR). */
class PipedTableEncoder implements Encoder {
  readonly byItem = true;
  private chalk: ChalkInstance | undefined;

  constructor(
    private readonly io: IO,
    private readonly columns: readonly Column[],
    private readonly span: RowSpan | undefined,
  ) {}

  async start(): Promise<void> {
    if (this.io.color) this.chalk ??= await loadChalk();
  }

  encode(items: readonly unknown[]): string {
    let text = '';
    const cell = (c: Column, item: unknown) => paint(this.chalk, tsvCell(shownText(c, item, PIPED)), c, item);
    for (const item of items) {
      // A spanning row's text is its last field: `<target>\tfailed\t<error>`.
      const columns = this.span?.spans(item)
        ? [...this.columns.slice(0, this.span.from), this.span.column]
        : this.columns;
      text += `${columns.map((c) => cell(c, item)).join('\t')}\n`;
    }
    return text;
  }

  end(): string {
    return '';
  }

  abandon(): string {
    return '';
  }
}

/** The terminal table (table.ts): sized by the items of each page, with its borders. */
class TableEncoder implements Encoder {
  readonly byItem = false;
  private table: TerminalTable | undefined;
  private rendered = false;

  constructor(
    private readonly io: IO,
    private readonly columns: readonly Column[],
    private streaming: boolean,
    /** Where it says which columns a narrow terminal left out. */
    private readonly note: ((message: string) => void) | undefined,
    private readonly span: RowSpan | undefined,
    private readonly fieldName: (path: string) => string = (path) => path,
    /** The columns are the reader's (--fields): the note names another way to see those left out. */
    private readonly chosen = false,
  ) {}

  async start(): Promise<void> {
    if (this.table) return;
    const { TerminalTable } = await import('./table.js');
    this.table = new TerminalTable(this.columns, {
      terminalWidth: this.io.columns,
      chalk: this.io.color ? await loadChalk() : undefined,
      streaming: this.streaming,
      timeZone: this.io.timeZone,
      span: this.span,
    });
  }

  whole(): void {
    // The table is made at start(), which comes after: it is sized as a list of one page.
    if (!this.table) this.streaming = false;
  }

  encode(items: readonly unknown[]): string {
    if (!this.table) return '';
    const first = !this.rendered;
    this.rendered = true;
    const text = this.table.render(items);
    if (first) this.noteLeftOut(this.table);
    return text;
  }

  /**
   * A terminal too narrow for every column leaves some out (table.ts): one line says which, and how
   * to choose the columns (`--fields`, in the table's order, the ones left out included).
   */
  private noteLeftOut(table: TerminalTable): void {
    const left = table.leftOut();
    if (left.length === 0 || !this.note) return;
    const width = this.io.columns || 120;
    if (this.chosen) {
      this.note(
        `${left.join(', ')} left out to fit ${width} columns; fewer --fields, or -o json, show ${left.length === 1 ? 'it' : 'them'}`,
      );
      return;
    }
    const paths = this.columns.map((column) => this.fieldName(column.path)).filter((path) => path !== '');
    this.note(`${left.join(', ')} left out to fit ${width} columns; --fields ${paths.join(',')} chooses the columns`);
  }

  end(): string {
    return this.table?.finish() ?? '';
  }

  abandon(): string {
    return this.end();
  }

  /**
   * Once the table is drawn, below it: the cells cut to their first lines (table.ts, each cut says
   * how many lines it hides), and how to see them whole.
   */
  finished(): void {
    const cut = this.table?.cutLines();
    if (!cut || cut.cut.size === 0 || !this.note) return;
    const counts = [...cut.cut].map(([header, cells]) => `${cells} ${header} value${cells === 1 ? '' : 's'}`);
    const them = [...cut.cut.values()].reduce((sum, cells) => sum + cells, 0) === 1 ? 'it' : 'them';
    this.note(`${counts.join(', ')} cut to ${cut.lines} lines; -o json shows ${them} whole`);
  }
}

export function paint(chalk: ChalkInstance | undefined, text: string, field: Field, item: unknown): string {
  const tone = chalk ? toneOf(field, item) : undefined;
  return tone && chalk ? chalk[tone](text) : text;
}

/** The top-level fields of the items, in the order they first appear. */
function fieldsOf(items: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const item of items) if (item && typeof item === 'object') for (const key of Object.keys(item)) seen.add(key);
  return [...seen];
}

/** A field's value as the service sent it, as a csv cell: nested values as JSON text. */
function csvValue(value: unknown, path: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvCell(value);
  if (typeof value === 'object') return csvCell(jsonText(value, `the field "${path}"`));
  // A number or a boolean holds no comma, quote or line break.
  return String(value);
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

export function tsvCell(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** RFC 4180: quote fields holding a comma, quote or line break; double inner quotes. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

let chalkInstance: ChalkInstance | undefined;
export async function loadChalk(): Promise<ChalkInstance> {
  if (!chalkInstance) {
    const { Chalk } = await import('chalk');
    chalkInstance = new Chalk({ level: 1 });
  }
  return chalkInstance;
}
