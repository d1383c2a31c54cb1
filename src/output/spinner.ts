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
 * Whether a spinner may be drawn on the IO's stderr: a terminal whose width is known and not 0.
 * ora counts the lines a frame takes as ceil(width / columns): on 0 columns that is Infinity, and
 * its clearing loop then never ends (100% CPU, deaf to Ctrl-C and SIGTERM, as the handlers are
 * JavaScript that never gets to run).
 */
export function canSpin(io: IO): boolean {
  return io.stderrIsTTY && (io.stderrColumns ?? 0) > 0;
}

/**
 * The stream ora draws on: stderr, whose width never reads below 1 (a terminal resized to 0
 * columns while a spinner runs would start that endless loop) nor as unknown (a forced terminal
 * that is a pipe says nothing: the width the run was given).
 */
function drawingStream(io: IO): NodeJS.WritableStream {
  const stream = io.stderr as OutStream;
  const fallback = Math.max(1, io.stderrColumns ?? 80);
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'columns') return Math.max(1, target.columns || fallback);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as NodeJS.WritableStream;
}

/** An ora spinner on the IO's stderr, started; ora is loaded only by the commands that spin. Callers check canSpin first. */
export async function startSpinner(io: IO, text: string): Promise<Spinner> {
  const { default: ora } = await import('ora');
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
