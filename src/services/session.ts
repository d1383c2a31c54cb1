import type { Dispatcher } from 'undici';
import type { ConfigStore } from '../config/store.js';
import { chooseHost } from '../config/host.js';
import { hostKey, noHostError } from '../config/store.js';
import { clientLimits, numberSetting, settingValue } from '../config/settings.js';
import type { CredentialAccess, CredentialStore } from '../config/credentials.js';
import type { ResolvedToken, TokenSource } from '../config/tokens.js';
import type { ApiRequest, ApiResponse, HttpClient } from '../http/client.js';
import type { PaginateOptions } from '../http/paginate.js';
import { itemLimit, type ListFlags, pageSize } from '../list-flags.js';
import { describeRequest, type RequestDescription } from '../output/dry-run.js';
import type { Listing } from '../output/presenter.js';
import { nounOf } from '../output/progress.js';
import { type Clock, type Env, systemClock } from '../runtime.js';
import { VERSION } from '../version.js';
import type { Terminal } from './terminal.js';

/** The global flags a session reads. */
interface SessionFlags {
  host?: string | undefined;
  verbose: boolean;
  /** --sudo: every request of the run acts as this user (an administrator's token; the Sudo header). */
  sudo?: string | undefined;
}

/**
 * The connection to the service: config, host, token, the one HTTP client, requests, dry run,
 * the settings' defaults and the run's clock. A run over many shares the run's (src/bulk/target-context.ts).
 */
export interface Session {
  /** The run's environment variables: read these, never process.env (tests run many runs in one process). */
  readonly env: Env;
  /** The run's time: the client's waits and --wait's polls sleep on it, a token command's limit is timed by it. */
  readonly clock: Clock;
  readonly signal: AbortSignal;
  /** --dry-run: mutate describes a request instead of sending it. */
  readonly dryRun: boolean;
  /** --host as given (undefined without it): where a command that lists hosts starts. */
  readonly givenHost: string | undefined;
  /**
   * A run over many (src/bulk/, users offboard): after Ctrl-C the client's requests end `graceMs`
   * later, not at once, so that those on the wire finish and what they did has a result. Asked
   * before the client is built; gives the clean-up.
   */
  sendUntilGrace(graceMs: number): () => void;
  config(options?: { check?: boolean }): Promise<ConfigStore>;
  host(): Promise<string>;
  numberSetting(key: string): Promise<number>;
  textSetting(key: string): Promise<string | undefined>;
  resolveToken(host: string, options?: TokenOptions): Promise<ResolvedToken>;
  /** The run's credential store, or why it has none: chosen once a run (src/config/credentials.ts). */
  credentials(): Promise<CredentialAccess>;
  client(): Promise<HttpClient>;
  connect(host: string, token: string | undefined, source?: TokenSource | 'given'): Promise<HttpClient>;
  request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>>;
  /** Sends a mutating request, or with --dry-run shows what would be sent and returns undefined. */
  mutate<T = unknown>(req: ApiRequest, redact?: readonly string[]): Promise<ApiResponse<T> | undefined>;
  /** What a request would send, for --dry-run (output/dry-run.ts). */
  describeRequest(req: ApiRequest, redact?: readonly string[]): Promise<RequestDescription>;
  /**
   * Pages of a list per the list flags (checked by listFlags: --limit, --all, --page, --per-page),
   * carrying their progress (spinner, the note when --limit cut it), which the presenter shows.
   */
  pages(
    path: string,
    query: PaginateOptions['query'],
    flags: ListFlags,
    extra?: Partial<PaginateOptions>,
  ): Promise<Listing>;
  close(): Promise<void>;
}

/** pages' one rule, whichever session lists: the client's pages with the progress on `terminal`. */
export async function listPages(
  session: Session,
  terminal: Terminal,
  path: string,
  query: PaginateOptions['query'],
  flags: ListFlags,
  extra: Partial<PaginateOptions> = {},
): Promise<Listing> {
  const client = await session.client();
  const { paginate } = await import('../http/paginate.js');
  const limit = itemLimit(flags);
  const progress = terminal.listProgress({
    noun: nounOf(path),
    limit,
    page: flags.page,
    defaulted: flags.limit === undefined && flags.page === undefined && flags.all !== true,
  });
  const pages = paginate(client, {
    path,
    query,
    limit,
    perPage: pageSize({ ...flags, limit }),
    page: flags.page,
    // Unset, the paginator starts at the setting's default and adds pages while the service keeps its pace.
    concurrency: flags.concurrency ?? ((await session.config()).get('concurrency') as number | undefined),
    clock: session.clock,
    onProgress: progress.onProgress,
    onSummary: progress.onSummary,
    ...extra,
  });
  return Object.assign(pages, { progress });
}

/** mutate's one rule, whichever session sends: dry run shows the request through `show`, else it goes. */
export async function sendOrShow<T>(
  session: Session,
  show: (description: RequestDescription) => Promise<void>,
  req: ApiRequest,
  redact: readonly string[],
): Promise<ApiResponse<T> | undefined> {
  if (session.dryRun) {
    await show(await session.describeRequest(req, redact));
    return undefined;
  }
  return session.request<T>(req);
}

/** `timeoutMs` bounds a token command; `user` asks for an account other than the active one. */
export interface TokenOptions {
  timeoutMs?: number;
  user?: string;
}

interface RunSessionOptions {
  env: Env;
  flags: SessionFlags;
  signal: AbortSignal;
  terminal: Terminal;
  /** Where --dry-run shows a request (the presenter's dryRun). */
  showDryRun(description: RequestDescription): Promise<void>;
  /** --dry-run was given. */
  dryRun?: boolean | undefined;
  dispatcher?: Dispatcher | undefined;
  credentialStore?: CredentialStore | undefined;
  clock?: Clock | undefined;
}

