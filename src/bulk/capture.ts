import { Page } from '../http/paginate.js';
import type { RequestDescription } from '../output/dry-run.js';
import { type Listing, type Presenter, type Report, resolved } from '../output/presenter.js';
import type { TreeNode } from '../output/tree.js';
import type { TargetStatus } from './results.js';

/**
 * One target's presenter in a run over many: what the verb shows becomes the target's result
 * (`response`), in the service's shape whatever the run's format (the run prints the results in
 * it). Every intent of the presenter has its answer here, so a new one cannot leak output.
 */
export class CapturePresenter implements Presenter {
  /** `unchanged` when the verb said the service changed nothing; `dry-run` when it only showed a request. */
  status: TargetStatus = 'ok';
  /** What the verb showed: the resource, the list's items, the service's value; undefined if nothing. */
  response: unknown;
  /** The target's last status line: what the verb told people, or the request a dry run would send. */
  message: string | undefined;

  async list(pages: Listing | AsyncIterable<unknown[]>): Promise<number> {
    const items: unknown[] = [];
    for await (const page of pages) {
      if (Array.isArray(page)) items.push(...page);
      else if (page instanceof Page) items.push(...page.parsedAndReleased());
    }
    this.response = items;
    return items.length;
  }

  async items(items: readonly unknown[]): Promise<void> {
    this.response = [...items];
  }

  async results(results: AsyncIterable<unknown[]> | readonly unknown[]): Promise<void> {
    if (Symbol.asyncIterator in results) await this.list(results);
    else await this.items(results);
  }

  async resource(item: unknown): Promise<void> {
    this.response = item;
  }

  async report(report: Report): Promise<void> {
    this.response = report.value;
  }

  async jsonText(text: string): Promise<void> {
    this.response = JSON.parse(text);
  }

  async dryRun(description: RequestDescription): Promise<void> {
    this.response = description;
    this.status = 'dry-run';
    this.message = requestLine(description);
  }

  async action(value: unknown): Promise<void> {
    const shown = await resolved(value);
    if (shown !== undefined) this.response = shown;
  }

  async actionItems(items: readonly unknown[]): Promise<void> {
    this.response = [...items];
  }

  async shaped(_rows: readonly unknown[], service: unknown): Promise<void> {
    this.response = service;
  }

  async text(_text: string, value: unknown): Promise<void> {
    this.response = value;
  }

  async none(): Promise<void> {
    this.response = null;
  }

  constructor(
    /** A status line is redacted as it would be on stderr. */
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  unchanged(message: string): void {
    this.status = 'unchanged';
    this.message = this.redact(message);
  }

  async tree(nodes: readonly TreeNode[]): Promise<void> {
    this.response = [...nodes];
  }

  async jsonItems(source: AsyncIterable<readonly string[]>): Promise<void> {
    const items: unknown[] = [];
    for await (const texts of source) for (const text of texts) items.push(JSON.parse(text));
    this.response = items;
  }

  async plain(text: string): Promise<void> {
    this.response = asValue(text);
  }

  /** A target's bytes are its result, never a terminal's. */
  refuseBinary(): void {}

  async bytes(source: AsyncIterable<Uint8Array>): Promise<void> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of source) chunks.push(chunk);
    this.response = asValue(Buffer.concat(chunks).toString('utf8'));
  }

  /** The results carry the service's shape; the run's flags apply to the results. */
  reshaping(): undefined {
    return undefined;
  }
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
