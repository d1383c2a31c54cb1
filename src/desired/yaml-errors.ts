import type { ErrorCode } from 'yaml';

/**
 * The YAML parser's errors in collab's words: what is wrong on the line and what to look at. The
 * parser's own text (`Implicit keys need to be on a single line`) speaks of its grammar, not of the
 * file a person wrote; a code not listed keeps it, after our words.
 */
const WORDS: Partial<Record<ErrorCode, string>> = {
  MULTILINE_IMPLICIT_KEY:
    'a key here spans lines or is not followed by a colon: check this line and the one before it (indentation, a missing colon)',
  BLOCK_AS_IMPLICIT_KEY: 'a value stands where a key was expected: check the indentation of this line',
  BAD_INDENT: 'this line is indented differently from the lines beside it at the same level',
  TAB_AS_INDENT: 'a tab indents this line: YAML indents with spaces only',
  DUPLICATE_KEY: 'this key is given twice in the same map: keep one',
  BAD_DQ_ESCAPE:
    'a backslash escape in this double-quoted text is not one YAML knows: use single quotes for a regular expression',
  BLOCK_IN_FLOW: 'the entries inside { } or [ ] here need a comma between each two: {a: 1, b: 2}',
  BAD_SCALAR_START: 'this value starts with a character YAML reserves (such as @, ` or %): quote it',
  MULTIPLE_DOCS: 'the file holds more than one YAML document (a line ---): collab.yaml is one',
  KEY_OVER_1024_CHARS: 'a key is over 1,024 characters: YAML takes no longer key without quotes',
  RESOURCE_EXHAUSTION: 'aliases here expand past what collab reads: expand them by hand',
};

/**
 * MISSING_CHAR is the parser's code for many things missing (a closing quote, a key's colon, a
 * comma): told apart by its words. BLOCK_AS_IMPLICIT_KEY likewise, of a list or a map.
 */
const BY_WORDS: ReadonlyArray<{ code: ErrorCode; words: RegExp; ours: string }> = [
  {
    code: 'MISSING_CHAR',
    words: /^Missing closing .?quote/,
    ours: 'a quote opened above is not closed: end the value with the quote it starts with',
  },
  {
    code: 'MISSING_CHAR',
    words: /^Implicit map keys need to be followed by map values/,
    ours: 'a word here stands where a key: value was expected: add its colon and value, or check the indentation',
  },
  {
    code: 'MISSING_CHAR',
    words: /^Missing , /,
    ours: 'the entries inside { } or [ ] here need a comma between each two: {a: 1, b: 2}',
  },
  {
    code: 'BLOCK_AS_IMPLICIT_KEY',
    words: /^A block sequence/,
    ours: "a list item (- …) stands among a map's keys: put the list under a key of its own (in a list section with enforce:, under items:)",
  },
];

export function yamlProblem(code: ErrorCode, parserMessage: string): string {
  const first = parserMessage.split('\n')[0] ?? '';
  const worded = BY_WORDS.find((entry) => entry.code === code && entry.words.test(first));
  if (worded) return worded.ours;
  // The parser says BAD_INDENT of a flow collection ({ } or [ ]) left open too.
  const unclosed = /^Flow (map|sequence) .* end with a ([}\]])$/.exec(first);
  if (code === 'BAD_INDENT' && unclosed)
    return `a ${unclosed[2] === '}' ? '{' : '['} opened above is not closed with ${unclosed[2]} (or the lines in it are indented less than its key)`;
  const ours = WORDS[code];
  return ours ?? `the YAML cannot be read here (${first})`;
}
