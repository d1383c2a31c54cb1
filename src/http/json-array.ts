import { wasmElementBounds } from './json-scan-wasm.js';

/**
 * Splits the bytes of a JSON array body without parsing it: the start and end offset of each
 * element, in pairs (`[start0, end0, start1, end1, ...]`), or undefined when the body is not a
 * well-formed array (then the caller reports a malformed response). One scan replaces a parse and
 * a stringify, and json/ndjson output passes each item through untouched. JSON's
 * structural characters and its whitespace are ASCII, and no byte of a multi-byte UTF-8 sequence
 * is below 0x80, so scanning bytes finds the same boundaries as scanning characters; the list
 * formats then write those byte ranges through without ever decoding them into strings.
 */
export function splitJsonArrayBytes(bytes: Uint8Array): number[] | undefined {
  const length = bytes.length;
  let i = skipSpaceBytes(bytes, 0);
  if (i >= length || bytes[i] !== 0x5b /* [ */) return undefined;
  i = skipSpaceBytes(bytes, i + 1);
  const bounds: number[] = [];
  if (i < length && bytes[i] === 0x5d /* ] */) return skipSpaceBytes(bytes, i + 1) === length ? bounds : undefined;
  const close = wasmElementBounds(bytes, i, bounds) ?? elementBounds(bytes, i, bounds);
  if (close === -1 || bytes[close] !== 0x5d /* ] */) return undefined;
  return skipSpaceBytes(bytes, close + 1) === length ? bounds : undefined;
}

/**
 * The scan itself: adds the bounds of each element from `from` on and returns where the
 * array's depth-0 closing bracket (or brace, which the caller refuses) is, or -1. A function of
 * its own whose every comparison runs on every page, its rare exits plain returns: V8 optimizes
 * it within the first page, and the optimized code then meets no comparison without type
 * feedback at the page's end, which would send it back to the baseline tier for the next pages
 * (some 5 ms a page of 400 KB there, 0.5 ms optimized).
 */
export function elementBounds(bytes: Uint8Array, from: number, bounds: number[]): number {
  const length = bytes.length;
  let depth = 0;
  let start = from;
  for (let i = from; i < length; i++) {
    const c = bytes[i] as number;
    if (c === 0x22 /* " */) {
      i = closingQuote(bytes, i + 1);
      if (i === -1) return -1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
    } else if (c === 0x2c /* , */ || c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (depth > 0) {
        if (c !== 0x2c) depth--;
      } else {
        // An element ends at a comma or at the end of the array.
        if (!pushTrimmed(bytes, start, i, bounds)) return -1;
        if (c !== 0x2c) return i;
        start = i + 1;
      }
    }
  }
  return -1;
}

/** The closing quote of the string whose text starts at `from`, stepping over escaped quotes; -1 if there is none. */
function closingQuote(bytes: Uint8Array, from: number): number {
  let j = from;
  for (;;) {
    j = bytes.indexOf(0x22, j);
    if (j === -1 || bytes[j - 1] !== 0x5c /* \ */) return j;
    // Escaped only after an odd number of backslashes.
    let k = j - 2;
    while (bytes[k] === 0x5c) k--;
    if ((j - k) % 2 === 1) return j;
    j++;
  }
}

/** Adds the element between start and end without its surrounding whitespace; false when it is empty. */
function pushTrimmed(bytes: Uint8Array, start: number, end: number, bounds: number[]): boolean {
  const from = skipSpaceBytes(bytes, start);
  let to = end;
  while (to > from && isSpace(bytes[to - 1] as number)) to--;
  if (to === from) return false;
  bounds.push(from, to);
  return true;
}

function skipSpaceBytes(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length && isSpace(bytes[i] as number)) i++;
  return i;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The body with no line break outside its strings, so that each item of the array is one line of
 * ndjson. A compact body (what the service sends) has none and is returned as it is, after a
 * scan for the two bytes (memchr: about a microsecond per page). JSON strings cannot hold a raw
 * line break, so any there is whitespace between tokens: a pretty-printing server. Its body is
 * then compacted in place, every whitespace byte outside strings dropped and every other byte,
 * numbers and strings included, kept exactly as sent (a parse and stringify would round numbers
 * beyond 2^53 and rewrite escapes).
 */
export function withoutLineBreaks(bytes: Buffer): Buffer {
  if (bytes.indexOf(0x0a) === -1 && bytes.indexOf(0x0d) === -1) return bytes;
  let w = 0;
  for (let r = 0; r < bytes.length; r++) {
    const c = bytes[r] as number;
    if (c === 0x22 /* " */) {
      // Copy the string through its closing quote, stepping over escapes.
      bytes[w++] = c;
      for (r++; r < bytes.length; r++) {
        const s = bytes[r] as number;
        bytes[w++] = s;
        if (s === 0x5c /* \ */ && r + 1 < bytes.length) bytes[w++] = bytes[++r] as number;
        else if (s === 0x22) break;
      }
    } else if (!isSpace(c)) {
      bytes[w++] = c;
    }
  }
  return bytes.subarray(0, w);
}
