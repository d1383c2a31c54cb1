import { pipeline } from 'node:stream/promises';
import { CollabError } from '../errors.js';
import type { Page } from '../http/paginate.js';
import { type IO, write } from '../io.js';
import { dryRunText, type RequestDescription } from './dry-run.js';
import { dataText, escapeControls } from './escape.js';
import { reshapes, reshapingFlag, tableWithoutFields } from './flags.js';
import type { Column, OutputFormat } from './format.js';
import type { JqFilter, JqWriter } from './jq.js';
import {
  type ActionResult,
  type ListShape,
  type Listing,
  type Presenter,
  type Document,
  type Report,
  type ResourceShape,
  resolved,
  type ShownValue,
} from './presenter.js';
import { renderTree, type TreeNode, type TreeShape } from './tree.js';
import { ListWriter, type OutputOptions, writeResource } from './writer.js';

type ItemOrder = (a: unknown, b: unknown) => number;
/** What is known of a service's answer printed as it came (`collab api`). */
type ServiceBody = { json: boolean; head?: boolean };

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

/** The presenter of a run: stdout, in the format the flags or the config chose. */
export class StreamPresenter implements Presenter {
  constructor(private readonly deps: StreamPresenterDeps) {}

  async list<N extends TreeNode>(
    source: Listing | AsyncIterable<unknown[]> | readonly unknown[],
    shape: ListShape<N>,
  ): Promise<number> {
    if ('tree' in shape) return this.tree(source as readonly N[], shape.tree);
    const options = await this.options(shape.fieldPath);
    if (shape.rows && options.format === 'table') {
      const { rows } = shape;
      const columns = await rows.columns();
      if (columns) {
        const shown = { ...options, span: rows.span, fieldName: rows.fieldName };
        if (isItems(source)) {
          const items = source.flatMap(rows.of);
          await this.itemsIn(shown, items, columns);
          return items.length;
        }
        return this.listIn(shown, rowsOf(source, rows.of), columns);
      }
    }
    const columns =
      typeof shape.columns !== 'function' ? shape.columns : options.format === 'table' ? await shape.columns() : [];
    if (!isItems(source)) return this.listIn(options, source, columns, shape.peopleOrder);
    await this.itemsIn({ ...options, fields: options.fields ?? shape.fields }, source, columns);
    return source.length;
  }

  async action(result: ActionResult): Promise<void> {
    if ('dryRun' in result) return this.dryRun(result.dryRun);
    if ('unchanged' in result) return this.deps.terminal.info(result.unchanged);
    if (!(await this.forPeople())) {
      if ('items' in result) return this.itemsIn(await this.options(), result.items, result.columns);
      const shown = await resolved(result.value);
      if (shown !== undefined) await this.resource(shown, { columns: result.columns });
    } else if ('text' in result && result.text !== undefined) {
      this.deps.terminal.clearTerminal();
      // A text for people may quote the service (an upload's Markdown): on a terminal, as every text is shown.
      await writeLine(this.deps.io, this.deps.io.stdoutIsTTY ? escapeControls(result.text) : result.text);
    }
  }

  async value(value: ShownValue): Promise<void> {
    if ('rows' in value) return this.shaped(value);
    if ('json' in value) return this.jsonText(value.json, value.body);
    if ('jsonTexts' in value) return this.jsonItems(value.jsonTexts, value.failed);
    if ('none' in value) return (await this.options()).format === 'json' ? this.jsonText('null') : undefined;
    if ('document' in value) return this.document(value);
    // A text that is the answer (collab.yaml, a completion script, a token) has no fields to pick
    // or filter: the flag that asked is said to do nothing, not dropped without a word.
    const unused = [this.deps.flags.jq !== undefined && '--jq', this.deps.flags.fields !== undefined && '--fields'];
    for (const flag of unused)
      if (flag) this.deps.terminal.warn(`${flag} does nothing here: the output is a text, not data (written as it is)`);
    this.deps.terminal.clearTerminal();
    // A text that is the answer whatever the format (a completion script, a setting): data, escaped on a terminal.
    await write(this.deps.io.stdout, dataText(value.plain, this.deps.io.stdoutIsTTY));
  }

