import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { homeDirectory } from '../config/store.js';
import type { Env } from '../runtime.js';

/**
 * Answers of `collab __complete`, kept for a minute per host and word, so that pressing Tab again
 * (or typing on from a word already asked about) costs a start-up and no request. One small file
 * per answer under the user's cache directory, mode 0600 in a 0700 directory: paths of private
 * groups and projects are not for other users of the machine.
 */

const CACHE_TTL_MS = 60_000;

/** What an answer is for: the host (its key), the kind of value and the word being completed. */
interface CacheKey {
  host: string;
  kind: string;
  word: string;
}

interface CacheEntry extends CacheKey {
  /** When the service answered (ms since the epoch). */
  at: number;
  candidates: string[];
}

/** The user's cache directory for collab, as the platform keeps caches (as conf's env-paths places them). */
function cacheDir(env: Env): string {
  const home = homeDirectory(env);
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'collab');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'collab', 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'collab');
}

function completionDir(env: Env): string {
  return join(cacheDir(env), 'completion');
}

/** A file name for the key: two 32-bit FNV-1a hashes (no crypto to load); the file holds the key, so a collision is a miss. */
function fileName(key: CacheKey): string {
  const text = `${key.host}\n${key.kind}\n${key.word}`;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}.json`;
}

/** The candidates kept for `key` if they are less than a minute old; undefined otherwise (or on any trouble). */
export function readCached(env: Env, key: CacheKey, now = Date.now()): string[] | undefined {
  try {
    const entry = JSON.parse(readFileSync(join(completionDir(env), fileName(key)), 'utf8')) as CacheEntry;
    const fresh = entry.at <= now && now - entry.at < CACHE_TTL_MS;
    if (
      !fresh ||
      entry.host !== key.host ||
      entry.kind !== key.kind ||
      entry.word !== key.word ||
      !Array.isArray(entry.candidates)
    )
      return undefined;
    return entry.candidates.filter((candidate) => typeof candidate === 'string');
  } catch {
    return undefined;
  }
}

/** Keeps an answer (written whole, then renamed into place), and removes answers that are out of date. Never throws. */
export function writeCached(env: Env, key: CacheKey, candidates: readonly string[], now = Date.now()): void {
  try {
    const dir = completionDir(env);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, fileName(key));
    const temporary = `${file}.${process.pid}.${now}.tmp`;
    const entry: CacheEntry = { ...key, at: now, candidates: [...candidates] };
    writeFileSync(temporary, JSON.stringify(entry), { mode: 0o600 });
    renameSync(temporary, file);
    removeStale(dir, now);
  } catch {
    // A cache that cannot be written is only slower.
  }
}

function removeStale(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > CACHE_TTL_MS) unlinkSync(path);
    } catch {
      // Gone already (another completion removed it).
    }
  }
}
