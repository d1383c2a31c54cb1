import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * build.mjs gives ora's string-width (version 8) a fast path for printable ASCII, Braille
 * patterns (the spinner's frames) and `…` (where ambiguous characters are narrow, as ora asks),
 * so that measuring a frame makes neither its emoji pattern nor a segmenter. The fast path counts a character as width 1: what the package itself says of
 * each of them, checked here against the package as it is installed.
 */
describe("ora's string-width and the spinner's Braille frames", () => {
  async function oraStringWidth(): Promise<(text: string) => number> {
    const ora = createRequire(import.meta.url).resolve('ora');
    const path = createRequire(ora).resolve('string-width');
    const module = (await import(pathToFileURL(path).href)) as { default: (text: string) => number };
    return module.default;
  }

  it('counts every Braille pattern as one column, alone and between ASCII text', async () => {
    const stringWidth = await oraStringWidth();
    const wrong: string[] = [];
    for (let code = 0x2800; code <= 0x28ff; code++) {
      const braille = String.fromCodePoint(code);
      if (stringWidth(braille) !== 1 || stringWidth(`a${braille} b${braille}`) !== 5) wrong.push(braille);
    }
    expect(wrong).toEqual([]);
  });

  it('counts the ellipsis of a spinner text as one column where ambiguous characters are narrow', async () => {
    const stringWidth = await oraStringWidth();
    expect(stringWidth('⠋ fetching projects…')).toBe(20);
  });
});
