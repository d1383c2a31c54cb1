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
