import { pipeline } from 'node:stream/promises';
import { CollabError } from '../errors.js';
import type { Page } from '../http/paginate.js';
import { type IO, write } from '../io.js';
import { dryRunText, type RequestDescription } from './dry-run.js';
import { escapeControls } from './escape.js';
import { reshapes, reshapingFlag, tableWithoutFields } from './flags.js';
import type { Column, OutputFormat } from './format.js';
import type { JqFilter, JqWriter } from './jq.js';
import type { ListProgress } from './progress.js';
import { renderTree, type TreeNode, type TreeShape } from './tree.js';
import { type DetailField, ListWriter, type OutputOptions, writeResource } from './writer.js';

/**
 * The presenter: the only code that knows the output format. A verb says what it shows (a list of
 * pages, some items, one resource, an action's result, a value whose JSON is the service's own
 * shape, a line for people with an object for programs, nothing found, a tree), never how: no
 * verb tests the format (lint/verbs-through-services.grit). One presenter writes to stdout
 * (StreamPresenter); over many targets each target gets one that keeps what would be shown as its
 * result (src/bulk/capture.ts).
 */

/** A list being fetched, with its progress on stderr (Session.pages makes one). */
export type Listing = AsyncIterable<Page> & { readonly progress?: ListProgress };

interface ResourceShape {
  columns: readonly Column[];
  detail?: readonly DetailField[];
}

/** A list's columns, or how to make them when the output shows columns (a table). */
type ItemColumns = readonly Column[] | (() => Promise<readonly Column[]>);

export interface Presenter {
  /**
   * Streams a list as it is fetched (with the listing's own progress); returns how many items were
   * shown. `peopleOrder`: how people read the list on a terminal's table (a tree by full path),
   * which then waits for the last page; programs get the service's order.
   */
  list(pages: Listing | AsyncIterable<unknown[]>, columns: readonly Column[], peopleOrder?: ItemOrder): Promise<number>;
  /**
   * `fields`: the paths shown when --fields names none (a report whose csv keeps its header with no
   * rows). `columns` may be a function: columns that cost requests (a path read per item) are made
   * only for a table, which alone shows them; json, ndjson and csv carry the items as they are.
   */
  items(items: readonly unknown[], columns: ItemColumns, shape?: { fields?: readonly string[] }): Promise<void>;
  resource(item: unknown, shape: ResourceShape): Promise<void>;
  /**
   * A JSON text as it is (a response body), or through --jq. With `body`, a service's answer as
   * `collab api` prints it, JSON or not: byte for byte for programs (a pipe, a file); for people on
   * a terminal, JSON pretty-printed and every text with its controls escaped, as all data shown there.
   */
  jsonText(text: string, body?: ServiceBody): Promise<void>;
  /** What a request would send (--dry-run). */
  dryRun(description: RequestDescription): Promise<void>;
  /**
   * An action's result: people had their line on stderr, so a table shows nothing; the formats
   * scripts read (json, ndjson, csv, or --fields) get the object. A function is called only then.
   */
  action(value: unknown | (() => Promise<unknown>), columns: readonly Column[]): Promise<void>;
  /** As `action`, for several items (a dry run's plan): nothing on a table for people, who had lines on stderr; the items for programs. */
  actionItems(items: readonly unknown[], columns: readonly Column[]): Promise<void>;
  /** Rows for a table, csv and ndjson; `service` (the service's own shape) for JSON. Nothing at all when `rows` is empty and the format is not JSON, if `quietWhenEmpty`. */
  shaped(
    rows: readonly unknown[],
    service: unknown,
    columns: readonly Column[],
    options?: { quietWhenEmpty?: boolean },
  ): Promise<void>;
  /** A text for people (the Markdown of an upload) where a table would be; the object otherwise. */
  text(text: string, value: unknown, columns: readonly Column[]): Promise<void>;
  /** Nothing found that is an answer, not an error: JSON readers get `null`, others nothing. */
  none(): Promise<void>;
  /**
   * The service said nothing changed (a 304, an already starred or archived project, a hook
   * already gone): a line for people; over many targets, the target's status `unchanged`.
   */
  unchanged(message: string): void;
  /** Items in tree order: drawn as a tree on a table, items with their tree columns otherwise. */
  tree<N extends TreeNode>(nodes: readonly N[], shape: TreeShape<N>): Promise<void>;
  /**
   * The results of a run over many (one per target or membership: src/bulk/results.ts), streamed
   * in batches or given at once. `--fields` names a result's own keys or, through `fieldPath`, a
   * field of its response, so that `--fields id` means over many what it means over one.
   */
  results(
    results: AsyncIterable<unknown[]> | readonly unknown[],
    columns: readonly Column[],
    fieldPath: (path: string) => string,
  ): Promise<void>;
  /** A report (a plan): its text for people, its value for JSON, its rows for ndjson, csv and --jq, its Markdown for -o markdown. */
  report(report: Report): Promise<void>;
  /**
   * JSON texts as they came, one JSON array over every batch (`api --paginate`), through --jq when
   * given. When the source fails, the array written so far is closed first (stdout stays valid
   * JSON) and `failed(error, written)` makes the error that travels up.
   */
  jsonItems(
    source: AsyncIterable<readonly string[]>,
    failed: (error: unknown, written: number) => unknown,
  ): Promise<void>;
  /**
   * A text that is the answer whatever the format (a completion script, a config value, the
   * sandbox's environment lines): written as it is.
   */
  plain(text: string): Promise<void>;
  /** Refuses bytes that are no text (`what`: an image, a tar archive) where stdout is a terminal; asked before any request. */
  refuseBinary(what: string, hint: string): void;
  /** Bytes as they come (an archive, an image), with backpressure; stdout stays open. */
  bytes(source: AsyncIterable<Uint8Array>): Promise<void>;
  /**
   * The output flag that asks for more than a service's answer as it came (`-o csv`, `--fields`),
   * for `collab api`'s checks and messages; undefined when the answer goes out as it came (or through --jq).
   */
  reshaping(): Reshaping | undefined;
}

