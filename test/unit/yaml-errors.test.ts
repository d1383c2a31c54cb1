import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { yamlProblem } from '../../src/desired/yaml-errors.js';

/** What collab says of a YAML syntax error, from the parser's own error for a line a person wrote. */
const said = (text: string) =>
  parseDocument(text, { uniqueKeys: true, prettyErrors: false }).errors.map((e) => yamlProblem(e.code, e.message));

describe('YAML syntax errors in our words', () => {
  it.each([
    ['a key without its colon', 'a b\nc: 1\n', 'a key here spans lines or is not followed by a colon'],
    ['a key indented less than its siblings', 'a:\n  b: 1\n c: 2\n', 'this line is indented differently'],
    ['a { left open', 'a: { b: 1\n', 'a { opened above is not closed with }'],
    ['a [ left open', 'a: [1, 2\n', 'a [ opened above is not closed with ]'],
    ['a quote left open', 'a: "x\n', 'a quote opened above is not closed: end the value with the quote it starts with'],
    ['a last key without its colon', 'a:\n  b: 1\n  c\n', 'a word here stands where a key: value was expected'],
    [
      'a flow map without its commas',
      'a: {b: 1 c: 2}\n',
      'the entries inside { } or [ ] here need a comma between each two',
    ],
    ['a key given twice', 'a:\n  b: 1\n  b: 2\n', 'this key is given twice in the same map'],
  ])('%s', (_case, text, words) => {
    expect(said(text)).toEqual([expect.stringContaining(words)]);
  });

  it("a list item among the keys of a map: the parser's first error says so (load.ts keeps one a line)", () => {
    expect(said('a:\n  enforce: true\n  - key: A\n')[0]).toBe(
      "a list item (- …) stands among a map's keys: put the list under a key of its own (in a list section with enforce:, under items:)",
    );
  });

  it('keeps the parser words, after ours, for an error it has no words for', () => {
    expect(yamlProblem('BAD_ALIAS', 'Alias cannot be a key\nmore')).toBe(
      'the YAML cannot be read here (Alias cannot be a key)',
    );
  });
});
