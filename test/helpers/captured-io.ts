import { PassThrough } from 'node:stream';
import type { IO } from '../../src/io.js';

/**
 * An IO whose stdout is kept, for writers tested without a process: a terminal `columns` wide
 * (`tty`), else a pipe; stderr and stdin go nowhere. `out()` is what was written so far.
 */
export function capturedIO(options: { tty: boolean; columns?: number; color?: boolean; timeZone?: string }): {
  io: IO;
  out: () => string;
} {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const io: IO = {
    stdout,
    stderr: new PassThrough(),
    stdin: new PassThrough(),
    stdoutIsTTY: options.tty,
    stderrIsTTY: options.tty,
    stdinIsTTY: false,
    color: options.color ?? false,
    columns: options.columns ?? 80,
    ...(options.timeZone !== undefined ? { timeZone: options.timeZone } : {}),
  };
  return { io, out: () => Buffer.concat(chunks).toString('utf8') };
}