export interface Report {
  /** What -o json prints. */
  value: unknown;
  /** What ndjson, csv, --fields and --jq get, one item a row. */
  rows: readonly unknown[];
  columns: readonly Column[];
  /** The text for people: `width` the terminal's (0 when stdout is none: nothing is cut), `color` whether to colour. */
  text(view: { width: number; color: boolean }): Promise<string>;
  /** -o markdown (a merge request's comment). */
  markdown(): string;
}

/** What `reshaping()` names: the flag, and whether it is a table whose columns must be known before the first item. */
interface Reshaping {
  flag: string;
  tableWithoutFields: boolean;
}

/** An order of items, as for Array.prototype.sort. */
type ItemOrder = (a: unknown, b: unknown) => number;

/** What is known of a service's answer printed as it came (`collab api`): whether it says it is JSON. */
interface ServiceBody {
  json: boolean;
  /** The status line and headers before the body (`api -i`): text for people, never given to --jq. */
  head?: boolean;
}

/** The global flags that choose the output. */
export interface OutputFlags {
  output?: OutputFormat | undefined;
  fields?: string[] | undefined;
  jq?: string | undefined;
}

interface StreamPresenterDeps {
  io: IO;
  flags: OutputFlags;
  /** The configured format (config `output`), read only when no flag chose one. */
  configured(): Promise<OutputFormat | undefined>;
  /** Notes and warnings on stderr; before data goes to stdout, its spinner goes. */
  terminal: { warn(message: string): void; info(message: string): void; clearTerminal(): void };
  /** --jq's filter, compiled before the command starts (a bad expression is a usage error before any request). */
  jq?: JqFilter | undefined;
}

export class StreamPresenter implements Presenter {
  constructor(private readonly deps: StreamPresenterDeps) {}

  /** The format: --jq's JSON, else -o/--json, else the configured one, else a table; --fields through `fieldPath` when given. */
  async options(fieldPath?: (path: string) => string): Promise<OutputOptions> {
    const { flags, terminal } = this.deps;
    const warn = (message: string) => terminal.warn(message);
    const note = (message: string) => terminal.info(message);
    const fields = fieldPath ? flags.fields?.map(fieldPath) : flags.fields;
    // --jq filters JSON: the list as -o json prints it, or each object with -o ndjson (main.ts refuses table and csv).
    if (flags.jq !== undefined) return { format: flags.output === 'ndjson' ? 'ndjson' : 'json', fields, warn, note };
    return { format: flags.output ?? (await this.deps.configured()) ?? 'table', fields, warn, note };
  }

  /** Where a table shows people a line instead of data. */
  private async forPeople(): Promise<boolean> {
    const options = await this.options();
    return options.format === 'table' && !options.fields;
  }

