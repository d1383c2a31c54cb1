import { fstatSync, writeSync } from 'node:fs';
import type { Runtime } from './runtime.js';

/**
 * How the front (main.ts) writes help, usage errors and error messages: straight to file
 * descriptors 1 and 2 until a command runs. On a pipe, merely creating process.stdout or
 * process.stderr loads Node's net module, about a tenth of `collab <command> --help`. A command
 * writes through the streams (they give backpressure); once one runs, so does the front, so that
 * nothing overtakes what the command has queued.
 */
let inUse = false;

const stream = (fd: 1 | 2): NodeJS.WriteStream => (fd === 1 ? process.stdout : process.stderr);

let watchStreams: () => void = () => undefined;

/** What to set up on the streams (error handlers) when the front starts writing through them. */
export function onStreamsInUse(watch: () => void): void {
  watchStreams = watch;
}

/** From now on every write goes through process.stdout and process.stderr. */
function useStreams(): void {
  if (inUse) return;
  inUse = true;
  watchStreams();
}

export function streamsInUse(): boolean {
  return inUse;
}

/** Writes all of `text`; a reader that has gone away (EPIPE) is the caller's `onClosed`. */
function writeTo(fd: 1 | 2, text: string, onClosed: () => void = () => undefined): void {
  if (inUse) {
    stream(fd).write(text);
    return;
  }
  const bytes = Buffer.from(text);
  let offset = 0;
  try {
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') onClosed();
    // A non-blocking descriptor that is full: the stream queues the rest (runAndExit waits for
    // it), and takes every later write, in order.
    else if (code === 'EAGAIN') {
      useStreams();
      stream(fd).write(bytes.subarray(offset));
    } else throw error;
  }
}

/**
 * Whether fd is a terminal. A pipe or a file (the case of scripts, where start-up counts) is told
 * by fstat without creating the stream; a character device may be a terminal, which the stream knows.
 */
function isTerminal(fd: 1 | 2): boolean {
  if (!inUse) {
    try {
      if (!fstatSync(fd).isCharacterDevice()) return false;
    } catch {
      return false;
    }
  }
  return stream(fd).isTTY === true;
}

/**
 * The real process as a Runtime: its environment, its streams (created when a command asks for
 * them), and writes of help and errors through writeTo. A reader of stdout that has gone away
 * (EPIPE) is `onStdoutClosed`; `tuneV8` is the launcher's, where it runs the process.
 */
export function processRuntime(onStdoutClosed: () => void, tuneV8?: () => void): Runtime {
  return {
    env: process.env,
    tuneV8,
    streams: () => {
      useStreams();
      // Made when read: creating process.stdin costs every command that reads nothing from it.
      return {
        stdout: process.stdout,
        stderr: process.stderr,
        get stdin() {
          return process.stdin;
        },
      };
    },
    write: (fd, text) => writeTo(fd, text, fd === 1 ? onStdoutClosed : undefined),
    // 80 is commander's width when its default says undefined (not a terminal).
    helpWidth: (fd) => (isTerminal(fd) ? stream(fd).columns : 80),
    terminalColumns: (fd) => (isTerminal(fd) ? (stream(fd).columns ?? 0) : 0),
  };
}
