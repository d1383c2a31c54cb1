import { CollabError } from './errors.js';
import type { ApiRequest, ApiResponse, HttpClient } from './http/client.js';
import type { Page, PaginateOptions } from './http/paginate.js';
import type { IO } from './io.js';
import { isCI } from './io.js';
import { escapeControls } from './output/escape.js';
import type { Column, OutputFormat } from './output/format.js';
import type { OutputOptions } from './output/writer.js';
import { type Listing, type Presenter, type ResourceShape, StreamPresenter } from './output/presenter.js';
import type { ConfigStore } from './config/store.js';
import type { Dispatcher } from 'undici';
import { type Clock, type Env, systemClock } from './runtime.js';
import type { ResolvedToken, TokenSource } from './config/tokens.js';
import type { JqFilter, } from './output/jq.js';
import { VERSION } from './version.js';
import { itemLimit, type ListFlags, pageSize } from './list-flags.js';
import { hostKey, noHostError } from './config/store.js';
import { clientLimits, numberSetting, settingValue } from './config/settings.js';
import { maskUrlCredentials } from './util/secrets.js';
import { InterruptHooks } from './util/interrupt-hooks.js';
import { describeRequest, type RequestDescription } from './output/dry-run.js';
import { canSpin, NO_SPINNER, type Spinner, startSpinner } from './output/spinner.js';
import { type ListRequest, ListProgress, nounOf, waitText } from './output/progress.js';
import type { RetryWait } from './http/retry-policy.js';
import type { Prompts } from './util/prompts.js';

export interface GlobalOptions {
  host?: string | undefined;
  output?: OutputFormat | undefined;
  fields?: string[] | undefined;
  /** --jq: output is JSON filtered by this expression (src/output/jq.ts). */
  jq?: string | undefined;
  verbose: boolean;
  quiet: boolean;
  /** --sudo: every request of the run acts as this user (an administrator's token; the Sudo header). */
  sudo?: string | undefined;
}

export type { ListFlags };

export type { RequestDescription, Spinner };

/** What a context is built from besides the command line: the run's environment and, in tests, the HTTP dispatcher. */
export interface ContextServices {
  env: Env;
  dispatcher?: Dispatcher | undefined;
  clock?: Clock | undefined;
  /** Where output goes: stdout unless given (over many targets, each target's capture). */
  presenter?: Presenter | undefined;
}

/**
 * What every command receives. Everything costly (config file, HTTP client, prompts, spinner)
 * is built on first use, so a command pays only for what it touches.
 */
export class Context {
  dryRun = false;
  /**
   * What ends the HTTP client's requests, if not the run's signal: over many targets, Ctrl-C stops
   * new requests at once and lets those on the wire finish a moment longer (src/bulk/).
   */
  clientSignal: AbortSignal | undefined;
  private readonly interruptHooks = new InterruptHooks();

  /** Until the returned function is called, Ctrl-C runs `hook` to say what the work in progress leaves behind (src/util/interrupt-hooks.ts). */
  onInterrupt(hook: () => void): () => void {
    return this.interruptHooks.push(hook);
  }

  /** Ctrl-C: every hook in place, innermost first. */
  interrupted(): void {
    this.interruptHooks.run();
  }
  private httpClient: HttpClient | undefined;
  /** Each host's token, resolved once a run (a token command runs once). */
  private readonly tokens = new Map<string, Promise<ResolvedToken>>();
  private readonly secrets = new Set<string>();
  private spinnerHandle: Spinner | undefined;

