import type { ApiRequest, ApiResponse, HttpClient } from './http/client.js';
import type { Page, PaginateOptions } from './http/paginate.js';
import type { IO } from './io.js';
import type { Column, OutputFormat } from './output/format.js';
import {
  type ItemColumns,
  type ItemOrder,
  type Listing,
  type Presenter,
  type ResourceShape,
  StreamPresenter,
} from './output/presenter.js';
import type { ConfigStore } from './config/store.js';
import type { Dispatcher } from 'undici';
import type { Clock, Env } from './runtime.js';
import type { ResolvedToken, TokenSource } from './config/tokens.js';
import type { CredentialStore } from './config/credentials.js';
import type { JqFilter } from './output/jq.js';
import { itemLimit, type ListFlags, pageSize } from './list-flags.js';
import type { RequestDescription } from './output/dry-run.js';
import type { Spinner } from './output/spinner.js';
import { type ListRequest, type ListProgress, nounOf } from './output/progress.js';
import type { Prompts } from './util/prompts.js';
import { RunSession, type Session, type TokenOptions } from './services/session.js';
import { StreamTerminal, type Terminal } from './services/terminal.js';
import { type Prompter, TerminalPrompter } from './services/prompter.js';

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

/** The run's global options a verb may read (read-only): the output flags are the presenter's alone. */
type RunOptions = Readonly<Pick<GlobalOptions, 'host' | 'verbose' | 'quiet' | 'sudo'>>;

/**
 * What a verb's `run` receives: the services and their adapters, the run's signal and read-only
 * options. No `io` (data goes out through the presenter, status through the terminal, standard
 * input is read through the prompter) and no output format (the presenter's alone); nothing in it
 * is assigned by a verb (test/unit/layers.test.ts).
 */
export type VerbContext = Omit<Context, 'io' | 'globals' | 'close' | 'jq'> & { readonly globals: RunOptions };

export type { RequestDescription, Spinner };

/**
 * What a context is built from besides the command line: the run's environment and, in tests, the
 * HTTP dispatcher. A run over many gives each target its own services (src/bulk/target-context.ts).
 */
interface ContextServices {
  env: Env;
  dispatcher?: Dispatcher | undefined;
  credentialStore?: CredentialStore | undefined;
  clock?: Clock | undefined;
  /** --dry-run was given: mutate shows each request instead of sending it. */
  dryRun?: boolean | undefined;
  /** Where output goes: stdout unless given (over many targets, each target's capture). */
  presenter?: Presenter | undefined;
  session?: Session | undefined;
  terminal?: Terminal | undefined;
  prompter?: Prompter | undefined;
}

/**
 * What every command receives: a holder of four services (src/services/ and the presenter),
 * its methods one-line adapters to them so that the verbs written against it keep working.
 * Everything costly (config file, HTTP client, prompts, spinner) is built on first use.
 */
