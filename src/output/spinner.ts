import type { IO } from '../io.js';
import type { OutStream } from '../runtime.js';
import { escapeControls } from './escape.js';

export interface Spinner {
  text(message: string): void;
  stop(): void;
  /** Still spinning (not stopped). */
  readonly active?: boolean;
}

/** What a spinner is where none may be drawn (stderr is no terminal, or --quiet). */
export const NO_SPINNER: Spinner = { text: () => undefined, stop: () => undefined };

/**
 * Whether a spinner may be drawn on the IO's stderr: a terminal whose width is known and not 0,
 * that takes cursor moves and is no CI job's log (IO.stderrStill).
 * ora counts the lines a frame takes as ceil(width / columns): on 0 columns that is Infinity, and
 * its clearing loop then never ends (100% CPU, deaf to Ctrl-C and SIGTERM, as the handlers are
 * JavaScript that never gets to run).
 */
export function canSpin(io: IO): boolean {
  return io.stderrIsTTY && !io.stderrStill && (io.stderrColumns ?? 0) > 0;
}

/**
 * The stream ora draws on: stderr, whose width never reads below 1 (a terminal resized to 0
 * columns while a spinner runs would start that endless loop) nor as unknown (a forced terminal
 * that is a pipe says nothing: the width the run was given).
 *
 * An object of its own, not a Proxy of stderr. ora 9 replaces `write` on the stream it is given
 * and on process.stdout and stderr while it spins, and on stop puts back what it found, stream by
 * stream: a Proxy is stderr under a second name, so stderr was hooked twice and put back in the
 * wrong order, and each spinner left one hook behind. A run that waited on a hundred retries
 * then sent every write through a hundred hooks, each of which rewrote the line through all of
 * them: seconds a write, then no end (seen after Ctrl-C of `hooks create -` under faults).
 */
function drawingStream(io: IO): NodeJS.WritableStream {
  const stream = io.stderr as OutStream & {
    cursorTo?(x: number, y?: number, done?: () => void): boolean;
    moveCursor?(dx: number, dy: number, done?: () => void): boolean;
    clearLine?(direction: -1 | 0 | 1, done?: () => void): boolean;
    rows?: number;
  };
  const fallback = Math.max(1, io.stderrColumns ?? 80);
  // The members ora and cli-cursor use (ora 9.4's index.js), each passed to stderr as it is now,
  // so that ora's hook on stderr, while it spins, sees these writes as its own.
  const adapter = {
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return Math.max(1, stream.columns || fallback);
    },
    get rows() {
      return stream.rows;
    },
    write: (chunk: string, encoding?: BufferEncoding | (() => void), done?: () => void) =>
      stream.write(chunk, encoding as BufferEncoding, done),
    cursorTo: (x: number, y?: number, done?: () => void) => stream.cursorTo?.(x, y, done) ?? true,
    moveCursor: (dx: number, dy: number, done?: () => void) => stream.moveCursor?.(dx, dy, done) ?? true,
    clearLine: (direction: -1 | 0 | 1, done?: () => void) => stream.clearLine?.(direction, done) ?? true,
    once: (event: string, listener: () => void) => {
      stream.once(event, listener);
      return adapter;
    },
    removeListener: (event: string, listener: () => void) => {
      stream.removeListener(event, listener);
      return adapter;
    },
  };
  return adapter as unknown as NodeJS.WritableStream;
}

/**
 * What starts an ora spinner on an IO's stderr, once ora is loaded (only by the commands that
 * spin). Starting is then synchronous, so that the caller can stop the spinner before it in the
 * same step: one at a time (StreamTerminal.spinner). Callers check canSpin first.
 */
export async function spinnerStarter(): Promise<(io: IO, text: string) => Spinner> {
  const { default: ora } = await import('ora');
  return (io, text) => startSpinner(ora, io, text);
}

function startSpinner(ora: typeof import('ora').default, io: IO, text: string): Spinner {
  // Its text may quote the service (an import's status): shown as every text is (escape.ts).
  const spinner = ora({
    text: escapeControls(text),
    stream: drawingStream(io),
    isEnabled: true,
    discardStdin: false,
    color: io.color ? 'cyan' : false,
  }).start();
  let stopped = false;
  return {
    get active() {
      return !stopped;
    },
    // Drawn at once: a count that changes between two frames is still seen.
    text: (message) => {
      if (stopped) return;
      spinner.text = escapeControls(message);
      spinner.render();
    },
    stop: () => {
      if (!stopped) {
        stopped = true;
        spinner.stop();
      }
    },
  };
}
