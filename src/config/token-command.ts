import type { ChildProcess } from 'node:child_process';
import { CollabError } from '../errors.js';
import { type Clock, type Env, systemClock } from '../runtime.js';

/** How long a token command may take in a normal run (a password manager may ask to be unlocked). */
const TOKEN_COMMAND_TIMEOUT_MS = 10_000;

/** After the shell exits, how long output already in the pipe may take to be read when a background child keeps the pipe open. */
const EXITED_GRACE_MS = 100;

/** More than any token: a command that prints more is not printing a token. */
const MAX_OUTPUT_BYTES = 64 * 1024;

interface TokenCommandOptions {
  /** The host the token is for, named in errors. */
  host: string;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  env?: Env | undefined;
  /** Times the limit (a test's clock moves it on without waiting). */
  clock?: Clock | undefined;
}

/**
 * Runs a host's token command (`collab auth login --token-command`) in the platform's shell
 * (`/bin/sh -c`, `cmd.exe /d /s /c` on Windows), with no standard input, and returns what it
 * printed, trimmed. The token travels only through the child's stdout: it is never in an argv (ps)
 * nor in a message. A command that fails, prints nothing or more than one line, or takes longer
 * than the limit is an auth error (exit 3) naming the host and the first line of its stderr. The
 * command runs in a process group of its own, killed when the answer is in (or the time is up):
 * nothing it started in the background outlives it.
 */
export function runTokenCommand(command: string, options: TokenCommandOptions): Promise<string> {
  const { host, signal } = options;
  const timeoutMs = options.timeoutMs ?? TOKEN_COMMAND_TIMEOUT_MS;
  const hint = `run it yourself to see what it prints: ${command}`;
  const fail = (what: string) => new CollabError('auth', `the token command for ${host} ${what}`, { hint });
  if (signal?.aborted) return Promise.reject(new CollabError('interrupted', 'interrupted'));
  const { spawn } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  return new Promise<string>((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(command, {
        shell: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group, so that a timeout ends whatever the shell started too.
        detached: process.platform !== 'win32',
        windowsHide: true,
        ...(options.env ? { env: options.env as NodeJS.ProcessEnv } : {}),
      });
    } catch (error) {
      reject(fail(`could not start: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`));
      return;
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let settled = false;
    const finish = (error: CollabError | undefined, token?: string) => {
      if (settled) return;
      settled = true;
      timer.cancel();
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(token as string);
    };
    const kill = () => {
      try {
        if (process.platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Gone already.
      }
      child.unref();
    };
    const timer = (options.clock ?? systemClock).setTimeout(() => {
      kill();
      finish(fail(`printed no token within ${formatSeconds(timeoutMs)}`));
    }, timeoutMs);
    const onAbort = () => {
      kill();
      finish(new CollabError('interrupted', 'interrupted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= MAX_OUTPUT_BYTES) out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (err.length < 4096) err += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(fail(`could not start: ${error.code ?? error.message}`)),
    );
    // The answer is the shell's: when it exits, what it printed is the token. A child it left in the
    // background may hold stdout open (so 'close' would wait for it, and the run would end in a
    // timeout with a wrong message): once the shell has exited, the output already in the pipe is
    // read for a moment, then the group goes and the output is judged.
    let graceTimer: NodeJS.Timeout | undefined;
    const judge = (code: number | null, killedBy: NodeJS.Signals | null) => {
      if (settled) return;
      clearTimeout(graceTimer);
      kill();
      child.stdout?.destroy();
      child.stderr?.destroy();
      const said = firstLine(err);
      if (killedBy) return finish(fail(`was ended by ${killedBy}${said ? `: ${said}` : ''}`));
      if (code !== 0) return finish(fail(`failed (exit ${code})${said ? `: ${said}` : ''}`));
      if (outBytes > MAX_OUTPUT_BYTES)
        return finish(fail(`printed more than ${MAX_OUTPUT_BYTES / 1024} KiB: expected a token`));
      const token = Buffer.concat(out).toString('utf8').trim();
      if (!token) return finish(fail(`printed nothing${said ? `: ${said}` : ''}`));
      // `pass show` prints a whole entry: only its first line is the password, and a header cannot hold a line break.
      if (/[\r\n]/.test(token))
        return finish(
          fail('printed more than one line: expected the token alone (for example, end it with | head -n 1)'),
        );
      finish(undefined, token);
    };
    child.on('exit', (code, killedBy) => {
      graceTimer = setTimeout(() => judge(code, killedBy), EXITED_GRACE_MS);
    });
    child.on('close', judge);
  });
}

/** The first line the command wrote to stderr that says something, short. */
function firstLine(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
