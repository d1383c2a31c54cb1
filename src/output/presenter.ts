import type { Page } from '../http/paginate.js';
import type { RequestDescription } from './dry-run.js';
import type { Column, RowSpan } from './format.js';
import type { ListProgress } from './progress.js';
import type { TreeNode, TreeShape } from './tree.js';
import type { DetailField } from './writer.js';

/**
 * The only code that knows the output format: a verb says what it shows, never how. One presenter writes
 * to stdout (stream-presenter.ts); over many targets each target's keeps what it shows (src/bulk/capture.ts).
 */
export interface Presenter {
  /** Items: pages streamed as they are fetched (with their progress), or given at once; returns how many were shown. */
  list<N extends TreeNode>(
    source: Listing | AsyncIterable<unknown[]> | readonly unknown[],
    shape: ListShape<N>,
  ): Promise<number>;
  resource(item: unknown, shape: ResourceShape): Promise<void>;
  /** An action's result: a line for people (they had theirs on stderr), the object for programs. */
  action(result: ActionResult): Promise<void>;
  /** A value whose JSON is the service's own shape, or a text that is the answer whatever the format. */
  value(value: ShownValue): Promise<void>;
  /** Bytes that are no text (an archive, an image): refused on a terminal (asked before any request), else written as they come. */
  bytes(content: { refuse: { what: string; hint: string } } | { source: AsyncIterable<Uint8Array> }): Promise<void>;
  /** A report (a plan): its text for people, its value for JSON, its rows for ndjson, csv and --jq, its Markdown for -o markdown. */
  report(report: Report): Promise<void>;
  /** The output flag that reshapes a service's answer (`-o csv`, `--fields`), for `collab api`'s refusals before it sends. */
  readonly reshaping: { flag: string; tableWithoutFields: boolean } | undefined;
  /**
   * How a reader picks out, from the results of a run over many as this presenter printed them,
   * those whose status is one of these (its failures, to feed back): a filter that fits the
   * format, or undefined where none can (--jq, --fields without `status`).
   */
  resultsFilter(statuses: readonly string[]): Promise<string | undefined>;
}

/** A list being fetched, with its progress on stderr (Session.pages makes one). */
export type Listing = AsyncIterable<Page> & { readonly progress?: ListProgress };

/**
 * `columns` may be a function: columns that cost requests are made only for a table, which alone
 * shows them. `peopleOrder`: how people read the list on a terminal's table (it then waits for the
 * last page). `fields`: the paths shown when --fields names none. `fieldPath`: what --fields names
 * (over many targets, a field of each result's response). `rows`: what a table shows instead of
 * the items (TableRows). `tree`: drawn as a tree on a table.
 */
export type ListShape<N extends TreeNode = TreeNode> =
  | {
      columns: readonly Column[] | (() => Promise<readonly Column[]>);
      peopleOrder?: (a: unknown, b: unknown) => number;
      fields?: readonly string[];
      fieldPath?: (path: string) => string;
      rows?: TableRows;
    }
  | { tree: TreeShape<N> };

/**
 * What a table, on a terminal or piped, shows in place of the items: each item's rows, under
 * columns known once the first items are, where the formats for programs carry the items (a run
 * over many targets of a verb that only reads: the data each target showed, one table, where json
 * has one result a target). `columns` resolving to undefined: the items, as they are. `span`: rows
 * with one text across columns (a target's error where its data would be).
 */
export interface TableRows {
  columns(): Promise<readonly Column[] | undefined>;
  of(item: unknown): readonly unknown[];
  span?: RowSpan;
  /** How --fields names a column's path, where it is shorter than the path (`id` for `response.id`). */
  fieldName?: (path: string) => string;
}

export interface ResourceShape {
  columns: readonly Column[];
  detail?: readonly DetailField[];
}

/**
 * `value`: the object (or the function that reads it, called only where it is shown), with `text`
 * shown to people instead of nothing (an upload's Markdown); `items`: several (a dry run's plan);
 * `unchanged`: the service changed nothing (a line for people, a target's status over many);
 * `dryRun`: what a request would send.
 */
export type ActionResult =
  | { value: unknown; columns: readonly Column[]; text?: string }
  | { items: readonly unknown[]; columns: readonly Column[] }
  | { unchanged: string }
  | { dryRun: RequestDescription };

/**
 * `rows` for a table, csv and ndjson, `service` for JSON (nothing at all for an empty list but
 * JSON, if `quietWhenEmpty`); `json`: a JSON text as it is (with `body`, a service's answer as
 * `collab api` prints it: byte for byte for programs, pretty and escaped for people; `head`: the
 * status line and headers, never given to --jq); `jsonTexts`: JSON texts as one array over every
 * batch, closed when the source fails (`failed` makes the error); `none`: JSON readers get `null`;
 * `plain`: a text that is the answer whatever the format (a completion script, a config value).
 */
export type ShownValue =
  | { rows: readonly unknown[]; service: unknown; columns: readonly Column[]; quietWhenEmpty?: boolean }
  | { json: string; body?: { json: boolean; head?: boolean } }
  | { jsonTexts: AsyncIterable<readonly string[]>; failed: (error: unknown, written: number) => unknown }
  | { none: true }
  | { plain: string }
  | Document;

/**
 * A document that is data (collab.yaml): its text as written, or its data as JSON where a flag
 * asks for JSON (-o json, --json, --jq: `collab export -o json | jq`). The config's `output` is
 * for what a command shows, not a file's format: it does not turn the file into JSON. `to`
 * takes the text in place of standard output (`--out <file>`).
 */
export interface Document {
  document: string;
  data: unknown;
  to?: (text: string) => void;
}

/** `value` for -o json; `rows` for ndjson, csv, --fields and --jq. */
export interface Report {
  value: unknown;
  rows: readonly unknown[];
  columns: readonly Column[];
  /** The text for people: `width` the terminal's (0 when stdout is none: nothing is cut), `color` whether to colour. */
  text(view: { width: number; color: boolean }): Promise<string>;
  /** -o markdown: a merge request's comment. */
  markdown(): string;
}

/** An action's value, or what the function that reads it gives. */
export async function resolved(value: unknown): Promise<unknown> {
  return typeof value === 'function' ? await (value as () => Promise<unknown>)() : value;
}