  private async document(value: Document): Promise<void> {
    const { output, jq, fields } = this.deps.flags;
    const json = output === 'json' || jq !== undefined;
    if (json && !value.to) return this.resource(value.data, { columns: [] });
    // A file is the whole document, and so is its text: nothing of it is picked or filtered.
    for (const flag of [jq !== undefined && '--jq', fields !== undefined && '--fields'])
      if (flag)
        this.deps.terminal.warn(
          `${flag} does nothing here: ${value.to ? 'the document is written whole to its file' : 'it picks from JSON, add -o json'}`,
        );
    const text = json ? `${JSON.stringify(value.data, null, 2)}\n` : value.document;
    if (value.to) return value.to(text);
    this.deps.terminal.clearTerminal();
    // Data, escaped on a terminal and exact in a file or a pipe, as every answer's text (dataText).
    await write(this.deps.io.stdout, dataText(text, this.deps.io.stdoutIsTTY));
  }

  async bytes(
    content: { refuse: { what: string; hint: string } } | { source: AsyncIterable<Uint8Array> },
  ): Promise<void> {
    if ('refuse' in content) {
      const { what, hint } = content.refuse;
      if (this.deps.io.stdoutIsTTY)
        throw new CollabError('usage', `refusing to write ${what} to the terminal`, { hint });
      return;
    }
    this.deps.terminal.clearTerminal();
    // Standard output stays open for the process's own end.
    await pipeline(content.source, this.deps.io.stdout, { end: false });
  }

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

  private async jsonItems(
    source: AsyncIterable<readonly string[]>,
    failed: (error: unknown, written: number) => unknown,
  ): Promise<void> {
    const jq = this.deps.jq;
    const writer: JqWriter | ListWriter = jq
      ? jq.writer(this.deps.io, await this.options())
      : new ListWriter(this.deps.io, { format: 'json' }, [], true, { asItCame: true });
    // On a terminal the items are for people, as one answer is (forPeople): JSON lets C1 and bidi
    // controls through. jq escapes what it prints there itself; a pipe gets the bytes as they came.
    const shown = !jq && this.deps.io.stdoutIsTTY;
    try {
      for await (const items of source) {
        this.deps.terminal.clearTerminal();
        await writer.writeRaw(items.map((item) => dataText(item, shown)));
      }
    } catch (error) {
      if (writer instanceof ListWriter && writer.written > 0) await writer.end();
      throw failed(error, writer.written);
    }
    await writer.end();
  }

  async resultsFilter(statuses: readonly string[]): Promise<string | undefined> {
    const { flags, io } = this.deps;
    if (flags.jq !== undefined) return undefined;
    return statusFilter((await this.options()).format, flags.fields, io.stdoutIsTTY, statuses);
  }

