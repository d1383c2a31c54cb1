/** Reads a dot path (`namespace.full_path`, `statistics.storage_size`) from a value. */
export function getPath(value: unknown, path: string): unknown {
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