/** The run's session. Everything costly (config file, HTTP client) is built on first use. */
export class RunSession implements Session {
  readonly dryRun: boolean;
  /** What ends the client's requests, if not the run's signal (sendUntilGrace). */
  private clientSignal: AbortSignal | undefined;
  readonly env: Env;
  readonly clock: Clock;
  readonly signal: AbortSignal;
  private readonly flags: SessionFlags;
  private readonly terminal: Terminal;
  private readonly tokens = new Map<string, Promise<ResolvedToken>>();
  private openingConfig: Promise<ConfigStore> | undefined;
  private credentialAccess: Promise<CredentialAccess> | undefined;
  private pendingClient: Promise<HttpClient> | undefined;
  private httpClient: HttpClient | undefined;

  constructor(private readonly options: RunSessionOptions) {
    this.env = options.env;
    this.clock = options.clock ?? systemClock;
    this.signal = options.signal;
    this.flags = options.flags;
    this.terminal = options.terminal;
    this.dryRun = options.dryRun === true;
  }

  get givenHost(): string | undefined {
    return this.flags.host;
  }

  sendUntilGrace(graceMs: number): () => void {
    const sending = new AbortController();
    this.clientSignal = sending.signal;
    const onInterrupt = () => setTimeout(() => sending.abort(), graceMs).unref();
    if (this.signal.aborted) sending.abort();
    else this.signal.addEventListener('abort', onInterrupt, { once: true });
    return () => this.signal.removeEventListener('abort', onInterrupt);
  }

  /**
   * The config file, its values checked (a bad one is a usage error naming it). `check: false` is
   * for `config set` alone, so that it can repair a bad value.
   */
  async config(options: { check?: boolean } = {}): Promise<ConfigStore> {
    // One promise however many ask at once (targets of a run over many start together): the file
    // is read, and a file readable by others warned about, once a run.
    this.openingConfig ??= (async () => {
      const { ConfigStore } = await import('../config/store.js');
      const store = await ConfigStore.open(this.env);
      const warning = store.permissionWarning();
      if (warning) this.terminal.warn(warning);
      return store;
    })();
    const store = await this.openingConfig;
    if (options.check !== false) await store.check();
    return store;
  }

  /** The host (src/config/host.ts has the rule: --host, else COLLAB_HOST, else the configured default). */
  async host(): Promise<string> {
    const chosen = await chooseHost(this.flags.host, this.env, async () => (await this.config()).get('host'));
    if (!chosen) throw noHostError();
    return chosen.url;
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
  async resolveToken(host: string, options: TokenOptions = {}): Promise<ResolvedToken> {
    const key = hostKey(host);
    const slot = options.user === undefined ? key : `${key}\0${options.user}`;
    let pending = this.tokens.get(slot);
    if (!pending) {
      const { resolveToken } = await import('../config/tokens.js');
      // The store (a native binding) is opened only for a token kept in it.
      const scope = {
        config: await this.config(),
        env: this.env,
        givenHost: this.flags.host,
        timeoutMs: options.timeoutMs,
        signal: this.signal,
        clock: this.clock,
        user: options.user,
        credentials: () => this.credentials(),
      };
      pending = resolveToken(key, scope);
      this.tokens.set(slot, pending);
    }
    const resolved = await pending;
    this.terminal.addSecret(resolved.token);
    return resolved;
  }

  credentials(): Promise<CredentialAccess> {
    this.credentialAccess ??= import('../config/credentials.js').then(({ openCredentialStore }) =>
      openCredentialStore(this.env, { injected: this.options.credentialStore, clock: this.clock }),
    );
    return this.credentialAccess;
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

  /** A new HTTP client for `host` with `token` and the configured timeout, retries and the host's CA and http settings; the caller closes it. */
  async connect(host: string, token: string | undefined, source?: TokenSource | 'given'): Promise<HttpClient> {
    const entry = (await this.config()).host(host);
    if (token) this.terminal.addSecret(token);
    // undici is the largest dependency: loaded only by commands that talk to the service.
    const { HttpClient } = await import('../http/client.js');
    return new HttpClient({
      baseUrl: host,
      token,
      ...clientLimits(await this.config()),
      caFile: entry?.ca_file,
      insecureHttp: entry?.insecure_http === true,
      userAgent: `collab/${VERSION}`,
      sudo: this.flags.sudo,
      signal: this.clientSignal ?? this.signal,
      env: this.env,
      dispatcher: this.options.dispatcher,
      clock: this.clock,
      log: this.flags.verbose ? (line) => this.terminal.stderrLine(line) : undefined,
      onRetry: (_message, wait) => this.terminal.waiting(wait),
      ...(source
        ? {
            rejectedTokenHint: (await import('../config/tokens.js')).rejectedTokenHint(host, source, entry),
          }
        : {}),
    });
  }

  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    return (await this.client()).request<T>(req);
  }

  mutate<T = unknown>(req: ApiRequest, redact: readonly string[] = []): Promise<ApiResponse<T> | undefined> {
    return sendOrShow<T>(this, this.options.showDryRun, req, redact);
  }

  async describeRequest(req: ApiRequest, redact: readonly string[] = []): Promise<RequestDescription> {
    return describeRequest(await this.host(), req, redact, (text) => this.terminal.redact(text));
  }

  readonly pages: Session['pages'] = (path, query, flags, extra) =>
    listPages(this, this.terminal, path, query, flags, extra);

  async close(): Promise<void> {
    await this.httpClient?.close();
  }
}
