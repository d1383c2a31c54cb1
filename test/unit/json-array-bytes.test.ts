import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitJsonArrayBytes, withoutLineBreaks } from '../../src/http/json-array.js';

/** The elements splitJsonArrayBytes finds, decoded to text. */
function split(text: string): string[] | undefined {
  const bytes = Buffer.from(text, 'utf8');
  const bounds = splitJsonArrayBytes(bytes);
  if (!bounds) return undefined;
  const items: string[] = [];
  for (let i = 0; i < bounds.length; i += 2) items.push(bytes.toString('utf8', bounds[i], bounds[i + 1]));
  return items;
}

describe('splitJsonArrayBytes', () => {
  it.each([
    ['[]', []],
    ['  [ ]  \n', []],
    ['[1,2,3]', ['1', '2', '3']],
    ['[ {"a":1} , {"b":[1,2,{"c":"]"}]} ]', ['{"a":1}', '{"b":[1,2,{"c":"]"}]}']],
    ['["a,b", "c\\"]", "d\\\\"]', ['"a,b"', '"c\\"]"', '"d\\\\"']],
    ['[{"k":"{[,]}"}]', ['{"k":"{[,]}"}']],
    ['[null,true,false,"ü ✓ 😀"]', ['null', 'true', 'false', '"ü ✓ 😀"']],
    [
      '[{"name":"Zürich ✓","emoji":"😀"},\r\n\t{"x":"\\u00e9"}]',
      ['{"name":"Zürich ✓","emoji":"😀"}', '{"x":"\\u00e9"}'],
    ],
  ])('splits %s', (text, items) => {
    expect(split(text)).toEqual(items);
  });

  it.each([
    ['an object', '{"a":1}'],
    ['an empty body', ''],
    ['only whitespace', ' \n'],
    ['HTML', '<html></html>'],
    ['a truncated array', '[{"a":1},{"b":'],
    ['a truncated string', '["abc'],
    ['a string cut after a backslash', '["abc\\'],
    ['an unclosed array', '[1,2'],
    ['a trailing comma', '[1,2,]'],
    ['a missing element', '[1,,2]'],
    ['garbage after the array', '[1,2] x'],
    ['two arrays', '[1][2]'],
    ['a stray closing brace', '[{"a":1}}]'],
    ['a leading comma', '[,1]'],
  ])('refuses %s', (_name, text) => {
    expect(split(text)).toBeUndefined();
  });

  it('gives back exactly the elements JSON.parse sees, for any array of JSON values (non-ASCII included)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), fc.constantFrom('', ' ', '\n  '), (values, space) => {
        const text = `[${space}${values.map((v) => JSON.stringify(v, null, space ? 1 : undefined)).join(`${space},${space}`)}${space}]`;
        const items = split(text);
        expect(items?.map((item) => JSON.parse(item))).toEqual(JSON.parse(text));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('refuses any proper prefix of a non-empty array (a body cut off mid-transfer), even inside a multi-byte character', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 8 }), fc.nat(), (values, cut) => {
        const bytes = Buffer.from(JSON.stringify(values), 'utf8');
        expect(splitJsonArrayBytes(bytes.subarray(0, cut % bytes.length))).toBeUndefined();
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('withoutLineBreaks', () => {
  it('returns a body without line breaks as it is, the same buffer', () => {
    const body = Buffer.from('[{"a": 1}, {"b": "x  y"}]');
    expect(withoutLineBreaks(body)).toBe(body);
  });

  it('drops whitespace outside strings and keeps every byte inside them', () => {
    const text = '[\r\n  {\n    "a": "x \\" \\\\ y",\n\t"n": 1.50e+3, "u": "\u00fc 😀 \\n"\n  }\n]\n';
    const out = withoutLineBreaks(Buffer.from(text)).toString('utf8');
    expect(out).toBe('[{"a":"x \\" \\\\ y","n":1.50e+3,"u":"\u00fc 😀 \\n"}]');
    expect(JSON.parse(out)).toEqual(JSON.parse(text));
  });

  it('leaves any array of JSON values, pretty-printed, equal to what JSON.parse sees, on one line', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.integer({ min: 1, max: 4 }), (values, indent) => {
        const text = JSON.stringify(values, null, indent);
        const out = withoutLineBreaks(Buffer.from(text)).toString('utf8');
        expect(out).not.toMatch(/[\r\n]/);
        expect(out).toBe(JSON.stringify(values));
      }),
    );
  });
});