  async jsonItems(
    source: AsyncIterable<readonly string[]>,
    failed: (error: unknown, written: number) => unknown,
  ): Promise<void> {
    const jq = this.deps.jq;
    const writer: JqWriter | ListWriter = jq
      ? jq.writer(this.deps.io, await this.options())
      : new ListWriter(this.deps.io, { format: 'json' }, [], true, { asItCame: true });
    try {
      for await (const items of source) {
        this.deps.terminal.clearTerminal();
        await writer.writeRaw(items);
      }
    } catch (error) {
      if (writer instanceof ListWriter && writer.written > 0) await writer.end();
      throw failed(error, writer.written);
    }
    await writer.end();
  }

  async plain(text: string): Promise<void> {
    this.deps.terminal.clearTerminal();
    await write(this.deps.io.stdout, text);
  }

  refuseBinary(what: string, hint: string): void {
    if (this.deps.io.stdoutIsTTY) throw new CollabError('usage', `refusing to write ${what} to the terminal`, { hint });
  }

  async bytes(source: AsyncIterable<Uint8Array>): Promise<void> {
    this.deps.terminal.clearTerminal();
    // Standard output stays open for the process's own end.
    await pipeline(source, this.deps.io.stdout, { end: false });
  }

  reshaping(): Reshaping | undefined {
    const { flags } = this.deps;
    if (!reshapes(flags)) return undefined;
    return { flag: reshapingFlag(flags), tableWithoutFields: tableWithoutFields(flags) };
  }

  private async itemWriter(
    options: OutputOptions,
    columns: readonly Column[],
    streaming = false,
  ): Promise<ListWriter | JqWriter> {
    const jq = this.deps.jq;
    return jq ? jq.writer(this.deps.io, options) : new ListWriter(this.deps.io, options, columns, streaming);
  }

  async list(
    pages: Listing | AsyncIterable<unknown[]>,
    columns: readonly Column[],
    peopleOrder?: ItemOrder,
  ): Promise<number> {
    return this.listIn(await this.options(), pages, columns, peopleOrder);
  }

  async results(
    results: AsyncIterable<unknown[]> | readonly unknown[],
    columns: readonly Column[],
    fieldPath: (path: string) => string,
  ): Promise<void> {
    const options = await this.options(fieldPath);
    if (Symbol.asyncIterator in results) await this.listIn(options, results, columns);
    else await this.itemsIn(options, results, columns);
  }

  private async listIn(
    options: OutputOptions,
    pages: Listing | AsyncIterable<unknown[]>,
    columns: readonly Column[],
    peopleOrder?: ItemOrder,
  ): Promise<number> {
    const progress = 'progress' in pages ? pages.progress : undefined;
    const writer = await this.itemWriter(options, columns, true);
    // Reordered for people: the rows are held until the last page (as a tree is), then sorted.
    const held: unknown[] | undefined =
      peopleOrder && writer instanceof ListWriter && options.format === 'table' && this.deps.io.stdoutIsTTY
        ? []
        : undefined;
    await progress?.start();
    try {
      for await (const page of pages) {
        progress?.rows();
        if (held) {
          held.push(...(Array.isArray(page) ? page : (page as Page).parsedAndReleased()));
          continue;
        }
        this.deps.terminal.clearTerminal();
        if (Array.isArray(page)) await writer.write(page);
        else await writer.writePage(page as Page);
      }
      if (held) {
        this.deps.terminal.clearTerminal();
        await writer.write(held.sort(peopleOrder));
      }
      progress?.rows();
      await writer.end();
    } catch (error) {
      // A table cut short (Ctrl-C, a failed page) still gets its bottom border.
      if (writer instanceof ListWriter) await writer.abandon().catch(() => undefined);
      throw error;
    } finally {
      progress?.finish();
    }
    this.noteEmpty(writer.written, options);
    return writer.written;
  }

  /** An empty table on a terminal would show nothing at all: say so (on stderr). */
  private noteEmpty(count: number, options: OutputOptions): void {
    if (count === 0 && options.format === 'table' && this.deps.io.stdoutIsTTY) this.deps.terminal.info('no results');
  }

  async items(
    items: readonly unknown[],
    columns: ItemColumns,
    shape: { fields?: readonly string[] } = {},
  ): Promise<void> {
    const options = await this.options();
    const drawn = typeof columns !== 'function' ? columns : options.format === 'table' ? await columns() : [];
    await this.itemsIn({ ...options, fields: options.fields ?? shape.fields }, items, drawn);
  }

