import { fstatSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { Env, Streams } from './runtime.js';

/** The terminal, or what stands for it: commands write only through this. */
export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Colour on stdout and stderr (see colorEnabled). */
  color: boolean;
  /** Width of the terminal for tables; 0 when unknown. */
  columns: number;
  /**
   * Width of the terminal stderr draws on; 0 (or absent) when unknown or when the terminal says 0
   * columns (docker and kubectl `exec -t` before their first resize, `script`): no spinner then.
   */
  stderrColumns?: number;
  /**
   * No spinner on stderr, terminal or not: TERM=dumb moves no cursor (colour is off there too), and
   * a CI job's log keeps every frame a spinner draws, as one line per frame (CI set, as isCI reads it).
   */
  stderrStill?: boolean;
  /**
   * stdout is a regular file (`> out.tsv`): the one place it surely is not the terminal a spinner
   * draws on. A pipe may end on that terminal (`| cat`), so only a file lets the spinner run on
   * while rows are written.
   */
  stdoutIsFile?: boolean;
  /** The run's TZ, for dates on a terminal; unset, the process's local time zone. */
  timeZone?: string | undefined;
  /**
   * stdout's write callback means its bytes were taken: the process's stdout has handed them to
   * the kernel, a stream that says `copiesWrites` (a test's TextSink) has copied them. A list
   * writer may then give a page's buffer back for the next page (ListWriter.writePage).
   */
  stdoutTakesBytes?: boolean;
}

/** The terminal's width COLLAB_FORCE_TTY gives (`COLLAB_FORCE_TTY=60`), else 0. */
export function forcedColumns(env: Env): number {
  const forced = env.COLLAB_FORCE_TTY;
  return forced !== undefined && /^\d{2,}$/.test(forced) ? Number(forced) : 0;
}

/**
 * The IO of a run: its streams (the process's, or a test's) as its environment says to treat them.
 * COLLAB_FORCE_TTY=1 (or a width) makes stdout and stderr behave as a terminal: for tests and the
 * demo, which run the tool through pipes.
 */
export function streamIO(streams: Streams, env: Env, options: { noColor?: boolean } = {}): IO {
  const forced = env.COLLAB_FORCE_TTY;
  const forceTTY = forced !== undefined && forced !== '' && forced !== '0';
  const stdoutIsTTY = forceTTY || streams.stdout.isTTY === true;
  const stderrIsTTY = forceTTY || streams.stderr.isTTY === true;
  const forcedWidth = forcedColumns(env);
  return {
    stdout: streams.stdout,
    stderr: streams.stderr,
    // Read on use: the process's stdin is made when first asked for (stdio.ts).
    get stdin() {
      return streams.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return streams.stdin.isTTY === true;
    },
    color: colorEnabled(env, stdoutIsTTY, options.noColor === true),
    columns: forcedWidth || streams.stdout.columns || (stdoutIsTTY ? 100 : 0),
    stderrColumns: forcedWidth || streams.stderr.columns || 0,
    stderrStill: env.TERM === 'dumb' || isCI(env),
    stdoutIsFile: isRegularFile(streams.stdout),
    timeZone: env.TZ || undefined,
    stdoutTakesBytes:
      streams.stdout === process.stdout || (streams.stdout as { copiesWrites?: unknown }).copiesWrites === true,
  };
}

/** Whether a stream writes to a regular file: the process's stdout has its descriptor as `fd`; a test's streams have none. */
function isRegularFile(stream: unknown): boolean {
  const fd = (stream as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return false;
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

const set = (value: string | undefined): value is string => value !== undefined && value !== '';
const off = (value: string) => value === '0' || value.toLowerCase() === 'false';

/**
 * Whether to colour: --no-color wins; then FORCE_COLOR, on unless 0 or false (it changes colour
 * only, never layout: a pipe still gets tab-separated text, with colour codes); then NO_COLOR
 * (any non-empty value); then a terminal that is not TERM=dumb.
 */
export function colorEnabled(env: Env, stdoutIsTTY: boolean, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (set(env.FORCE_COLOR)) return !off(env.FORCE_COLOR);
  if (set(env.NO_COLOR)) return false;
  return stdoutIsTTY && env.TERM !== 'dumb';
}

/** A CI job: CI set to anything but empty, 0 or false (CI=true, CI=1, CI=woodpecker). */
export function isCI(env: Env): boolean {
  return set(env.CI) && !off(env.CI);
}

/** Writes with backpressure: resolves when the stream can take more. */
export function write(stream: Writable, chunk: string | Uint8Array): Promise<void> | undefined {
  if (stream.write(chunk)) return undefined;
  return drained(stream);
}

const readerGone = (error: Error | null | undefined) => (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';

/** The stream's next drain, or its error: the one wait of every writer that meets backpressure. */
export function drained(stream: Writable): Promise<void> {
  // A stream already gone neither drains nor errs again: no wait for ever. One whose reader closed
  // its pipe takes the rest as /dev/null would (main.ts's stdoutClosed decides whether the command
  // goes on); any other failure is the writer's error.
  if (stream.destroyed)
    return readerGone(stream.errored)
      ? Promise.resolve()
      : Promise.reject(stream.errored ?? new Error('the stream is closed'));
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      if (readerGone(error)) resolve();
      else reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}