  /** The run's environment variables: commands read these, never process.env (tests run many runs in one process). */
  readonly env: Env;
  /** The run's time (the runtime's clock): a token command's limit is timed by it. */
  readonly clock: Clock;
  private readonly dispatcher: Dispatcher | undefined;

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    readonly signal: AbortSignal,
    services: ContextServices,
  ) {
    this.env = services.env;
    this.dispatcher = services.dispatcher;
    this.clock = services.clock ?? systemClock;
    this.stream = new StreamPresenter({
      io,
      flags: globals,
      configured: async () => (await this.config()).get('output') as OutputFormat | undefined,
      warn: (message) => this.warn(message),
      info: (message) => this.info(message),
      clearTerminal: () => this.clearTerminal(),
      jq: () => this.jq(),
    });
    this.presenter = services.presenter ?? this.stream;
  }

  /** What a verb shows goes through it: the one place that knows the output format. */
  readonly presenter: Presenter;
  private readonly stream: StreamPresenter;

  // ---- configuration and connection ----

  /**
   * The config file, its values checked (a bad one is a usage error naming it). `check: false` is
   * for `config set` alone, so that it can repair a bad value.
   */
  async config(options: { check?: boolean } = {}): Promise<ConfigStore> {
    // One promise however many ask at once (targets of a run over many start together): the file
    // is read, and a file readable by others warned about, once a run.
    this.openingConfig ??= (async () => {
      const { ConfigStore } = await import('./config/store.js');
      const store = await ConfigStore.open(this.env);
      const warning = store.permissionWarning();
      if (warning) this.warn(warning);
      return store;
    })();
    const store = await this.openingConfig;
    if (options.check !== false) await store.check();
    return store;
  }

  private openingConfig: Promise<ConfigStore> | undefined;

  /** The host: --host, else COLLAB_HOST, else the configured default. */
  async host(): Promise<string> {
    const host = this.globals.host ?? (this.env.COLLAB_HOST || undefined) ?? ((await this.config()).get('host') as string | undefined);
    if (!host) throw noHostError();
    hostKey(host); // validates the URL
    return host;
  }

  /** A whole-number setting: the config file's, else its default in the settings table (src/config/settings.ts). */
  async numberSetting(key: string): Promise<number> {
    return numberSetting(await this.config(), key);
  }

  /** A text setting, or undefined when neither the config file nor the settings table has one. */
  async textSetting(key: string): Promise<string | undefined> {
    const value = settingValue(await this.config(), key);
    return value === undefined ? undefined : String(value);
  }

  /**
   * The token for `host` and where it comes from (src/config/tokens.ts has the rule), resolved
   * once a run; a token command runs within `timeoutMs` (10 s unless given). Throws an auth error
   * (exit 3) naming the host when it has none. Completion calls it with `{ timeoutMs: 1000 }`.
   */
  async resolveToken(host: string, options: { timeoutMs?: number } = {}): Promise<ResolvedToken> {
    const key = hostKey(host);
    let pending = this.tokens.get(key);
    if (!pending) {
      const { resolveToken } = await import('./config/tokens.js');
      pending = resolveToken(key, { config: await this.config(), env: this.env, givenHost: this.globals.host, timeoutMs: options.timeoutMs, signal: this.signal, clock: this.clock });
      this.tokens.set(key, pending);
    }
    const resolved = await pending;
    this.addSecret(resolved.token);
    return resolved;
  }

  /**
   * The HTTP client for the host, with its token; fails before sending when there is no token.
   * One a run, however many ask at once (targets of a run over many start together): each client
   * has its own connection pool and rate-limit gate, and a 429 must hold back every request.
   */
  client(): Promise<HttpClient> {
    this.pendingClient ??= (async () => {
      const host = await this.host();
      const { token, source } = await this.resolveToken(host);
      this.httpClient = await this.connect(host, token, source);
      return this.httpClient;
    })();
    return this.pendingClient;
  }

  private pendingClient: Promise<HttpClient> | undefined;

  /** A new HTTP client for `host` with `token` and the configured timeout, retries and the host's CA and http settings; the caller closes it. */
  async connect(host: string, token: string | undefined, source?: TokenSource | 'given'): Promise<HttpClient> {
    const entry = (await this.config()).host(host);
    if (token) this.addSecret(token);
    // undici is the largest dependency: loaded only by commands that talk to the service.
    const { HttpClient } = await import('./http/client.js');
    return new HttpClient({
      baseUrl: host,
      token,
      ...clientLimits(await this.config()),
      caFile: entry?.ca_file,
      insecureHttp: entry?.insecure_http === true,
      userAgent: `collab/${VERSION}`,
      sudo: this.globals.sudo,
      signal: this.clientSignal ?? this.signal,
      env: this.env,
      dispatcher: this.dispatcher,
      log: this.globals.verbose ? (line) => this.stderrLine(line) : undefined,
      onRetry: (_message, wait) => this.waiting(wait),
      ...(source ? { rejectedTokenHint: (await import('./config/tokens.js')).rejectedTokenHint(host, source) } : {}),
    });
  }

  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    return (await this.client()).request<T>(req);
  }

  /** Sends a mutating request, or with --dry-run prints what would be sent and returns undefined. */
  async mutate<T = unknown>(req: ApiRequest, redact: readonly string[] = []): Promise<ApiResponse<T> | undefined> {
    if (this.dryRun) {
      await this.printDryRun(req, redact);
      return undefined;
    }
    return this.request<T>(req);
  }

  async printDryRun(req: ApiRequest, redact: readonly string[] = []): Promise<void> {
    await this.presenter.dryRun(await this.describeRequest(req, redact));
  }

  /** What a request would send, for --dry-run (output/dry-run.ts). */
  async describeRequest(req: ApiRequest, redact: readonly string[] = []): Promise<RequestDescription> {
    return describeRequest(await this.host(), req, redact);
  }

  async concurrency(flags: ListFlags): Promise<number> {
    return flags.concurrency ?? (await this.numberSetting('concurrency'));
  }

  /**
   * Pages of a list per the list flags (checked by listFlags: --limit, --all, --page, --per-page),
   * carrying their progress (spinner, the note when --limit cut it), which printList shows.
   */
  async pages(path: string, query: PaginateOptions['query'], flags: ListFlags, extra: Partial<PaginateOptions> = {}): Promise<AsyncGenerator<Page> & Listing> {
    const client = await this.client();
    const { paginate } = await import('./http/paginate.js');
    const limit = itemLimit(flags);
    const progress = this.listProgress({ noun: nounOf(path), limit, page: flags.page });
    const pages = paginate(client, {
      path,
      query,
      limit,
      perPage: pageSize({ ...flags, limit }),
      page: flags.page,
      concurrency: await this.concurrency(flags),
      onProgress: progress.onProgress,
      onSummary: progress.onSummary,
      ...extra,
    });
    return Object.assign(pages, { progress });
  }

  /** A listing's progress on stderr (output/progress.ts); for lists that printList does not print (api --paginate). */
  listProgress(request: ListRequest): ListProgress {
    return new ListProgress(
      { io: this.io, quiet: this.globals.quiet, spinner: (text) => this.spinner(text), stopSpinner: () => this.spinnerHandle?.stop(), info: (message) => this.info(message) },
      request,
    );
  }

  /** Says why the client waits (a rate limit, a retry) on the spinner, or on one of its own until the wait is over. */
  private waiting(wait: RetryWait): void {
    const text = waitText(wait);
    if (this.spinnerHandle?.active) {
      this.spinnerHandle.text(text);
      return;
    }
    if (!canSpin(this.io) || this.globals.quiet || wait.seconds <= 0) return;
    void this.spinner(text).then((spinner) => setTimeout(() => spinner.stop(), wait.seconds * 1000).unref());
  }

  // ---- output: the presenter (src/output/presenter.ts) alone knows the format ----

  /** The resolved output options, for the few writers outside the presenter (src/desired/). */
  outputOptions(): Promise<OutputOptions> {
    return this.stream.options();
  }

  /**
   * The --jq filter, compiled, or undefined without --jq: jq's engine is loaded only then. run.ts
   * asks for it before the command starts, so that a bad expression is a usage error before any
   * request.
   */
  jq(): Promise<JqFilter | undefined> {
    const expression = this.globals.jq;
    if (expression === undefined) return Promise.resolve(undefined);
    this.jqFilter ??= import('./output/jq.js').then(({ JqFilter }) => JqFilter.compile(expression));
    return this.jqFilter;
  }

  private jqFilter: Promise<JqFilter> | undefined;

  /** Streams a list to stdout as it is fetched, with its progress on stderr. Returns how many items were written. */
  printList(pages: Listing | AsyncIterable<unknown[]>, columns: readonly Column[]): Promise<number> {
    return this.presenter.list(pages, columns);
  }

  printItems(items: readonly unknown[], columns: readonly Column[]): Promise<void> {
    return this.presenter.items(items, columns);
  }

  printResource(item: unknown, shape: ResourceShape): Promise<void> {
    return this.presenter.resource(item, shape);
  }

  /**
   * Before data goes to stdout, any spinner goes, and for good: unless stdout is a file, it may be
   * the spinner's terminal, directly or through a pipe (`| cat`, `| less`), and a frame left on
   * screen would stand in front of the first row, its later clearing erasing a row instead.
   */
  private clearTerminal(): void {
    if (!this.io.stdoutIsFile) this.spinnerHandle?.stop();
  }

  /** A JSON text printed as it is (`null`, a response body), or through --jq when given. */
  printJsonText(text: string): Promise<void> {
    return this.presenter.jsonText(text);
  }

  /** Status for people (stderr), silenced by --quiet. */
  info(message: string): void {
    if (!this.globals.quiet) this.stderrLine(message);
  }

  /** The service said nothing changed: the one way a command says so (the presenter's intent). */
  unchanged(message: string): void {
    this.presenter.unchanged(message);
  }

  warn(message: string): void {
    this.stderrLine(message.startsWith('warning:') ? message : `warning: ${message}`);
  }

  stderrLine(message: string): void {
    this.spinnerHandle?.stop();
    this.io.stderr.write(`${escapeControls(this.redact(message))}\n`);
  }

  /** A spinner on stderr when it is a terminal; a no-op otherwise. */
  async spinner(text: string): Promise<Spinner> {
    this.spinnerHandle?.stop();
    this.spinnerHandle = !canSpin(this.io) || this.globals.quiet ? NO_SPINNER : await startSpinner(this.io, text);
    return this.spinnerHandle;
  }

  // ---- prompts ----

  /** A person at the terminal (prompts, an editor): stdin and stderr are terminals, and this is no CI job. */
  get interactive(): boolean {
    return this.io.stdinIsTTY && this.io.stderrIsTTY && !isCI(this.env);
  }

  /** Prompts, only when a person is at the terminal; scripts get a usage error naming the flag to pass. */
  async prompts(flagHint: string): Promise<Prompts> {
    if (!this.interactive) {
      const why = this.io.stdinIsTTY && this.io.stderrIsTTY ? 'this is a CI job (CI is set)' : 'standard input is not a terminal';
      throw new CollabError('usage', `cannot prompt: ${why}`, { hint: flagHint });
    }
    const { loadPrompts } = await import('./util/prompts.js');
    return loadPrompts({ input: this.io.stdin, output: this.io.stderr as NodeJS.WritableStream, signal: this.signal });
  }

  /** Asks the user to type `expected` to confirm a destructive action (unless --yes). */
  async confirmByTyping(expected: string, what: string, yes: boolean | undefined): Promise<void> {
    if (yes) return;
    const prompts = await this.prompts(`pass --yes to ${what} without confirmation`);
    const answer = await prompts.input({ message: `Type ${expected} to ${what}:`, theme: { prefix: '!' } });
    if (answer.trim() !== expected) throw new CollabError('usage', `confirmation did not match ${expected}; nothing was done`);
  }

  // ---- secrets ----

  addSecret(secret: string): void {
    if (secret.length >= 4) this.secrets.add(secret);
  }

  /** Last line of defence: no registered secret, nor credentials in a URL, reaches stderr. */
  redact(text: string): string {
    let out = maskUrlCredentials(text);
    for (const secret of this.secrets) out = out.split(secret).join('[redacted]');
    return out;
  }

  async close(): Promise<void> {
    this.spinnerHandle?.stop();
    await this.httpClient?.close();
  }
}
