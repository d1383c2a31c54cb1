import type { ConfigStore } from '../config/store.js';
import type { CredentialAccess } from '../config/credentials.js';
import type { ResolvedToken, TokenSource } from '../config/tokens.js';
import { CollabError } from '../errors.js';
import type { ApiRequest, ApiResponse, HttpClient } from '../http/client.js';
import type { RetryWait } from '../http/retry-policy.js';
import type { IO } from '../io.js';
import type { RequestDescription } from '../output/dry-run.js';
import { type ListRequest, ListProgress } from '../output/progress.js';
import { NO_SPINNER, type Spinner } from '../output/spinner.js';
import type { Clock, Env } from '../runtime.js';
import { confirmByTyping, type Prompter } from '../services/prompter.js';
import { listPages, sendOrShow, type Session, type TokenOptions } from '../services/session.js';
import type { Terminal } from '../services/terminal.js';
import type { Prompts } from '../util/prompts.js';
import { InterruptHooks } from '../util/interrupt-hooks.js';

/**
 * One target's session in a run over many: the run's config, token and HTTP client (one
 * connection pool, one rate-limit state: a 429 met by one target holds back every target's
 * requests), with the target's own dry run shown through the target's presenter.
 */
export class TargetSession implements Session {
  readonly dryRun: boolean;
  /**
   * When this target first sent a request that changes something (not a GET): a target that
   * Ctrl-C leaves not done after that is `unknown`, as the service may have acted.
   */
  mutationSentAt: number | undefined;
  /** What this target's GETs answered, by path and query: an update's `current` read once. */
  private readonly read = new Map<string, unknown>();

  constructor(
    private readonly run: Session,
    /** The target's terminal: its listings' notes become its message. */
    private readonly terminal: Terminal,
    private readonly show: (description: RequestDescription) => Promise<void>,
    /** The target was listed `unknown` by an interrupted run, whose request went out at this time: recover first. */
    private readonly unknownSince?: number,
    /** An update with a `current` read: the resource before, the answer, and what was sent. */
    private readonly compared?: (before: unknown, after: unknown, sent: unknown) => void,
  ) {
    this.dryRun = run.dryRun;
  }

  get env(): Env {
    return this.run.env;
  }
  get clock(): Clock {
    return this.run.clock;
  }
  get signal(): AbortSignal {
    return this.run.signal;
  }
  get givenHost(): string | undefined {
    return this.run.givenHost;
  }
  sendUntilGrace(graceMs: number): () => void {
    return this.run.sendUntilGrace(graceMs);
  }
  config(options?: { check?: boolean }): Promise<ConfigStore> {
    return this.run.config(options);
  }
  host(): Promise<string> {
    return this.run.host();
  }
  numberSetting(key: string): Promise<number> {
    return this.run.numberSetting(key);
  }
  textSetting(key: string): Promise<string | undefined> {
    return this.run.textSetting(key);
  }
  resolveToken(host: string, options?: TokenOptions): Promise<ResolvedToken> {
    return this.run.resolveToken(host, options);
  }
  credentials(): Promise<CredentialAccess> {
    return this.run.credentials();
  }
  client(): Promise<HttpClient> {
    return this.run.client();
  }
  connect(host: string, token: string | undefined, source?: TokenSource | 'given'): Promise<HttpClient> {
    return this.run.connect(host, token, source);
  }
  describeRequest(req: ApiRequest, redact?: readonly string[]): Promise<RequestDescription> {
    return this.run.describeRequest(req, redact);
  }