  private async itemsIn(options: OutputOptions, items: readonly unknown[], columns: readonly Column[]): Promise<void> {
    const writer = await this.itemWriter(options, columns);
    this.deps.terminal.clearTerminal();
    await writer.write(items);
    await writer.end();
    this.noteEmpty(items.length, options);
  }

  async resource(item: unknown, shape: ResourceShape): Promise<void> {
    const options = await this.options();
    const jq = this.deps.jq;
    this.deps.terminal.clearTerminal();
    if (jq) await jq.writer(this.deps.io, options).writeValue(item);
    else await writeResource(this.deps.io, options, item, shape);
  }

  async jsonText(text: string, body?: ServiceBody): Promise<void> {
    const jq = this.deps.jq;
    this.deps.terminal.clearTerminal();
    if (jq && !body?.head) return jq.writer(this.deps.io, await this.options()).writeText(text);
    const shown = body && this.deps.io.stdoutIsTTY ? forPeople(text, body) : text;
    await write(this.deps.io.stdout, shown.endsWith('\n') ? shown : `${shown}\n`);
  }

  async dryRun(description: RequestDescription): Promise<void> {
    this.deps.terminal.clearTerminal();
    await write(this.deps.io.stdout, dryRunText(description));
    this.deps.terminal.info('dry run: nothing was sent');
  }

  async action(value: unknown | (() => Promise<unknown>), columns: readonly Column[]): Promise<void> {
    if (await this.forPeople()) return;
    const shown = await resolved(value);
    if (shown !== undefined) await this.resource(shown, { columns });
  }

  async actionItems(items: readonly unknown[], columns: readonly Column[]): Promise<void> {
    if (!(await this.forPeople())) await this.items(items, columns);
  }

  async shaped(
    rows: readonly unknown[],
    service: unknown,
    columns: readonly Column[],
    options: { quietWhenEmpty?: boolean } = {},
  ): Promise<void> {
    if ((await this.options()).format === 'json') await this.resource(service, { columns });
    else if (rows.length > 0 || !options.quietWhenEmpty) await this.items(rows, columns);
  }

  async text(text: string, value: unknown, columns: readonly Column[]): Promise<void> {
    if (!(await this.forPeople())) return this.resource(value, { columns });
    this.deps.terminal.clearTerminal();
    // A text for people may quote the service (an upload's Markdown): on a terminal, as every text is shown.
    const shown = this.deps.io.stdoutIsTTY ? escapeControls(text) : text;
    await write(this.deps.io.stdout, shown.endsWith('\n') ? shown : `${shown}\n`);
  }

  async none(): Promise<void> {
    if ((await this.options()).format === 'json') await this.jsonText('null');
  }

  unchanged(message: string): void {
    this.deps.terminal.info(message);
  }

  async report(report: Report): Promise<void> {
    const options = await this.options();
    const jq = this.deps.jq;
    if (options.format === 'json' && !jq) return this.resource(report.value, { columns: [] });
    if (jq || options.fields || options.format === 'ndjson' || options.format === 'csv')
      return this.items(report.rows, report.columns);
    this.deps.terminal.clearTerminal();
    const { io } = this.deps;
    const text =
      options.format === 'markdown'
        ? report.markdown()
        : await report.text({ width: io.stdoutIsTTY ? io.columns : 0, color: io.color });
    await write(io.stdout, text);
  }

  async tree<N extends TreeNode>(nodes: readonly N[], shape: TreeShape<N>): Promise<void> {
    const options = await this.options();
    if (options.format !== 'table') return this.items(nodes, [...shape.columns, ...shape.treeColumns]);
    this.deps.terminal.clearTerminal();
    await renderTree(this.deps.io, nodes, shape, options.fields);
  }
}

/**
 * A service's answer on a terminal: JSON pretty-printed (JSON.stringify escapes only C0 controls,
 * so C1 and bidi controls still pass escapeControls), anything else escaped as it came.
 */
function forPeople(text: string, body: ServiceBody): string {
  if (body.json) {
    try {
      return escapeControls(JSON.stringify(JSON.parse(text), null, 2));
    } catch {
      // Not JSON after all: shown as it came, escaped.
    }
  }
  return escapeControls(text);
}

/** An action's value, or the function that reads it (only where it is shown). */
export async function resolved(value: unknown | (() => Promise<unknown>)): Promise<unknown> {
  return typeof value === 'function' ? await (value as () => Promise<unknown>)() : value;
}
