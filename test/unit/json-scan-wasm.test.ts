import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wasmModuleText } from '../../scripts/wasm-text.mjs';
import { elementBounds, splitJsonArrayBytes } from '../../src/http/json-array.js';
import { wasmElementBounds } from '../../src/http/json-scan-wasm.js';

/** Both scans of one body from the byte after its `[`: what each returns and the bounds it found. */
function scans(text: string) {
  const bytes = Buffer.from(text, 'utf8');
  const from = bytes.indexOf(0x5b) + 1;
  const js: number[] = [];
  const wasm: number[] = [];
  return {
    js: { close: elementBounds(bytes, from, js), bounds: js },
    wasm: { close: wasmElementBounds(bytes, from, wasm), bounds: wasm },
  };
}

/** Text with the characters that decide a scan: quotes, backslashes, brackets, commas, spaces. */
const tricky = fc
  .array(fc.constantFrom('"', '\\', '\\\\', '\\"', ',', '{', '}', '[', ']', ' ', '\n', 'a', '1', 'é', '😀'), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''));

describe('the WebAssembly element scan', () => {
  it('is assembled from json-scan.wat as committed (npm run wasm)', async () => {
    const wat = readFileSync(new URL('../../src/http/json-scan.wat', import.meta.url), 'utf8');
    const committed = readFileSync(new URL('../../src/http/json-scan-bytes.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await wasmModuleText(wat));
  });

  it('finds the bounds the JavaScript scan finds, for any array of JSON values, pretty or compact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 12 }),
        fc.constantFrom(undefined, 1, 2),
        (values, indent) => {
          const { js, wasm } = scans(JSON.stringify(values, null, indent));
          expect(wasm).toEqual(js);
        },
      ),
      { seed: 11, numRuns: 500 },
    );
  });

  it('finds what the JavaScript scan finds in arrays of strings full of escapes, across 64-byte blocks', () => {
    fc.assert(
      fc.property(fc.array(tricky, { maxLength: 12 }), fc.nat(130), (strings, pad) => {
        // The padding moves every escape to another place in its 64-byte block.
        const { js, wasm } = scans(`${' '.repeat(pad)}[${strings.map((s) => JSON.stringify(s)).join(',')}]`);
        expect(wasm).toEqual(js);
      }),
      { seed: 12, numRuns: 500 },
    );
  });

  it('gives the same close and bounds on any text after a bracket, JSON or not, where it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(tricky, fc.constantFrom('', ']'), (text, end) => {
        const { js, wasm } = scans(`[${text}${end}`);
        if (wasm.close === undefined) return;
        answered++;
        expect(wasm).toEqual(js);
      }),
      { seed: 13, numRuns: 2000 },
    );
    // It declines only texts with a backslash outside a string: most of these have none.
    expect(answered / 2000).toBeGreaterThan(0.3);
  });

  it('leaves a body with a backslash outside its strings to the JavaScript scan', () => {
    const text = '[1,\\"a",2]';
    expect(scans(text).wasm.close).toBeUndefined();
    // JavaScript's scan takes the backslash as a byte like any other, and the quote opens a string.
    expect(splitJsonArrayBytes(Buffer.from(text))).toEqual([1, 2, 3, 7, 8, 9]);
  });

  it('leaves a body with more items than the room for their bounds to the JavaScript scan', () => {
    // 10,000 items of one digit: 80,000 bytes of bounds against a room of 65,536.
    const text = `[${Array.from({ length: 10_000 }, () => '7').join(',')}]`;
    expect(scans(text).wasm.close).toBeUndefined();
    expect(splitJsonArrayBytes(Buffer.from(text))?.length).toBe(20_000);
  });
});
