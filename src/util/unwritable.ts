import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CollabError } from '../errors.js';
import { type FileProblem, IS_DIRECTORY, NOT_A_DIRECTORY_PART } from './unreadable.js';

/**
 * What a write's error code means where collab writes a file the user named (`--out`, `--file`),
 * and what to do about it: a message says the reason, never the bare code. The one table of every
 * such writer; reading has its own (unreadable.ts), since a missing path means another thing there.
 */
const UNWRITABLE: Record<string, FileProblem> = {
  ENOENT: {
    reason: 'its directory does not exist',
    hint: 'create the directory first, or give a path in one that exists',
  },
  ENOTDIR: NOT_A_DIRECTORY_PART,
  EISDIR: IS_DIRECTORY,
  EACCES: { reason: 'permission denied', hint: 'give a path in a directory you can write to' },
  EPERM: { reason: 'permission denied', hint: 'give a path in a directory you can write to' },
  EROFS: { reason: 'the file system is read-only', hint: 'give a path on a file system you can write to' },
  ENOSPC: { reason: 'no space left on the device', hint: 'free some space, or give a path on another device' },
};

/**
 * A file that could not be written: `<what>: its directory does not exist`, with what to do. A
 * usage error where checkWritable finds it, before any request; found by the write itself, once
 * the work was read or downloaded (a full disk), it is no bad input but a failure (exit 1).
 */
export function unwritableFile(
  what: string,
  error: unknown,
  kind: 'usage' | 'write-failed' = 'write-failed',
): CollabError {
  const code = (error as NodeJS.ErrnoException).code;
  const known = code === undefined ? undefined : UNWRITABLE[code];
  const reason = known?.reason ?? code ?? (error as Error).message;
  return new CollabError(kind, `${what}: ${reason}`, known ? { hint: known.hint } : {});
}

/**
 * Whether an error is the file system's (a code, and the path it was about), not the network's
 * that a download read from (ECONNRESET has a code and no path).
 */
export function isWriteError(error: unknown): boolean {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof path === 'string';
}

/**
 * Checks that `file` can be written, before any request: the work it would hold (an export of
 * every group, a download) is not done for naught. A file that exists must not be a directory and
 * must be writable; else its directory must exist and be writable. What only the write can tell
 * (a full disk) is said then, in the same words (unwritableFile).
 */
export async function checkWritable(file: string, what = `cannot write ${file}`): Promise<void> {
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) throw unwritableFile(what, { code: 'EISDIR' }, 'usage');
  try {
    if (existing) await access(file, constants.W_OK);
    else {
      const parent = await stat(dirname(file));
      if (!parent.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      await access(dirname(file), constants.W_OK | constants.X_OK);
    }
  } catch (error) {
    throw unwritableFile(what, error, 'usage');
  }
}

/**
 * Whether `file` is there and no regular file: a device (/dev/null, /dev/stdout), a FIFO, a socket.
 * Such a file is written into, never replaced by a file written aside and renamed over it, nor
 * removed when a download breaks off: as root either would take the device itself away.
 */
export async function isSpecialFile(file: string): Promise<boolean> {
  const existing = await stat(file).catch(() => undefined);
  return existing !== undefined && !existing.isFile() && !existing.isDirectory();
}
