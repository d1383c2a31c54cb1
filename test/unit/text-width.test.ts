import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/text-width.js';

/**
 * Display cells as a terminal draws them, checked against glibc's wcwidth() (recorded by
 * scripts/terminal-widths.py), not against the package text-width.ts measures with.
 */
interface Widths {
  blocks: { block: string; from: string; widths: string }[];
}
const recorded = JSON.parse(
  readFileSync(new URL('../fixtures/terminal-widths.json', import.meta.url), 'utf8'),
) as Widths;

/**
 * Where string-width 8 and glibc 2.36 part, each for a reason: U+00AD (soft hyphen) is a format
 * character, shown by some terminals and not by others; U+2630-U+2637 and U+268A-U+268F became
 * wide in Unicode 16, after glibc 2.36's tables; U+FFA0 (halfwidth Hangul filler) is a
 * default-ignorable code point.
 */
const NEWER_OR_UNSETTLED = new Set([0xad, 0xffa0, ...range(0x2630, 0x2637), ...range(0x268a, 0x268f)]);

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

describe('display width', () => {
  it("agrees with glibc's wcwidth on every recorded code point it prints", () => {
    const differ: string[] = [];
    let checked = 0;
    for (const { from, widths } of recorded.blocks) {
      const first = Number.parseInt(from.slice(2), 16);
      [...widths].forEach((cells, i) => {
        const codePoint = first + i;
        if (cells === 'x' || NEWER_OR_UNSETTLED.has(codePoint)) return;
        checked++;
        const measured = displayWidth(String.fromCodePoint(codePoint));
        if (measured !== Number(cells))
          differ.push(`U+${codePoint.toString(16).toUpperCase()}: ${measured}, not ${cells}`);
      });
    }
    expect(checked).toBeGreaterThan(3000);
    expect(differ).toEqual([]);
  });

  it('counts ™, ©, ®, ✔ and ⚠ one cell each, as text in a description', () => {
    expect(displayWidth('Acme™ ©2024 ® ✔ ⚠')).toBe(17);
  });
});
