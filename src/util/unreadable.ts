import { Stats } from 'node:fs';
import { CollabError } from '../errors.js';

/** What went wrong with a file, and what to do about it. */
export interface FileProblem {
  reason: string;
  hint: string;
}

/** What reading and writing a path say alike (unwritable.ts takes them too). */
export const IS_DIRECTORY: FileProblem = { reason: 'it is a directory', hint: 'give the path of a file in it' };
export const NOT_A_DIRECTORY_PART: FileProblem = {
  reason: 'a part of the path is not a directory',
  hint: 'check the path',
};

/**
 * What a read's error code means, and what to do about it: a message says the reason, never the
 * bare code. The one table: a flag's file, collab.yaml, the config file and a CA file all say it so.
 */
const UNREADABLE: Record<string, FileProblem> = {
  ENOENT: { reason: 'no such file', hint: 'check the path: a relative one is read from the current directory' },
  ENOTDIR: NOT_A_DIRECTORY_PART,
  EISDIR: IS_DIRECTORY,
  EACCES: { reason: 'permission denied', hint: 'make the file readable by you' },
};

/**
 * What stat found where a file was to be read, said as a read would say it: a directory in EISDIR's
 * words; a socket, FIFO or device, which no read takes as a file, as such.
 */
const NOT_A_FILE: FileProblem = { reason: 'it is not a regular file', hint: 'give the path of a regular file' };

/**
 * A file that could not be read, as a usage error: `<what>: no such file`, with what to do; a code
 * without words of its own is said as it is. `problem` is the read's (or stat's) error, or the
 * `Stats` of what stat found that is no file, for a caller that checks before it reads (an upload's
 * size). `hint` replaces the table's where the place knows better what to do (the config file is not
 * a path the user gave; a missing collab.yaml wants -f).
 */
export function unreadableFile(what: string, problem: unknown, hint?: string): CollabError {
  const then = hint ?? known(problem)?.hint;
  return new CollabError('usage', `${what}: ${unreadableReason(problem)}`, then === undefined ? {} : { hint: then });
}

/** Why a file could not be read, in the table's words (`no such file`), else its code or message. */
export function unreadableReason(problem: unknown): string {
  return known(problem)?.reason ?? (problem as NodeJS.ErrnoException).code ?? (problem as Error).message;
}

/** What to do about a file that could not be read, in the table's words; undefined for a code it has none for. */
export function unreadableHint(problem: unknown): string | undefined {
  return known(problem)?.hint;
}

function known(problem: unknown): FileProblem | undefined {
  if (problem instanceof Stats) return problem.isDirectory() ? IS_DIRECTORY : NOT_A_FILE;
  const code = (problem as NodeJS.ErrnoException).code;
  return code === undefined ? undefined : UNREADABLE[code];
}
