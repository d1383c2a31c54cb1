import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { CredentialStore } from './config/credentials.js';

/** Environment variables as a run sees them: the process's, or what a test gives. */
export type Env = Readonly<Record<string, string | undefined>>;

/** An output stream: a Writable, and what a terminal's stream also says (process.stdout has both). */
export type OutStream = Writable & { isTTY?: boolean; columns?: number };
export type InStream = Readable & { isTTY?: boolean };

export interface Streams {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
}

/** A timer that can be cancelled. */
interface Timer {
  cancel(): void;
  /** The system's timer no longer keeps the process alive (a spinner's end); a test clock's has nothing to let go. */
  unref?(): void;
}

/**
 * Time as a run reads it and waits on it: the system's, or a test's that it moves on by hand, so
 * that a case of a 10-second limit takes no 10 seconds.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    return { cancel: () => clearTimeout(timer), unref: () => void timer.unref() };
  },
};

/**
 * Everything one run of collab takes from the world besides its arguments, as gh's Factory does:
 * the real process's (`processRuntime` in stdio.ts) or a test's (test/helpers/cli.ts), which runs
 * `main` in its own process with its own streams and environment. Nothing a command runs reads
 * process.env or the process's streams itself.
 */
export interface Runtime {
  /** COLLAB_HOST, COLLAB_TOKEN, COLLAB_CONFIG_DIR (and HOME, XDG_CONFIG_HOME for the config file), NO_COLOR, CI, EDITOR, proxies... */
  env: Env;
  /** The streams a command reads and writes; asked for only when a command runs (creating the process's costs start-up). */
  streams(): Streams;
  /** Help, usage errors and error messages (fd 1 for help, 2 for the rest), in order with what a command wrote. */
  write(fd: 1 | 2, text: string): void;
  /** The width help is wrapped to on fd. */
  helpWidth(fd: 1 | 2): number;
  /** fd's columns when it is a terminal, else 0 (unset: never one, as a test's streams). */
  terminalColumns?(fd: 1 | 2): number;
  /** What the HTTP client sends through (a MockAgent in tests); by default the client builds its own. */
  dispatcher?: Dispatcher | undefined;
  /** The credential store (a test's, in memory); by default the system's where one answers (src/config/credentials.ts). */
  credentialStore?: CredentialStore | undefined;
  /** Time for the limits a run waits on (a token command's); the system's by default. */
  clock?: Clock | undefined;
  /** Aborting it ends the run as Ctrl-C does (a test's time limit). */
  signal?: AbortSignal | undefined;
  /**
   * Asks for the V8 flags of the commands' work (src/launcher.cjs: WebAssembly by Liftoff alone, a
   * young generation that stays small, gc() for new contexts), set once the back is loaded: the
   * front asks before it runs a command that is not `offline`. The launcher's only: a test's
   * runtime and the build's leave V8 as it started.
   */
  tuneV8?: (() => void) | undefined;
}
