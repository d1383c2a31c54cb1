import { PassThrough, type Writable } from 'node:stream';
import type { ConfigStore } from '../config/store.js';
import type { ResolvedToken } from '../config/tokens.js';
import { Context, type Spinner } from '../context.js';
import { CollabError } from '../errors.js';
import type { ApiRequest, ApiResponse, HttpClient } from '../http/client.js';
import type { IO } from '../io.js';
import type { OutputOptions } from '../output/writer.js';
import { TextSink } from '../util/text-sink.js';
import { CapturePresenter } from './capture.js';
import type { Prompts } from '../util/prompts.js';

/**
 * The context one target's run gets in a run over many: the command's own options() and run()
 * work as they do alone, but what they would print becomes the target's result instead of output.
 * It shares the run's config, token and HTTP client (one connection pool, one rate-limit state:
 * a 429 met by one target holds back every target's requests), and its redaction.
 */
export class TargetContext extends Context {
  private readonly text: TextSink;
  private readonly capture: CapturePresenter;
  /**
   * When this target first sent a request that changes something (not a GET): a target that
   * Ctrl-C leaves not done after that is `unknown`, as the service may have acted.
   */
  mutationSentAt: number | undefined;

  constructor(
    private readonly root: Context,
    private readonly label: string,
    /** The target was listed `unknown` by an interrupted run, whose request went out at this time: recover first. */
    private readonly unknownSince?: number,
  ) {
    const text = new TextSink();
    const capture = new CapturePresenter((text) => root.redact(text));
    super(targetIO(root.io, text), { ...root.globals, output: 'json', fields: undefined, jq: undefined, quiet: false }, root.signal, { env: root.env, presenter: capture });
    this.text = text;
    this.capture = capture;
    this.dryRun = root.dryRun;
  }

  /** The response: what was shown through the presenter, else any text written to stdout. */
  get captured(): unknown {
    if (this.capture.response !== undefined) return this.capture.response;
    const text = this.text.text();
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  // ---- shared with the run ----

  override config(options?: { check?: boolean }): Promise<ConfigStore> {
    return this.root.config(options);
  }

  override host(): Promise<string> {
    return this.root.host();
  }

  override resolveToken(host: string, options?: { timeoutMs?: number }): Promise<ResolvedToken> {
    return this.root.resolveToken(host, options);
  }

  override client(): Promise<HttpClient> {
    return this.root.client();
  }

  /**
   * After Ctrl-C no new request starts (those on the wire may finish): the target is then not done.
   * For a target an interrupted run left `unknown`, a POST that is not safe to repeat first asks
   * its `recover` whether the earlier send took effect (anything made since that send): found, that
   * is the answer, and nothing is sent again.
   */
  override async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    if (this.signal.aborted) throw new CollabError('interrupted', 'interrupted');
    if (this.unknownSince !== undefined && req.method === 'POST' && !req.idempotent && req.recover) {
      const found = await req.recover(await this.client(), this.unknownSince);
      if (found !== undefined) {
        if (this.globals.verbose) this.stderrLine(`! ${req.method} ${req.path} had taken effect in the interrupted run; not sending it again`);
        return { status: 200, headers: {}, data: found as T, text: JSON.stringify(found), request: { method: req.method, path: req.path }, url: req.path };
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') this.mutationSentAt ??= Date.now();
    return super.request<T>(req);
  }

  override addSecret(secret: string): void {
    this.root.addSecret(secret);
  }

  override redact(text: string): string {
    return this.root.redact(text);
  }

  // ---- what would be printed becomes the result (the presenter: capture.ts) ----

  /** The command's last status line for this target (`updated project acme/web`, or the request a dry run would send). */
  get message(): string | undefined {
    return this.capture.message;
  }

  /** `unchanged` when the verb said the service changed nothing (the presenter's intent). */
  get status(): 'ok' | 'unchanged' {
    return this.capture.status;
  }

  /** For writers outside the presenter (src/desired/): JSON, which is the response. */
  override async outputOptions(): Promise<OutputOptions> {
    return { format: 'json' };
  }

  // A status line becomes the result's message, redacted as on stderr.
  override info(message: string): void {
    this.capture.message = this.redact(message);
  }


  override warn(message: string): void {
    this.root.warn(`${this.label}: ${message.replace(/^warning:\s*/, '')}`);
  }

  override stderrLine(message: string): void {
    this.root.stderrLine(message);
  }

  /** The run shows one progress line for all targets. */
  override async spinner(): Promise<Spinner> {
    return { text: () => undefined, stop: () => undefined };
  }

  /** Standard input carries the targets: nothing can be asked per target. */
  override async prompts(flagHint: string): Promise<Prompts> {
    throw new CollabError('usage', 'cannot prompt for each target when the targets are read from standard input', { hint: flagHint });
  }

  /** The run's client and config belong to the run: it closes them. */
  override async close(): Promise<void> {}
}

/** stdout is the target's own (kept as its response); stdin is empty (it carried the targets). */
function targetIO(io: IO, stdout: Writable): IO {
  const stdin = new PassThrough();
  stdin.end();
  return { ...io, stdout, stdin, stdoutIsTTY: false, stdinIsTTY: false, color: false, columns: 0 };
}