  /**
   * After Ctrl-C no new request starts (those on the wire may finish): the target is then not done.
   * For a target an interrupted run left `unknown`, a request not safe to repeat (a POST, or a PUT
   * marked so) first asks its `recover` whether the earlier send took effect (anything made since
   * that send): found, that is the answer, and nothing is sent again.
   */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    if (this.signal.aborted) throw new CollabError('interrupted', 'interrupted');
    const repeatable = req.idempotent ?? req.method !== 'POST';
    if (this.unknownSince !== undefined && !repeatable && req.recover) {
      const found = await req.recover(await this.client(), this.unknownSince);
      if (found !== undefined) {
        if (this.terminal.verbose)
          this.terminal.stderrLine(
            `! ${req.method} ${req.path} had taken effect in the interrupted run; not sending it again`,
          );
        return {
          status: 200,
          headers: {},
          data: found as T,
          text: JSON.stringify(found),
          request: { method: req.method, path: req.path },
          url: req.path,
        };
      }
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const response = await this.run.request<T>(req);
      if (req.method === 'GET') this.read.set(readKey(req), response.data);
      return response;
    }
    // An update's result says what it changed: the resource as it was (read by the verb already,
    // else one GET), against the answer. A request a target; alone an update sends none.
    const before = req.current
      ? this.read.has(readKey(req.current))
        ? this.read.get(readKey(req.current))
        : (await this.run.request(req.current)).data
      : undefined;
    // Wall time, as the sandbox and the journal of the interrupted run count it (recover compares with it).
    this.mutationSentAt ??= Date.now();
    const response = await this.run.request<T>(req);
    if (req.current) this.compared?.(before, response.data, req.json);
    return response;
  }

  mutate<T = unknown>(req: ApiRequest, redact: readonly string[] = []): Promise<ApiResponse<T> | undefined> {
    return sendOrShow<T>(this, this.show, req, redact);
  }

  readonly pages: Session['pages'] = (path, query, flags, extra) =>
    listPages(this, this.terminal, path, query, flags, extra);

  /** The run's client and config belong to the run: it closes them. */
  async close(): Promise<void> {}
}

const readKey = (req: ApiRequest) => `${req.path}?${JSON.stringify(req.query ?? {})}`;

/**
 * One target's terminal: a status line becomes the target's message (redacted as on stderr), a
 * warning goes to the run's stderr named by the target, and the run shows one progress line for
 * all targets (no spinner here). Secrets are the run's.
 */
export class CaptureTerminal implements Terminal {
  private readonly hooks = new InterruptHooks();

  constructor(
    readonly io: IO,
    private readonly run: Terminal,
    private readonly label: string,
    /** Where a status line goes: the target's message (CapturePresenter's, so that the last said wins). */
    private readonly status: (line: string) => void,
  ) {}

  get tty(): { stdout: boolean; stderr: boolean } {
    return { stdout: this.io.stdoutIsTTY, stderr: this.io.stderrIsTTY };
  }
  get verbose(): boolean {
    return this.run.verbose;
  }
  info(message: string): void {
    this.status(this.run.redact(message));
  }
  warn(message: string): void {
    this.run.warn(`${this.label}: ${message.replace(/^warning:\s*/, '')}`);
  }
  stderrLine(message: string): void {
    this.run.stderrLine(message);
  }
  stderrTargetLine(line: string): void {
    this.run.stderrTargetLine(line);
  }
  stderrDrawn(draw: (view: { width: number; color: boolean }) => string | Promise<string>): Promise<void> {
    return this.run.stderrDrawn(draw);
  }
  async spinner(): Promise<Spinner> {
    return NO_SPINNER;
  }
  stopSpinner(): void {}
  clearTerminal(): void {}
  waiting(wait: RetryWait): void {
    this.run.waiting(wait);
  }
  addSecret(secret: string): void {
    this.run.addSecret(secret);
  }
  redact(text: string): string {
    return this.run.redact(text);
  }
  onInterrupt(hook: () => void): () => void {
    return this.hooks.push(hook);
  }
  interrupted(): void {
    this.hooks.run();
  }

  listProgress(request: ListRequest): ListProgress {
    return new ListProgress(
      {
        io: this.io,
        quiet: false,
        spinner: () => this.spinner(),
        stopSpinner: () => undefined,
        info: (message) => this.info(message),
      },
      request,
    );
  }
}

/** Standard input carries the targets: nothing can be asked per target. */
export class RefusingPrompter implements Prompter {
  readonly interactive = false;
  readonly refusal = 'standard input carries the targets';
  readonly stdinIsTerminal = false;

  async prompts(flagHint: string): Promise<Prompts> {
    throw new CollabError('usage', 'cannot prompt for each target when the targets are read from standard input', {
      hint: flagHint,
    });
  }

  confirmByTyping(expected: string | readonly string[], what: string, yes: boolean | undefined): Promise<void> {
    return confirmByTyping(this, expected, what, yes);
  }

  async readStdin(): Promise<string> {
    throw new CollabError('usage', 'standard input carries the targets: nothing else can be read from it', {
      hint: 'give a file path instead of -',
    });
  }
}
