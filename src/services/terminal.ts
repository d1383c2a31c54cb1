import type { IO } from '../io.js';
import { flat } from '../error-text.js';
import { escapeControls } from '../output/escape.js';
import { type ListRequest, ListProgress, waitText } from '../output/progress.js';
import { canSpin, NO_SPINNER, type Spinner, spinnerStarter } from '../output/spinner.js';
import type { RetryWait } from '../http/retry-policy.js';
import { InterruptHooks } from '../util/interrupt-hooks.js';
import { maskUrlCredentials } from '../util/secrets.js';
import { type Clock, systemClock } from '../runtime.js';
import { wrapNote } from '../output/text-width.js';

/**
 * What people see on stderr besides the data: status lines, warnings, a spinner, what Ctrl-C
 * leaves behind; and the redaction that keeps every registered secret off it. A run over many
 * gives each target a capturing one (src/bulk/target-context.ts).
 */
export interface Terminal {
  readonly io: IO;
  /** Which of the run's outputs a person watches: status changes are logged where no spinner shows them. */
  readonly tty: { readonly stdout: boolean; readonly stderr: boolean };
  /** --verbose: people asked for each step (the request log, every step of a plan). */
  readonly verbose: boolean;
  /** Status for people (stderr), silenced by --quiet. */
  info(message: string): void;
  warn(message: string): void;
  /**
   * A line on stderr, its secrets redacted, then on one line, its controls escaped and cut as an
   * error line is (error-text.ts `flat`): whatever a field of the service's answer it quotes.
   */
  stderrLine(message: string): void;
  /**
   * A target to feed back on standard input (what an interrupted run did not do): redacted and
   * escaped as every stderr line, but whole, tabs and all: a cut one would name another target.
   */
  stderrTargetLine(line: string): void;
  /**
   * Text drawn for this terminal by a renderer that escaped the service's data itself and coloured
   * its own marks (a plan before apply's question): drawn at stderr's width (0 when it is not a
   * terminal: nothing cut) and in colour when stderr shows colour; secrets redacted.
   */
  stderrDrawn(draw: (view: { width: number; color: boolean }) => string | Promise<string>): Promise<void>;
  /** A spinner on stderr when it is a terminal; a no-op otherwise. */
  spinner(text: string): Promise<Spinner>;
  stopSpinner(): void;
  /** Before data goes to stdout: a spinner that may be on the same terminal goes. */
  clearTerminal(): void;
  /** Says why the client waits (a rate limit, a retry). */
  waiting(wait: RetryWait): void;
  /** A listing's progress on stderr (output/progress.ts). */
  listProgress(request: ListRequest): ListProgress;
  addSecret(secret: string): void;
  /** Last line of defence: no registered secret, nor credentials in a URL, reaches stderr. */
  redact(text: string): string;
  /** Until the returned function is called, Ctrl-C runs `hook` (src/util/interrupt-hooks.ts). */
  onInterrupt(hook: () => void): () => void;
  /** Ctrl-C: every hook in place, innermost first. */
  interrupted(): void;
}

/** The run's terminal: the process's stderr. */
export class StreamTerminal implements Terminal {
  private readonly secrets = new Set<string>();
  private readonly hooks = new InterruptHooks();
  private spinnerHandle: Spinner | undefined;

  constructor(
    readonly io: IO,
    private readonly flags: { quiet: boolean; verbose: boolean },
    /** The run's: a wait the client jumps over on a test's clock is not shown for as long in real time. */
    private readonly clock: Clock = systemClock,
  ) {}

  get tty(): { stdout: boolean; stderr: boolean } {
    return { stdout: this.io.stdoutIsTTY, stderr: this.io.stderrIsTTY };
  }

  get verbose(): boolean {
    return this.flags.verbose;
  }

  info(message: string): void {
    if (!this.flags.quiet) this.stderrLine(message);
  }

  warn(message: string): void {
    this.stderrLine(message.startsWith('warning:') ? message : `warning: ${message}`);
  }

  stderrLine(message: string): void {
    // Every status line, warning and hint of a run comes here, and many quote the service's data
    // (a path, a description, a key's title): one 5 MB field is one short line, as in an error.
    this.writeLine(flat(this.redact(message)));
  }

  stderrTargetLine(line: string): void {
    this.writeLine(escapeControls(this.redact(line)));
  }

  private writeLine(line: string): void {
    this.spinnerHandle?.stop();
    // A person's terminal gets the line wrapped between words; a pipe or a log keeps it whole.
    const width = this.io.stderrIsTTY ? this.io.stderrColumns || this.io.columns : 0;
    this.io.stderr.write(`${width > 0 ? wrapNote(line, width).join('\n') : line}\n`);
  }

  async stderrDrawn(draw: (view: { width: number; color: boolean }) => string | Promise<string>): Promise<void> {
    const terminal = this.io.stderrIsTTY;
    const text = await draw({
      width: terminal ? this.io.stderrColumns || this.io.columns : 0,
      color: terminal && this.io.color,
    });
    this.spinnerHandle?.stop();
    this.io.stderr.write(this.redact(text));
  }

  async spinner(text: string): Promise<Spinner> {
    this.spinnerHandle?.stop();
    if (!canSpin(this.io) || this.flags.quiet) {
      this.spinnerHandle = NO_SPINNER;
      return NO_SPINNER;
    }
    const start = await spinnerStarter();
    // One started while ora loaded (two requests waiting at once) stops first: two spinning at
    // once would each put back the stream hooks it found, and the first one's would stay.
    this.spinnerHandle?.stop();
    const spinner = start(this.io, text);
    this.spinnerHandle = spinner;
    return spinner;
  }

  stopSpinner(): void {
    this.spinnerHandle?.stop();
  }

  /**
   * Before data goes to stdout, any spinner goes, and for good: unless stdout is a file, it may be
   * the spinner's terminal, directly or through a pipe (`| cat`, `| less`), and a frame left on
   * screen would stand in front of the first row, its later clearing erasing a row instead.
   */
  clearTerminal(): void {
    if (!this.io.stdoutIsFile) this.spinnerHandle?.stop();
  }

  /** On the spinner, or on one of its own until the wait is over. */
  waiting(wait: RetryWait): void {
    const text = waitText(wait);
    if (this.spinnerHandle?.active) {
      this.spinnerHandle.text(text);
      return;
    }
    if (!canSpin(this.io) || this.flags.quiet || wait.seconds <= 0) return;
    void this.spinner(text).then((spinner) =>
      this.clock.setTimeout(() => spinner.stop(), wait.seconds * 1000).unref?.(),
    );
  }

  listProgress(request: ListRequest): ListProgress {
    return new ListProgress(
      {
        io: this.io,
        quiet: this.flags.quiet,
        spinner: (text) => this.spinner(text),
        stopSpinner: () => this.stopSpinner(),
        info: (message) => this.info(message),
      },
      request,
    );
  }

  addSecret(secret: string): void {
    if (secret.length >= 4) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = maskUrlCredentials(text);
    for (const secret of this.secrets) out = out.split(secret).join('[redacted]');
    return out;
  }

  onInterrupt(hook: () => void): () => void {
    return this.hooks.push(hook);
  }

  interrupted(): void {
    this.hooks.run();
  }
}
