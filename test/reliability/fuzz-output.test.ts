import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { note, project, useHostileServer } from '../helpers/hostile-server.js';

/**
 * Random bytes as the names, paths, descriptions, note bodies, error
 * messages and bulk targets a service (or stdin) sends, through the table, a view, tab-separated
 * text and bulk results on a terminal: no control character but tab and line feed, no DEL, no C1
 * control and no bidi override or isolate reaches stdout or stderr. The runs have NO_COLOR (the
 * test environment's), so any ESC would come from the data.
 */

const { collab, answer } = useHostileServer();

const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Where a forbidden character is, to read a failure. */
function firstForbidden(text: string): string | undefined {
  const match = FORBIDDEN.exec(text);
  return match
    ? `U+${(match[0].codePointAt(0) ?? 0).toString(16).padStart(4, '0')} at ${match.index} in ${JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 40))}`
    : undefined;
}

/** Characters a hostile text is made of: controls, C1, bidi, escape-sequence pieces, and ordinary text. */
const DANGEROUS = [
  '\x1b',
  '\x07',
  '\b',
  '\r',
  '\n',
  '\t',
  '\x7f',
  '\x9b',
  '\x9d',
  '\u202e',
  '\u202a',
  '\u2066',
  '\u2069',
  ']',
  '[',
  ';',
  '\\',
  '0',
  '2J',
  '8;;http://x/',
  'a',
  'é',
  '中',
  '😀',
  ' ',
  '/',
  '"',
];

const text = fc.oneof(
  // Raw bytes read as Latin-1: every value 0x00–0xff is one character (C1 included).
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  // Raw bytes read as UTF-8 (invalid sequences become U+FFFD, as a service's would).
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
  fc.array(fc.constantFrom(...DANGEROUS), { maxLength: 30 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** A line of stdin naming a target: no line break of its own. */
const line = text.map((value) => value.replace(/[\r\n]/g, ''));

describe('random bytes from the service never reach the terminal as controls', () => {
  it('tables, views, tab-separated text, note bodies, errors and bulk results', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: text, path: text, description: text, body: text, message: text, target: line }),
        async (data) => {
          const item = project({
            name: data.name,
            path_with_namespace: `${data.path}/x`,
            description: data.description,
          });
          answer(/^GET \/projects\?/, {
            body: [item, project({ id: 8, name: data.description, path_with_namespace: data.name })],
          });
          answer(/^GET \/projects\/7(\?|$)/, { body: item });
          answer(/^GET \/projects\/7\/issues\/1\/notes\?/, {
            body: [note({ body: data.body, author: { id: 1, username: data.name, name: data.path } })],
          });
          answer(/^GET \/projects\/(?!7)/, { status: 404, body: { message: `404 ${data.message}` } });
          const runs = await Promise.all([
            collab(['projects', 'list'], { tty: true }),
            collab(['projects', 'list']),
            collab(['projects', 'view', '7'], { tty: true }),
            collab(['projects', 'view', '7']),
            collab(['notes', 'list', '--project', '7', '--issue', '1'], { tty: true }),
            collab(['projects', 'view', '9'], { tty: true }),
            collab(['projects', 'view', '-'], { tty: true, input: `9\n${data.target}\n7\n` }),
            collab(['projects', 'view', '-'], { input: `9\n${data.target}\n` }),
          ]);
          for (const run of runs) {
            expect(firstForbidden(run.stdout)).toBeUndefined();
            expect(firstForbidden(run.stderr)).toBeUndefined();
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
