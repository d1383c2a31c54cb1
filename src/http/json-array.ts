/**
 * Splits the text of a JSON array into the texts of its elements without parsing them, so that
 * list output in json/ndjson passes each item through untouched and at the cost of one scan
 * instead of a parse and a stringify. Returns undefined when the text is not a well-formed array
 * (the caller then reports a malformed response).
 */
export function splitJsonArray(text: string): string[] | undefined {
  const length = text.length;
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x5b /* [ */) return undefined;
  i = skipSpace(text, i + 1);
  const items: string[] = [];
  if (text.charCodeAt(i) === 0x5d /* ] */) return skipSpace(text, i + 1) === length ? items : undefined;
  let depth = 0;
  let start = i;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Jump to the closing quote, stepping over escaped ones.
      let j = i + 1;
      for (;;) {
        j = text.indexOf('"', j);
        if (j === -1) return undefined;
        let backslashes = 0;
        for (let k = j - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++;
        if (backslashes % 2 === 0) break;
        j++;
      }
      i = j;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (depth === 0) {
        if (c !== 0x5d) return undefined;
        const item = text.slice(start, i).trim();
        if (item === '') return undefined;
        items.push(item);
        return skipSpace(text, i + 1) === length ? items : undefined;
      }
      depth--;
    } else if (c === 0x2c /* , */ && depth === 0) {
      const item = text.slice(start, i).trim();
      if (item === '') return undefined;
      items.push(item);
      start = i + 1;
    }
  }
  return undefined;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

/**
 * splitJsonArray on the bytes of a body: the start and end offset of each element, in pairs
 * (`[start0, end0, start1, end1, ...]`), with the same validation (malformed: undefined). JSON's
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
  let depth = 0;
  let start = i;
  for (; i < length; i++) {
    const c = bytes[i];
    if (c === 0x22 /* " */) {
      // Jump to the closing quote, stepping over escaped ones.
      let j = i + 1;
      for (;;) {
        j = bytes.indexOf(0x22, j);
        if (j === -1) return undefined;
        let backslashes = 0;
        for (let k = j - 1; bytes[k] === 0x5c; k--) backslashes++;
        if (backslashes % 2 === 0) break;
        j++;
      }
      i = j;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (depth === 0) {
        if (c !== 0x5d) return undefined;
        if (!pushTrimmed(bytes, start, i, bounds)) return undefined;
        return skipSpaceBytes(bytes, i + 1) === length ? bounds : undefined;
      }
      depth--;
    } else if (c === 0x2c /* , */ && depth === 0) {
      if (!pushTrimmed(bytes, start, i, bounds)) return undefined;
      start = i + 1;
    }
  }
  return undefined;
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
