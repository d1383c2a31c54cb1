import type { ListSummary } from '../http/paginate.js';
import type { RetryWait } from '../http/retry-policy.js';
import type { IO } from '../io.js';
import { thousands } from '../util/thousands.js';

/** What a listing's progress needs of the Context: the streams, --quiet, its spinner and its status lines. */
interface ProgressHost {
  readonly io: IO;
  readonly quiet: boolean;
  spinner(text: string): Promise<{ text(message: string): void; stop(): void }>;
  /** Stops whatever spinner runs (the listing's, or one saying why a request waits). */
  stopSpinner(): void;
  info(message: string): void;
}

/** How the listing was asked for: the note at the end names the flags that show more. */
export interface ListRequest {
  /** What the list holds, in the plural (`projects`, `forks`, `descendant groups`). */
  noun: string;
  limit?: number | undefined;
  page?: number | undefined;
  /** No --limit, --page or --all: the list stops at the default limit, which a script may not know. */
  defaulted?: boolean;
}

/** `/projects/5/forks` -> `forks`, `/groups/acme/descendant_groups` -> `descendant groups`. */
export function nounOf(path: string): string {
  const last = path.split('?')[0]?.split('/').filter(Boolean).pop() ?? '';
  return /^[a-z_]+$/.test(last) ? last.replace(/_/g, ' ') : 'items';
}

/**
 * Progress of a listing, for people, on stderr. When stderr is a terminal: a
 * spinner with a live count while pages come (`fetched 3,400 projects…`), and at the end, when
 * the listing stopped at --limit (or at its --page) while the service has more, one line saying
 * so. The spinner never shares a terminal with rows: it stops before the first rows are written,
 * unless stdout is a file (a pipe may end on the same terminal: `| cat`, `| less`); with stdout in
 * a file it runs for the whole listing.
 * Never with --quiet, never on stdout. When stderr is not a terminal, only the line saying a list
 * stopped at the default limit, which no flag asked for: a script's log shows that the list was cut
 * (python-gitlab warns of the same on every list() without get_all).
 */
export class ListProgress {
  private spinner: { text(message: string): void; stop(): void } | undefined;
  private summary: ListSummary | undefined;
  private readonly active: boolean;

  constructor(
    private readonly host: ProgressHost,
    private readonly request: ListRequest,
  ) {
    this.active = host.io.stderrIsTTY && !host.quiet;
  }

  /** For paginate: the count so far, and how the listing ended. */
  readonly onProgress = (items: number): void => {
    if (this.spinner) this.spinner.text(`fetched ${thousands(items)} ${this.request.noun}…`);
  };

  readonly onSummary = (summary: ListSummary): void => {
    this.summary = summary;
  };

  /** Before the first page is asked for. */
  async start(): Promise<void> {
    if (this.active) this.spinner = await this.host.spinner(`fetching ${this.request.noun}…`);
  }

  /**
   * Before rows are written to stdout: the listing's spinner goes for good, and one that says why
   * a later page waits goes before the rows that follow it.
   */
  rows(): void {
    if (this.host.io.stdoutIsFile) return;
    this.spinner = undefined;
    this.host.stopSpinner();
  }

  /** After the listing: the spinner goes, and a list cut short says so. */
  finish(): void {
    this.stopSpinner();
    const summary = this.summary;
    if (!summary?.more || this.host.quiet || !(this.active || this.request.defaulted)) return;
    const { noun, page } = this.request;
    const of = summary.total !== undefined ? thousands(summary.total) : `${thousands(summary.items)}+`;
    if (page !== undefined) {
      this.host.info(
        `showing page ${page}: ${thousands(summary.items)} of ${of} ${noun}; --page ${page + 1} for the next, --all for every page`,
      );
    } else {
      this.host.info(`showing ${thousands(summary.items)} of ${of} ${noun}; --all for every page, --limit N for more`);
    }
  }

  private stopSpinner(): void {
    this.spinner?.stop();
    this.spinner = undefined;
  }
}

/** Why the client waits, for people: `rate limited by the service; resuming in 12 s`. */
export function waitText(wait: RetryWait): string {
  const seconds = Math.max(1, Math.ceil(wait.seconds));
  const retry =
    wait.attempt !== undefined && wait.retries !== undefined
      ? `retry ${wait.attempt} of ${wait.retries} in ${seconds} s`
      : `resuming in ${seconds} s`;
  switch (wait.reason) {
    case 'rate-limit':
      return `rate limited by the service; resuming in ${seconds} s`;
    case 'status':
      return `the service answered ${wait.status ?? 'an error'}; ${retry}`;
    case 'network':
      return `could not reach the service; ${retry}`;
    case 'cut-off':
      return `an answer was cut off; ${retry}`;
    default:
      return 'an answer was lost; checking whether the request took effect';
  }
}
