import type { IO } from '../io.js';

export interface Spinner {
  text(message: string): void;
  stop(): void;
  /** Still spinning (not stopped). */
  readonly active?: boolean;
}

/** What a spinner is where none may be drawn (stderr is no terminal, or --quiet). */
export const NO_SPINNER: Spinner = { text: () => undefined, stop: () => undefined };

/** An ora spinner on the IO's stderr, started; ora is loaded only by the commands that spin. */
export async function startSpinner(io: IO, text: string): Promise<Spinner> {
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: io.stderr as NodeJS.WritableStream, isEnabled: true, discardStdin: false, color: io.color ? 'cyan' : false }).start();
  let stopped = false;
  return {
    get active() {
      return !stopped;
    },
    // Drawn at once: a count that changes between two frames is still seen.
    text: (message) => {
      if (stopped) return;
      spinner.text = message;
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
