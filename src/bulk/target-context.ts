import { PassThrough, type Writable } from 'node:stream';
import { Context } from '../context.js';
import type { IO } from '../io.js';
import { TextSink } from '../util/text-sink.js';
import { CapturePresenter, type Shown } from './capture.js';
import type { TargetStatus } from './results.js';
import { CaptureTerminal, RefusingPrompter, TargetSession } from './target-services.js';

/**
 * One target of a run over many, and the context its run gets: the command's run() works as it
 * does alone, but what it would print becomes the target's result instead of output. The context is composed, not derived: the run's session (config, token, the one HTTP
 * client and rate gate) behind a TargetSession, a capturing presenter and terminal, and a prompter
 * that refuses (src/bulk/target-services.ts).
 */
export class Target {
  /** What the verb receives for this target. */
  readonly context: Context;
  private readonly text: TextSink;
  private readonly capture: CapturePresenter;
  private readonly targetSession: TargetSession;

  constructor(root: Context, label: string, unknownSince?: number) {
    const text = new TextSink();
    const capture = new CapturePresenter((text) => root.terminal.redact(text));
    const io = targetIO(root.io, text);
    const terminal = new CaptureTerminal(io, root.terminal, label, (line) => {
      capture.message = line;
    });
    const session = new TargetSession(
      root.session,
      terminal,
      (description) => capture.action({ dryRun: description }),
      unknownSince,
      (before, after, sent) => capture.compared(before, after, sent),
    );
    this.context = new Context(
      io,
      { ...root.globals, output: 'json', fields: undefined, jq: undefined, quiet: false },
      root.session.signal,
      { env: root.session.env, presenter: capture, session, terminal, prompter: new RefusingPrompter() },
    );
    this.text = text;
    this.capture = capture;
    this.targetSession = session;
  }

  /** When this target first sent a request that changes something (TargetSession). */
  get mutationSentAt(): number | undefined {
    return this.targetSession.mutationSentAt;
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

  /** The command's last status line for this target (`updated project acme/web`, or the request a dry run would send), or what its update changed. */
  get message(): string | undefined {
    return this.capture.changed ?? this.capture.message;
  }

  /** What a table would have shown of this target alone (CapturePresenter.shown). */
  get shown(): Shown | undefined {
    return this.capture.shown;
  }

  /** `unchanged` when the verb said the service changed nothing (the presenter's intent). */
  get status(): TargetStatus {
    return this.capture.status;
  }
}

/** stdout is the target's own (kept as its response); stdin is empty (it carried the targets). */
function targetIO(io: IO, stdout: Writable): IO {
  const stdin = new PassThrough();
  stdin.end();
  return { ...io, stdout, stdin, stdoutIsTTY: false, stdinIsTTY: false, color: false, columns: 0 };
}
