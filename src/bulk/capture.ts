import { Page } from '../http/paginate.js';
import type { RequestDescription } from '../output/dry-run.js';
import type { Column } from '../output/format.js';
import {
  type ActionResult,
  type ListShape,
  type Listing,
  type Presenter,
  type Report,
  type ResourceShape,
  resolved,
  type ShownValue,
} from '../output/presenter.js';
import { alreadyText, changesText, fieldChanges, type TargetStatus } from './results.js';

/**
 * One target's presenter in a run over many: what the verb shows becomes the target's result
 * (`response`), in the service's shape whatever the run's format (the run prints the results in
 * it). Every operation of the presenter has its answer here, so none can leak output.
 */
export class CapturePresenter implements Presenter {
  /** `unchanged` when the verb said the service changed nothing; `dry-run` when it only showed a request. */
  status: TargetStatus = 'ok';
  /** What the verb showed: the resource, the list's items, the service's value; undefined if nothing. */
  response: unknown;
  /** The target's last status line: what the verb told people, or the request a dry run would send. */
  message: string | undefined;

  /** What the target's update changed (`merge_method: merge -> ff`), or that it was held already: wins over a status line. */
  changed: string | undefined;

  /** What a table would have shown of the target alone: its rows, under its columns. */
  shown: Shown | undefined;

  constructor(
    /** A status line is redacted as it would be on stderr. */
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  /**
   * An update's answer against the resource read before it: what changed, or `unchanged` when the
   * service already held every value (a re-run says so, not `ok`). Several updates: the last says.
   */
  compared(before: unknown, after: unknown, sent: unknown): void {
    const changes = fieldChanges(before, after);
    if (changes === undefined) return;
    if (changes.length === 0) {
      this.status = 'unchanged';
      this.changed = this.redact(alreadyText(sent, after));
    } else {
      this.status = 'ok';
      this.changed = this.redact(changesText(changes));
    }
  }

  async list(source: Listing | AsyncIterable<unknown[]> | readonly unknown[], shape: ListShape): Promise<number> {
    const items: unknown[] = [];
    if (Array.isArray(source)) items.push(...source);
    else {
      for await (const page of source as AsyncIterable<unknown>) {
        if (Array.isArray(page)) items.push(...page);
        else if (page instanceof Page) items.push(...page.parsedAndReleased());
      }
      // A list cut short says so, as it would alone: the target's status line (its terminal's).
      if ('progress' in source) source.progress?.finish();
    }
    this.response = items;
    this.shown = {
      rows: items,
      columns: 'tree' in shape ? [...shape.tree.columns, ...shape.tree.treeColumns] : shape.columns,
    };
    return items.length;
  }

  async resource(item: unknown, shape: ResourceShape): Promise<void> {
    this.response = item;
    this.shown = { rows: [item], columns: shape.columns };
  }

  async action(result: ActionResult): Promise<void> {
    if ('unchanged' in result) {
      this.status = 'unchanged';
      this.message = this.redact(result.unchanged);
    } else if ('dryRun' in result) {
      this.response = result.dryRun;
      this.status = 'dry-run';
      this.message = requestLine(result.dryRun);
    } else if ('items' in result) {
      this.response = [...result.items];
      this.shown = { rows: result.items, columns: result.columns };
    } else {
      const shown = await resolved(result.value);
      if (shown !== undefined) {
        this.response = shown;
        this.shown = { rows: [shown], columns: result.columns };
      }
    }
  }

  async value(value: ShownValue): Promise<void> {
    if ('rows' in value) {
      this.response = value.service;
      this.shown = { rows: value.rows, columns: value.columns };
    } else if ('json' in value) this.response = JSON.parse(value.json);
    else if ('none' in value) this.response = null;
    else if ('plain' in value) this.response = asValue(value.plain);
    else if ('document' in value) this.response = value.data;
    else {
      const items: unknown[] = [];
      for await (const texts of value.jsonTexts) for (const text of texts) items.push(JSON.parse(text));
      this.response = items;
    }
  }

  /** A target's bytes are its result, never a terminal's. */
  async bytes(content: { refuse: unknown } | { source: AsyncIterable<Uint8Array> }): Promise<void> {
    if (!('source' in content)) return;
    const chunks: Uint8Array[] = [];
    for await (const chunk of content.source) chunks.push(chunk);
    this.response = asValue(Buffer.concat(chunks).toString('utf8'));
  }

  async report(report: Report): Promise<void> {
    this.response = report.value;
  }

  /** The results carry the service's shape; the run's flags apply to the results. */
  readonly reshaping = undefined;

  /** A target prints no results of its own. */
  async resultsFilter(): Promise<undefined> {
    return undefined;
  }
}

/** The rows a table showed of one target, and their columns (made only when a table shows them: they may cost requests). */
export interface Shown {
  rows: readonly unknown[];
  columns: readonly Column[] | (() => Promise<readonly Column[]>);
}

/**
 * A dry run's request in one line, for its row: the method, the path below the API root and the
 * body's fields, `PUT /projects/acme%2Fweb merge_method=ff squash_option=always` (the body as
 * describeRequest gave it: secrets redacted, credentials masked). The table fits it to its cell.
 */
function requestLine(description: RequestDescription): string {
  const url = new URL(description.url);
  const path = `${url.pathname.replace(/^.*?\/api\/v4(?=\/)/, '')}${url.search}`;
  const body = isMap(description.json) ? description.json : (description.form ?? {});
  const fields = Object.entries(body).map(
    ([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return [description.method, path, ...fields].join(' ');
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A text shown as a target's result: the value when it is JSON, else the text (empty: nothing). */
function asValue(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
