/** A small seeded PRNG (mulberry32): the same seed gives the same data and the same faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 40-hex "commit SHA" made from two numbers (a merge request's head, a project's last commit). */
export function stableSha(a: number, b: number): string {
  let hex = '';
  let state = (a * 2654435761 + b * 40503) >>> 0;
  while (hex.length < 40) {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    hex += state.toString(16).padStart(8, '0');
  }
  return hex.slice(0, 40);
}
