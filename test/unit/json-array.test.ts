import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitJsonArray } from '../../src/http/json-array.js';

describe('splitJsonArray', () => {
  it.each([
    ['[]', []],
    ['  [ ]  \n', []],
    ['[1,2,3]', ['1', '2', '3']],
    ['[ {"a":1} , {"b":[1,2,{"c":"]"}]} ]', ['{"a":1}', '{"b":[1,2,{"c":"]"}]}']],
    ['["a,b", "c\\"]", "d\\\\"]', ['"a,b"', '"c\\"]"', '"d\\\\"']],
    ['[{"k":"{[,]}"}]', ['{"k":"{[,]}"}']],
    ['[null,true,false,"ü ✓ 😀"]', ['null', 'true', 'false', '"ü ✓ 😀"']],
  ])('splits %s', (text, items) => {
    expect(splitJsonArray(text)).toEqual(items);
  });

  it.each([
    ['an object', '{"a":1}'],
    ['an empty body', ''],
    ['HTML', '<html></html>'],
    ['a truncated array', '[{"a":1},{"b":'],
    ['a truncated string', '["abc'],
    ['an unclosed array', '[1,2'],
    ['a trailing comma', '[1,2,]'],
    ['a missing element', '[1,,2]'],
    ['garbage after the array', '[1,2] x'],
    ['two arrays', '[1][2]'],
    ['a stray closing brace', '[{"a":1}}]'],
    ['a leading comma', '[,1]'],
  ])('refuses %s', (_name, text) => {
    expect(splitJsonArray(text)).toBeUndefined();
  });

  it('gives back exactly the elements JSON.parse sees, for any array of JSON values', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), fc.constantFrom('', ' ', '\n  '), (values, space) => {
        const text = `[${space}${values.map((v) => JSON.stringify(v, null, space ? 1 : undefined)).join(`${space},${space}`)}${space}]`;
        const items = splitJsonArray(text);
        expect(items?.map((item) => JSON.parse(item))).toEqual(JSON.parse(text));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('refuses any proper prefix of a non-empty array (a body cut off mid-transfer)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 8 }), fc.nat(), (values, cut) => {
        const text = JSON.stringify(values);
        const prefix = text.slice(0, cut % text.length);
        expect(splitJsonArray(prefix)).toBeUndefined();
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
