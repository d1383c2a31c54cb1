import type { Dispatcher } from 'undici';
import type { CredentialStore } from './config/credentials.js';
import type { IO } from './io.js';
import type { OutputFormat } from './output/format.js';
import type { JqFilter } from './output/jq.js';
import type { Presenter } from './output/presenter.js';
import { StreamPresenter } from './output/stream-presenter.js';
import type { Clock, Env } from './runtime.js';
import { type Prompter, TerminalPrompter } from './services/prompter.js';
import { RunSession, type Session } from './services/session.js';
import { StreamTerminal, type Terminal } from './services/terminal.js';

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

/**
 * What a verb's `run` receives: the four services, and nothing else. No `io` (data goes out
 * through the presenter, status through the terminal, standard input through the prompter) and no
 * output flags (the presenter's alone). A verb names the ones it uses in its parameter type.
 */
export interface VerbContext {
  /** The connection: config, host, token, the one client, requests, listings, dry run, clock. */
  readonly session: Session;
  /** stderr: status, warnings, spinner, interrupts, redaction. */
  readonly terminal: Terminal;
  /** What a verb shows goes through it: the one place that knows the output format. */
  readonly presenter: Presenter;
  readonly prompter: Prompter;
}

/** What a context is built from besides the command line; a bulk target gives its own services. */
interface ContextServices extends Partial<VerbContext> {
  env: Env;
  dispatcher?: Dispatcher | undefined;
  credentialStore?: CredentialStore | undefined;
  clock?: Clock | undefined;
  dryRun?: boolean | undefined;
  /** --jq's filter, compiled by src/run.ts. */
  jq?: JqFilter | undefined;
}

/** The run's services, built from its streams and flags; everything costly is built on first use. */
export class Context implements VerbContext {
  readonly session: Session;
  readonly terminal: Terminal;
  readonly presenter: Presenter;
  readonly prompter: Prompter;

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    signal: AbortSignal,
    services: ContextServices,
  ) {
    const terminal = (this.terminal = services.terminal ?? new StreamTerminal(io, globals, services.clock));
    this.session =
      services.session ??
      new RunSession({
        env: services.env,
        flags: globals,
        signal,
        terminal,
        dispatcher: services.dispatcher,
        credentialStore: services.credentialStore,
        clock: services.clock,
        dryRun: services.dryRun,
        showDryRun: (description) => this.presenter.action({ dryRun: description }),
      });
    this.prompter =
      services.prompter ?? new TerminalPrompter(io, services.env, signal, (line) => terminal.stderrLine(line));
    this.presenter =
      services.presenter ??
      new StreamPresenter({
        io,
        flags: globals,
        configured: async () => (await this.session.config()).get('output') as OutputFormat | undefined,
        terminal,
        jq: services.jq,
      });
  }

  async close(): Promise<void> {
    this.terminal.stopSpinner();
    await this.session.close();
  }
}
