/**
 * Full paths in tree order, a segment at a time, so that a group comes right before what is below
 * it: `acme`, `acme/platform`, `acme/web`, `acme-labs` (a plain string order puts `acme-labs`
 * between `acme` and `acme/platform`, as `-` sorts before `/`).
 */
export function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] as string;
    const y = right[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}