  get reshaping(): { flag: string; tableWithoutFields: boolean } | undefined {
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
      if (held && writer instanceof ListWriter) {
        this.deps.terminal.clearTerminal();
        await writer.writeWhole(held.sort(peopleOrder));
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

  private async jsonText(text: string, body?: ServiceBody): Promise<void> {
    const jq = this.deps.jq;
    this.deps.terminal.clearTerminal();
    if (jq && !body?.head) return jq.writer(this.deps.io, await this.options()).writeText(text);
    const shown = body && this.deps.io.stdoutIsTTY ? forPeople(text, body) : text;
    await write(this.deps.io.stdout, shown.endsWith('\n') ? shown : `${shown}\n`);
  }

  private async dryRun(description: RequestDescription): Promise<void> {
    this.deps.terminal.clearTerminal();
    await write(this.deps.io.stdout, dryRunText(description));
    this.deps.terminal.info('dry run: nothing was sent');
  }

  private async shaped(value: Extract<ShownValue, { rows: unknown }>): Promise<void> {
    const options = await this.options();
    if (options.format === 'json') await this.resource(value.service, { columns: value.columns });
    else if (value.rows.length > 0 || !value.quietWhenEmpty) await this.itemsIn(options, value.rows, value.columns);
  }

  async report(report: Report): Promise<void> {
    const options = await this.options();
    const jq = this.deps.jq;
    if (options.format === 'json' && !jq) return this.resource(report.value, { columns: [] });
    if (jq || options.fields || options.format === 'ndjson' || options.format === 'csv')
      return this.itemsIn(options, report.rows, report.columns);
    this.deps.terminal.clearTerminal();
    const { io } = this.deps;
    const text =
      options.format === 'markdown'
        ? report.markdown()
        : await report.text({ width: io.stdoutIsTTY ? io.columns : 0, color: io.color });
    await write(io.stdout, text);
  }

  private async tree<N extends TreeNode>(nodes: readonly N[], shape: TreeShape<N>): Promise<number> {
    const options = await this.options();
    if (options.format !== 'table') await this.itemsIn(options, nodes, [...shape.columns, ...shape.treeColumns]);
    else {
      this.deps.terminal.clearTerminal();
      await renderTree(this.deps.io, nodes, shape, options.fields);
      // An empty tree draws nothing at all: said, as an empty table is.
      this.noteEmpty(nodes.length, options);
    }
    return nodes.length;
  }
}

/**
 * A service's answer on a terminal: JSON pretty-printed (JSON.stringify escapes only C0 controls,
 * so C1 and bidi controls still pass escapeControls), anything else escaped as it came.
 */
function forPeople(text: string, body: ServiceBody): string {
  if (body.json) {
    try {
      return dataText(JSON.stringify(JSON.parse(text), null, 2), true);
    } catch {
      // Not JSON after all: shown as it came, escaped.
    }
  }
  return dataText(text, true);
}

/**
 * The filter that keeps a run's results of these statuses, as the format printed them: jq over
 * json and ndjson, awk over csv and the table's tab-separated text, by the status's place (its
 * --fields place; none without it). A terminal's table is for reading: piped or in a file, the
 * same results are tab-separated lines.
 */
export function statusFilter(
  format: OutputFormat,
  fields: readonly string[] | undefined,
  terminal: boolean,
  statuses: readonly string[],
): string | undefined {
  if (fields && !fields.includes('status')) return undefined;
  if (format === 'json' || format === 'ndjson') {
    const test = statuses.map((status) => `.status == "${status}"`).join(' or ');
    return format === 'json'
      ? `from the json: jq -c '.[] | select(${test})'`
      : `from the ndjson: jq -c 'select(${test})'`;
  }
  const at = fields ? fields.indexOf('status') + 1 : 2;
  const test = statuses.map((status) => `$${at} == "${status}"`).join(' || ');
  if (format === 'csv') return `from the csv, its header kept: awk -F, 'NR == 1 || ${test}'`;
  if (format !== 'table') return undefined;
  const awk = `awk -F'\\t' '${test}'`;
  return terminal ? `piped or in a file, the results are lines that ${awk} selects` : `from the piped text: ${awk}`;
}

/** A table's rows of each item of each batch (TableRows.of). */
async function* rowsOf(
  source: Listing | AsyncIterable<unknown[]>,
  of: (item: unknown) => readonly unknown[],
): AsyncGenerator<unknown[]> {
  for await (const page of source as AsyncIterable<unknown[] | Page>)
    yield (Array.isArray(page) ? page : page.parsedAndReleased()).flatMap(of);
}

/** Items given at once, not pages to stream. */
function isItems(source: Listing | AsyncIterable<unknown[]> | readonly unknown[]): source is readonly unknown[] {
  return Array.isArray(source);
}

async function writeLine(io: IO, text: string): Promise<void> {
  await write(io.stdout, text.endsWith('\n') ? text : `${text}\n`);
}
