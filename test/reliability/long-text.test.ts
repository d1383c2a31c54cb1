import { describe, expect, it } from 'vitest';
import { displayWidth, wrapToWidth } from '../../src/output/text-width.js';
import { note, project, useHostileServer } from '../helpers/hostile-server.js';
import { viewValueLines } from '../helpers/views.js';

/**
 * Long text renders in time linear in what is shown. A 200,000-character
 * value (a word with no space, partly outside ASCII) in a table cell, a wrapped note body, a
 * view and a bulk result: the old code segmented the whole string again for every cut and every
 * wrapped line, minutes of CPU; each case here has 20 s (vitest's timeout, no timed assertion; the first case loads collab too).
 */

const { collab, answer } = useHostileServer();

const SIZE = 200_000;
/** 200,000 characters: ASCII with an accented letter and a CJK one now and then. */
const LONG = Array.from({ length: SIZE / 10 }, (_, i) => (i % 3 === 0 ? 'abcdéfgh中' : 'abcdefghij')).join('');

/** Every line of a terminal table fits the 120 columns the tests' terminal has. */
function expectFits(stdout: string): void {
  for (const line of stdout.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(120);
}

describe('a 200,000-character value renders in linear time', () => {
  it('in a table cell on a terminal: cut with …', { timeout: 20_000 }, async () => {
    answer(/^GET \/projects\?/, { body: [project({ path_with_namespace: LONG })] });
    const result = await collab(['projects', 'list'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectFits(result.stdout);
    // The path identifies the row: the other columns give way before it is cut.
    expect(result.stdout).toMatch(/│ +7 │ abcdéfgh中abcdefghij[a-zé中]+… │\n/);
  });

  it('in a wrapped note body: 12 lines, then how many more', { timeout: 20_000 }, async () => {
    answer(/^GET \/projects\/7\/issues\/1\/notes/, { body: [note({ body: LONG })] });
    const result = await collab(['notes', 'list', '--project', '7', '--issue', '1'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectFits(result.stdout);
    expect(result.stdout).toContain('abcdéfgh中abcdefghij');
    // 200,000 characters in lines of the 59 cells the other columns leave (a CJK one takes two).
    expect(result.stdout).toMatch(/│ … 3380 more lines\s+│\n└/);
    expect(result.stderr).toContain('1 BODY value cut to 12 lines; -o json shows it whole\n');
  });

  it('in a view on a terminal: the whole value, once, wrapped beside its label', { timeout: 20_000 }, async () => {
    answer(/^GET \/projects\/7(\?|$)/, { body: project({ description: LONG }) });
    const result = await collab(['projects', 'view', '7'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectFits(result.stdout);
    // No space in it: its lines joined are the value.
    const lines = viewValueLines(result.stdout, 'Description');
    expect(lines.join('')).toBe(LONG);
    expect(displayWidth(lines[0] as string)).toBe(104);
  });

  it('in a view, a long dotted word with an @ (what masking credentials in URLs looks for)', {
    timeout: 20_000,
  }, async () => {
    const dotted = `${'a.'.repeat(SIZE / 2)}@host`;
    answer(/^GET \/projects\/7(\?|$)/, { body: project({ description: dotted }) });
    const result = await collab(['projects', 'view', '7'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectFits(result.stdout);
    expect(viewValueLines(result.stdout, 'Description').join('')).toBe(dotted);
  });

  it('in a bulk result: the target in 12 lines, then how many more, the message wrapped whole under it', {
    timeout: 20_000,
  }, async () => {
    const path = `acme/${LONG}`;
    const result = await collab(['projects', 'view', '-'], { tty: true, input: `${path}\n` });
    expect(result.stderr).toMatch(/^error: 1 failed$/m);
    expectFits(result.stdout);
    // Too long to stand whole beside its result, the target heads a block of its own: wrapped
    // after its slash, cut to 12 lines as a cell would be, its status after them.
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('acme/');
    expect(lines[12]).toMatch(/^… \d+ more lines {2}failed$/);
    expect(result.stderr).toContain('1 TARGET value cut to 12 lines; -o json shows it whole\n');
    // The message wraps under it: its end (what to give instead) is never cut away.
    expect(lines.slice(13).join('\n')).toMatch(
      /^ {4}invalid value "acme\/abcdéfgh中[a-zé中]+…" for line 1: expected a project ID or\n {4}full path such as grp\/sub\/app\n$/,
    );
  });

  it('a word longer than the line breaks after its last comma or slash, else its last underscore', () => {
    expect(wrapToWidth('allow_overrides_to_approver_list', 20)).toEqual(['allow_overrides_to_', 'approver_list']);
    expect(wrapToWidth('a_b/cdefghij_kl', 12)).toEqual(['a_b/', 'cdefghij_kl']);
  });

  it('a word longer than the line breaks after its last %2F, an encoded slash, in either case', () => {
    expect(wrapToWidth('acme%2Fweb%2Fstorefront', 22)).toEqual(['acme%2Fweb%2F', 'storefront']);
    expect(wrapToWidth('acme%2fweb%2fstorefront', 22)).toEqual(['acme%2fweb%2f', 'storefront']);
  });

  it('a word no line holds starts on the line before it, up to a comma or slash that fits', () => {
    expect(wrapToWidth('PUT /projects/acme%2Fweb%2Fmellow-juniper-192 description=hello', 36)).toEqual([
      'PUT /projects/',
      'acme%2Fweb%2Fmellow-juniper-192',
      'description=hello',
    ]);
    // A word a line holds whole still moves to the next line, and one with no break in the room left too.
    expect(wrapToWidth('PUT /projects/1', 12)).toEqual(['PUT', '/projects/1']);
    expect(wrapToWidth('PUT abcdefghijklmnop', 10)).toEqual(['PUT', 'abcdefghij', 'klmnop']);
  });

  it('wrapping keeps to the width, and to a limit of lines when given one, whatever the text', () => {
    expect(wrapToWidth('a'.repeat(30), 10)).toEqual(['aaaaaaaaaa', 'aaaaaaaaaa', 'aaaaaaaaaa']);
    expect(wrapToWidth('ab cd efghijklmnopq r', 5)).toEqual(['ab cd', 'efghi', 'jklmn', 'opq r']);
    expect(wrapToWidth('中中中', 3)).toEqual(['中', '中', '中']);
    expect(wrapToWidth('e\u0301'.repeat(4), 2)).toEqual(['e\u0301e\u0301', 'e\u0301e\u0301']);
    expect(wrapToWidth('x '.repeat(1000), 15, 12)).toHaveLength(13);
    expect(wrapToWidth('x '.repeat(1000), 16, 12)[12]).toBe('… 113 more lines');
    expect(wrapToWidth('x '.repeat(1000), 10, 12)[12]).toBe('… 188 more');
    expect(wrapToWidth('x '.repeat(1000), 9, 12)[12]).toBe('…+188');
    expect(wrapToWidth('x '.repeat(1000), 3, 12)[12]).toBe('…+…');
    expect(wrapToWidth('x '.repeat(1000), 3)).toEqual(Array(500).fill('x x'));
  });
});

describe('a 5 MB error message from the service', () => {
  it('is a short line in a warning that quotes it', { timeout: 20_000 }, async () => {
    answer(/^POST \/projects\/7\/share/, { status: 201, body: { id: 1 } });
    // The share is made; reading the project back fails with a page-sized message.
    answer(/^GET \/projects\/7(\?|$)/, { status: 403, body: { message: `no ${'m'.repeat(5_000_000)}` } });
    const result = await collab(['share', 'add', '--project', '7', '--group-id', '5', '--access', 'developer']);
    expect(result.exitCode).toBe(0);
    const warning = result.stderr.split('\n').find((line) => line.startsWith('warning: the share was made'));
    // The service's words kept to 300 characters (service-error.ts), then cut as any word of a line.
    expect(warning).toMatch(/^warning: the share was made, but reading it back failed: 403 no m+…m+…$/);
    expect(result.stderr.length).toBeLessThan(1000);
  });
});

describe('a 5 MB field of a success answer, quoted on stderr', () => {
  const WORDS = 'long '.repeat(1_000_000);

  it('is an info line cut to 1,000 characters', { timeout: 20_000 }, async () => {
    answer(/^POST \/projects\/7\/pipeline_schedules\/3\/take_ownership/, {
      status: 201,
      body: { id: 3, description: WORDS, ref: 'main', cron: '0 1 * * *', active: true },
    });
    const result = await collab(['schedules', 'take-ownership', '3', '--project', '7', '-o', 'json']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/^you own pipeline schedule 3 \((long )+l?o?n?g?…\n$/);
    expect(result.stderr.length).toBeLessThanOrEqual(1002);
    // Data on stdout is the service's, whole.
    expect(result.stdout).toContain(WORDS.trim());
  });

  it('is a warning whose long word keeps its start and end', { timeout: 20_000 }, async () => {
    const date = `2024-${'9'.repeat(5_000_000)}Z`;
    answer(/^POST \/projects\/7\/issues\/1\/notes/, { status: 201, body: note({ created_at: date }) });
    const result = await collab([
      'notes',
      'create',
      '--project',
      '7',
      '--issue',
      '1',
      '--body',
      'hi',
      '--created-at',
      '2020-01-01T00:00:00Z',
      '-o',
      'json',
    ]);
    expect(result.exitCode).toBe(0);
    const warning = result.stderr.split('\n').find((line) => line.startsWith('warning: the service did not backdate'));
    expect(warning).toMatch(/^warning: the service did not backdate the note \(created_at 2024-9+…9+Z\): --created-at/);
    expect(result.stderr.length).toBeLessThan(1000);
  });
});