export class Context {
  /** The connection: config, host, token, the one client, requests, dry run, clock. */
  readonly session: Session;
  /** stderr: status, warnings, spinner, interrupts, redaction. */
  readonly terminal: Terminal;
  /** What a verb shows goes through it: the one place that knows the output format. */
  readonly presenter: Presenter;
  readonly prompter: Prompter;
  private readonly stream: StreamPresenter;
  private jqFilter: Promise<JqFilter> | undefined;

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    readonly signal: AbortSignal,
    services: ContextServices,
  ) {
    this.terminal = services.terminal ?? new StreamTerminal(io, globals.quiet, services.clock);
    this.session =
      services.session ??
      new RunSession({
        env: services.env,
        flags: globals,
        signal,
        terminal: this.terminal,
        dispatcher: services.dispatcher,
        credentialStore: services.credentialStore,
        clock: services.clock,
        dryRun: services.dryRun,
        showDryRun: (description) => this.presenter.dryRun(description),
      });
    this.prompter =
      services.prompter ?? new TerminalPrompter(io, services.env, signal, (line) => this.terminal.stderrLine(line));
    this.stream = new StreamPresenter({
      io,
      flags: globals,
      configured: async () => (await this.config()).get('output') as OutputFormat | undefined,
      warn: (message) => this.warn(message),
      info: (message) => this.info(message),
      clearTerminal: () => this.terminal.clearTerminal(),
      jq: () => this.jq(),
    });
    this.presenter = services.presenter ?? this.stream;
  }

  // ---- the session ----

  get env(): Env {
    return this.session.env;
  }
  get clock(): Clock {
    return this.session.clock;
  }
  get dryRun(): boolean {
    return this.session.dryRun;
  }
  config(options: { check?: boolean } = {}): Promise<ConfigStore> {
    return this.session.config(options);
  }
  host(): Promise<string> {
    return this.session.host();
  }
  numberSetting(key: string): Promise<number> {
    return this.session.numberSetting(key);
  }
  textSetting(key: string): Promise<string | undefined> {
    return this.session.textSetting(key);
  }
  resolveToken(host: string, options: TokenOptions = {}): Promise<ResolvedToken> {
    return this.session.resolveToken(host, options);
  }
  client(): Promise<HttpClient> {
    return this.session.client();
  }
  connect(host: string, token: string | undefined, source?: TokenSource | 'given'): Promise<HttpClient> {
    return this.session.connect(host, token, source);
  }
  request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    return this.session.request<T>(req);
  }
  mutate<T = unknown>(req: ApiRequest, redact: readonly string[] = []): Promise<ApiResponse<T> | undefined> {
    return this.session.mutate<T>(req, redact);
  }
  describeRequest(req: ApiRequest, redact: readonly string[] = []): Promise<RequestDescription> {
    return this.session.describeRequest(req, redact);
  }
  async printDryRun(req: ApiRequest, redact: readonly string[] = []): Promise<void> {
    await this.presenter.dryRun(await this.describeRequest(req, redact));
  }

  async concurrency(flags: ListFlags): Promise<number> {
    return flags.concurrency ?? (await this.numberSetting('concurrency'));
  }

  /**
   * Pages of a list per the list flags (checked by listFlags: --limit, --all, --page, --per-page),
   * carrying their progress (spinner, the note when --limit cut it), which printList shows.
   */
  async pages(
    path: string,
    query: PaginateOptions['query'],
    flags: ListFlags,
    extra: Partial<PaginateOptions> = {},
  ): Promise<AsyncGenerator<Page> & Listing> {
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

  // ---- the terminal ----

  listProgress(request: ListRequest): ListProgress {
    return this.terminal.listProgress(request);
  }
  info(message: string): void {
    this.terminal.info(message);
  }
  warn(message: string): void {
    this.terminal.warn(message);
  }
  stderrLine(message: string): void {
    this.terminal.stderrLine(message);
  }
  spinner(text: string): Promise<Spinner> {
    return this.terminal.spinner(text);
  }
  addSecret(secret: string): void {
    this.terminal.addSecret(secret);
  }
  redact(text: string): string {
    return this.terminal.redact(text);
  }
  onInterrupt(hook: () => void): () => void {
    return this.terminal.onInterrupt(hook);
  }
  interrupted(): void {
    this.terminal.interrupted();
  }

  // ---- the presenter (src/output/presenter.ts) alone knows the format ----

  printList(
    pages: Listing | AsyncIterable<unknown[]>,
    columns: readonly Column[],
    peopleOrder?: ItemOrder,
  ): Promise<number> {
    return this.presenter.list(pages, columns, peopleOrder);
  }
  printItems(items: readonly unknown[], columns: ItemColumns, shape?: { fields?: readonly string[] }): Promise<void> {
    return this.presenter.items(items, columns, shape);
  }
  printResource(item: unknown, shape: ResourceShape): Promise<void> {
    return this.presenter.resource(item, shape);
  }
  printJsonText(text: string): Promise<void> {
    return this.presenter.jsonText(text);
  }
  unchanged(message: string): void {
    this.presenter.unchanged(message);
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

  // ---- the prompter ----

  get interactive(): boolean {
    return this.prompter.interactive;
  }
  prompts(flagHint: string): Promise<Prompts> {
    return this.prompter.prompts(flagHint);
  }
  confirmByTyping(expected: string | readonly string[], what: string, yes: boolean | undefined): Promise<void> {
    return this.prompter.confirmByTyping(expected, what, yes);
  }

  async close(): Promise<void> {
    this.terminal.stopSpinner();
    await this.session.close();
  }
}
