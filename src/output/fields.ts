import { CollabError } from '../errors.js';

/** Reads a dot path (`namespace.full_path`, `statistics.storage_size`) from a value. */
export function getPath(value: unknown, path: string): unknown {
  // Most paths are one key (`id`): read it without splitting, once a cell in every list drawn.
  if (!path.includes('.'))
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[path] : undefined;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Keeps only the given dot paths, preserving their nesting: pick(p, ['id','namespace.path']). */
export function pickPaths(value: unknown, paths: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const found = getPath(value, path);
    if (found === undefined) continue;
    const keys = path.split('.');
    let target = out;
    for (const key of keys.slice(0, -1)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1] as string] = found;
  }
  return out;
}

/** `--fields a,b.c` -> ['a', 'b.c']; empty parts are a usage error for the caller to report. */
export function parseFieldList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/**
 * JSON text of a value the service sent. A value nested deeper than JSON.stringify can walk
 * (a hostile service's 5,000 levels) is an error naming it, exit 1, not a stack overflow and
 * "a bug in collab". json and ndjson without --fields never come here: they write the service's
 * bytes as they are, however deep.
 */
export function jsonText(
  value: unknown,
  what: string,
  options: { replacer?: (key: string, value: unknown) => unknown; space?: number } = {},
): string {
  try {
    return JSON.stringify(value, options.replacer, options.space);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // The other RangeError JSON.stringify throws: a text longer than a string may be.
    const why = /call stack/i.test(error.message) ? 'nested too deeply' : 'too large';
    throw new CollabError('malformed', `${what} is ${why} to write as text`, {
      hint: '-o ndjson without --fields writes the items of a list as the service sent them',
    });
  }
}
