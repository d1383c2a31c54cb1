/**
 * Full paths in tree order, a segment at a time, so that a group comes right before what is below
 * it: `acme`, `acme/platform`, `acme/web`, `acme-labs` (a plain string order puts `acme-labs`
 * between `acme` and `acme/platform`, as `-` sorts before `/`).
 */
export function comparePaths(a: string, b: string): number {
  // Character by character, `/` before any other: a segment that ends first sorts first. No
  // arrays: a whole list (groups list holds every row) is sorted with this.
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x === SLASH ? -1 : y === SLASH ? 1 : x < y ? -1 : 1;
  }
  return a.length - b.length;
}

const SLASH = 0x2f;

/** The path of what holds `path` (`a/b` of `a/b/c`), or '' at the top. */
export function parentPath(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

/** The groups above a full path, nearest first: `a/b/c`'s are `a/b` and `a`. */
export function groupsAbove(path: string): string[] {
  const out: string[] = [];
  for (let parent = parentPath(path); parent !== ''; parent = parentPath(parent)) out.push(parent);
  return out;
}
