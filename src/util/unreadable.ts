import { type Stats, statSync } from 'node:fs';
import { CollabError } from '../errors.js';

/**
 * What a read's error code means, and what to do about it: a message says the reason, never the
 * bare code. The one table: a flag's file, collab.yaml, the config file and a CA file all say it so.
 */
const UNREADABLE: Record<string, { reason: string; hint: string }> = {
  ENOENT: { reason: 'no such file', hint: 'check the path: a relative one is read from the current directory' },
  ENOTDIR: { reason: 'a part of the path is not a directory', hint: 'check the path' },
  EISDIR: { reason: 'it is a directory', hint: 'give the path of a file in it' },
  EACCES: { reason: 'permission denied', hint: 'make the file readable by you' },
};

/**
 * A file that could not be read, as a usage error: `<what>: no such file`, with what to do; a code
 * without words of its own is said as it is. `hint` replaces the table's where the place knows
 * better what to do (the config file is not a path the user gave; a missing collab.yaml wants -f).
 */
export function unreadableFile(what: string, error: unknown, hint?: string): CollabError {
  const then = hint ?? known(error)?.hint;
  return new CollabError('usage', `${what}: ${unreadableReason(error)}`, then === undefined ? {} : { hint: then });
}

/** Why a file could not be read, in the table's words (`no such file`), else its code or message. */
export function unreadableReason(error: unknown): string {
  return known(error)?.reason ?? (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

function known(error: unknown): { reason: string; hint: string } | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? undefined : UNREADABLE[code];
}

/**
 * What stat says of a file to upload (an avatar), as a read would say it: a directory throws with
 * EISDIR, a socket or device with `not a file`. stat needs no right to read, so a caller that reads
 * the file next still meets EACCES there. One rule for `--avatar` and collab.yaml's `avatar:`.
 */
export function statFile(path: string): Stats {
  const info = statSync(path);
  if (!info.isFile())
    throw Object.assign(new Error('not a file'), { code: info.isDirectory() ? 'EISDIR' : 'not a file' });
  return info;
}
