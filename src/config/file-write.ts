import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { CollabError, isCollabError } from '../errors.js';

/**
 * Writing the config file so that no run loses another's change: `collab auth login` to three
 * hosts at once must keep all three. Each write takes the file's lock (`config.json.lock`, created
 * with O_EXCL), reads the file as it is now, applies its change to that, has it written (by conf:
 * a temporary file of mode 0600 renamed over the file, so a reader sees the old file or the new
 * one), then releases the lock. conf has no lock of its own: its atomic write alone would let the
 * last of three runs write the file as it read it before the others wrote. The directory is
 * created 0700 here, before conf (which would make it with the umask's mode): it holds tokens.
 *
 * A lock left by a run that died (its process gone on this machine, or older than STALE_MS) is
 * taken over; a live one is waited for, up to WAIT_MS.
 */
const WAIT_MS = 10_000;
const STALE_MS = 30_000;

/** Reads the file's current data (none when there is no file): the store's own reader, so the rules for a bad file are one. */
type ReadData<T> = (path: string) => T;

/** Writes the data (conf's atomic write); a failure is thrown as it came, and named here. */
type WriteData<T> = (next: T, path: string) => void | Promise<void>;

export async function updateFile<T>(
  path: string,
  read: ReadData<T>,
  change: (current: T) => T,
  write: WriteData<T>,
): Promise<T> {
  makeDirectory(path);
  const release = await lock(path);
  try {
    const next = change(read(path));
    try {
      await write(next, path);
    } catch (error) {
      throw writeError(path, error);
    }
    return next;
  } finally {
    release();
  }
}

function makeDirectory(path: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw writeError(dirname(path), error, 'create the config directory');
  }
}

async function lock(path: string): Promise<() => void> {
  const lockPath = `${path}.lock`;
  const owner = `${process.pid} ${hostname()}`;
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      try {
        writeSync(fd, owner);
      } finally {
        closeSync(fd);
      }
      return () => {
        try {
          unlinkSync(lockPath);
        } catch {
          // Gone already (taken over as stale): nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError(path, error);
    }
    if (isStale(lockPath)) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Another run took it over first.
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new CollabError(
        'internal',
        `cannot write the config file ${path}: another collab holds its lock (${lockPath})`,
        {
          hint: `if no other collab is running, remove ${lockPath}`,
        },
      );
    }
    // A lock is held for a few milliseconds: look again soon, spread so that waiters do not collide.
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * Math.min(50, 5 * 2 ** attempt)));
  }
}

/** A lock whose holder is gone: a process of this machine that no longer runs, or a lock older than any write takes. */
function isStale(lockPath: string): boolean {
  try {
    const [pid, host] = readFileSync(lockPath, 'utf8').split(' ');
    if (host === hostname() && Number(pid) > 0 && !isAlive(Number(pid))) return true;
    return Date.now() - statSync(lockPath).mtimeMs > STALE_MS;
  } catch {
    // Released while we looked (or not written yet): not stale, try again.
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a path component is not a directory',
  EISDIR: 'it is a directory',
  EEXIST: 'a file is in the way',
};

/** A failed write as what it is, exit 1: the file, the reason and what to do; never "a bug in collab". */
function writeError(path: string, error: unknown, action = 'write the config file'): CollabError {
  if (isCollabError(error)) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reason = REASONS[code] ?? (error as Error).message;
  return new CollabError(
    'internal',
    `cannot ${action} ${path}: ${reason}${code && !reason.includes(code) ? ` (${code})` : ''}`,
    {
      hint: `make ${code === 'ENOSPC' || code === 'EDQUOT' ? 'room on its file system' : 'it writable'}, or point COLLAB_CONFIG_DIR at another directory`,
    },
  );
}
