import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { DEPLOY_KEY_COLUMNS } from '../../src/commands/deploy-keys/fields.js';
import { PROJECT_COLUMNS } from '../../src/commands/projects/columns.js';
import { NOTE_COLUMNS } from '../../src/commands/notes/output.js';
import { USER_COLUMNS } from '../../src/commands/users/fields.js';
import { type Column, PRIORITY, type RowSpan } from '../../src/output/format.js';
import { cutToWidth, displayWidth, widthWithin, wrapToWidth } from '../../src/output/text-width.js';
import { ListWriter } from '../../src/output/writer.js';
import { cutPath } from '../../src/output/table.js';
import { drawDivider } from '../../src/output/table-draw.js';
import { resultColumns } from '../../src/bulk/results.js';
import { capturedIO } from '../helpers/captured-io.js';

/** Tables that fit their content and the terminal, drawn on an IO that is a terminal. */

async function table(
  pages: unknown[][],
  columns: readonly Column[],
  width: number,
  streaming = true,
  note?: (message: string) => void,
  color = false,
): Promise<string[]> {
  const { io, out } = capturedIO({ tty: true, columns: width, color });
  const writer = new ListWriter(
    io,
    { format: 'table', note, warn: (message) => note?.(`warning: ${message}`) },
    columns,
    streaming,
  );
  for (const page of pages) await writer.write(page);
  await writer.end();
  return out().trimEnd().split('\n');
}

/** A table whose rows `span` picks are one text across the columns from `span.from` on (RowSpan). */
async function spanned(
  pages: unknown[][],
  columns: readonly Column[],
  span: RowSpan,
  width: number,
): Promise<string[]> {
  const { io, out } = capturedIO({ tty: true, columns: width });
  const writer = new ListWriter(io, { format: 'table', span }, columns, true);
  for (const page of pages) await writer.write(page);
  await writer.end();
  return out().trimEnd().split('\n');
}

const ERROR_COLUMN: Column = { header: 'RESULT', path: 'error', text: true, wrap: true };

/** Inner widths of the columns, read from the top border. */
function columnWidths(lines: readonly string[]): number[] {
  return (lines[0] ?? '')
    .slice(1, -1)
    .split('┬')
    .map((part) => part.length - 2);
}

/** A run's result columns (TARGET, STATUS, RESULT wrapped), the result text given as the item's `result`. */
const resultColumnsOf = () => resultColumns((item) => String((item as unknown as { result: string }).result));

function project(id: number, path: string, visibility = 'public', stars = 3) {
  return { id, path_with_namespace: path, visibility, star_count: stars, last_activity_at: '2024-03-01T10:00:00.000Z' };
}

describe('terminal tables', () => {
  it('on 160 columns: enumerations, numbers and dates as wide as their widest value; only free text takes spare width', async () => {
    const lines = await table(
      [[project(1, 'acme/web/storefront', 'internal'), project(12, 'acme/api', 'public', 120)]],
      PROJECT_COLUMNS,
      160,
    );
    const [id, path, visibility, stars, activity] = columnWidths(lines);
    expect(id).toBe(2); // "ID", "12"
    expect(visibility).toBe('VISIBILITY'.length);
    expect(stars).toBe('STARS'.length);
    expect(activity).toBe('LAST ACTIVITY'.length + 3); // "2024-03-01 10:00" is 16
    // The path takes some spare width for longer paths on later pages, not the whole terminal.
    expect(path).toBeGreaterThan('acme/web/storefront'.length);
    expect(path).toBeLessThanOrEqual('acme/web/storefront'.length + 24);
    for (const line of lines) expect(stringWidth(line)).toBe(stringWidth(lines[0] ?? ''));
  });

  it('an enumeration is as wide as its widest value shown, not its widest choice', async () => {
    const states = ['active', 'blocked', 'ldap_blocked', 'banned', 'deactivated'];
    const lines = await table(
      [[{ state: 'active' }, { state: 'banned' }]],
      [{ header: 'STATE', path: 'state', choices: states }],
      60,
    );
    expect(columnWidths(lines)).toEqual(['active'.length]);
  });

  it('an enumeration sizedByChoices is as wide as its widest choice, whatever the first page holds', async () => {
    const lines = await table(
      [[project(1, 'a/b', 'public')]],
      [{ header: 'V', path: 'visibility', choices: ['private', 'internal', 'public'], sizedByChoices: true }],
      160,
    );
    expect(columnWidths(lines)).toEqual(['internal'.length]);
  });

  it('never cuts a wider choice on a later page: the table continues at the wider width', async () => {
    const columns: Column[] = [
      { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
      { header: 'STATE', path: 'state', choices: ['active', 'ldap_blocked'] },
    ];
    const lines = await table(
      [[{ username: 'ann', state: 'active' }], [{ username: 'bob', state: 'ldap_blocked' }]],
      columns,
      60,
      false,
    );
    expect(lines).toContain('│ bob      │ ldap_blocked │');
    expect(columnWidths(lines)).toEqual(['USERNAME'.length, 'active'.length]);
  });

  describe('a column whose field says nothing is there (Column.none)', () => {
    const columns: Column[] = [
      { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
      { header: 'EXPIRES', path: 'expires_at', none: 'never' },
    ];

    it('says `never` beside a date on the first page, and leaves a field the service did not send empty', async () => {
      const rows = [
        { username: 'ann', expires_at: '2027-03-01' },
        { username: 'bob', expires_at: null },
        { username: 'cyd', expires_at: '' },
        { username: 'dee' },
      ];
      const lines = await table([rows], columns, 60, false);
      expect(lines.slice(3, 7)).toEqual([
        '│ ann      │ 2027-03-01 │',
        '│ bob      │ never      │',
        '│ cyd      │ never      │',
        '│ dee      │            │',
      ]);
    });

    it('stays empty when no row of the first page has a value, and is left out first on a narrow terminal', async () => {
      const wide = await table([[{ username: 'ann', expires_at: null }]], columns, 60, false);
      expect(wide[3]).toBe('│ ann      │         │');
      const narrow = await table(
        [[{ username: 'ann', expires_at: null, name: 'Ann Example' }]],
        [...columns, { header: 'NAME', path: 'name', text: true }],
        30,
        false,
      );
      expect(narrow[3]).toBe('│ ann      │ Ann Example │');
    });

    it('empty on every row, is left out before a text beside it is cut for want of room', async () => {
      const notes: string[] = [];
      const lines = await table(
        [[{ username: 'ann', expires_at: null, source: 'environment: COLLAB_TOKEN' }]],
        [...columns, { header: 'SOURCE', path: 'source', text: true }],
        40,
        false,
        (message) => notes.push(message),
      );
      expect(lines[3]).toBe('│ ann      │ environment: COLLAB_TOKEN │');
      expect(notes[0]).toMatch(/^EXPIRES left out to fit 40 columns;/);
    });

    it('reads as the first page settled on later pages: empty there, empty after a later date', async () => {
      const lines = await table(
        [
          [{ username: 'ann', expires_at: null }],
          [
            { username: 'bob', expires_at: '2027-03-01' },
            { username: 'cyd', expires_at: null },
          ],
        ],
        columns,
        60,
        false,
      );
      expect(lines.filter((line) => line.startsWith('│ cyd'))).toEqual(['│ cyd      │            │']);
      expect(lines.join('\n')).not.toContain('never');
    });

    it('piped, keeps the service’s empty value: a table for programs reads no words into it', async () => {
      const { io, out } = capturedIO({ tty: false });
      const writer = new ListWriter(io, { format: 'table' }, columns, true);
      await writer.write([
        { username: 'ann', expires_at: '2027-03-01' },
        { username: 'bob', expires_at: null },
      ]);
      await writer.end();
      expect(out()).toBe('ann\t2027-03-01\nbob\t\n');
    });
  });

  it('on a narrow terminal cuts a long path in the middle, after leaving out the other columns', async () => {
    const long = `acme/${'very-long-segment/'.repeat(8)}app`;
    const lines = await table([[project(1, long)]], PROJECT_COLUMNS, 60);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(60);
    expect(lines[1]).toMatch(/^│ +ID │ PATH +│$/);
    expect(lines[3]).toMatch(/^│ +1 │ acme\/…\/(very-long-segment\/)+app +│$/);
  });

  it('on a narrow terminal leaves out the date first, the path whole', async () => {
    const fits = `acme/${'seg/'.repeat(6)}app`;
    const wide = await table([[project(1, fits)]], PROJECT_COLUMNS, 60);
    // The date goes first; the path is whole.
    expect(wide[1]).not.toContain('LAST ACTIVITY');
    expect(wide[3]).toContain(fits);
    for (const line of wide) expect(stringWidth(line)).toBeLessThanOrEqual(60);
  });

  it('leaves out a column with the same value on every row first, before a date', async () => {
    const columns: Column[] = [
      { header: 'PATH', path: 'path', text: true },
      { header: 'TYPE', path: 'type' },
      { header: 'WHEN', path: 'when' },
    ];
    const rows = [1, 2, 3].map((n) => ({ path: `acme/p${n}`, type: 'project', when: `2024-03-0${n}T10:00:00.000Z` }));
    const lines = await table([rows], columns, 36, false);
    expect(lines[1]).toMatch(/^│ PATH +│ WHEN +│$/);
  });

  it('leaves out a column empty on every row before one with the same value on every row', async () => {
    const columns: Column[] = [
      { header: 'PATH', path: 'path', text: true },
      { header: 'EXPIRES', path: 'expires' },
      { header: 'STATE', path: 'state' },
    ];
    const rows = [1, 2, 3].map((n) => ({ path: `acme/p${n}`, state: 'active', expires: null }));
    const lines = await table([rows], columns, 24, false);
    expect(lines[1]).toMatch(/^│ PATH +│ STATE +│$/);
  });

  it('keeps an answer column with the same value on every row (one user’s role, the same on each project)', async () => {
    const columns: Column[] = [
      { header: 'TYPE', path: 'type', priority: PRIORITY.low },
      { header: 'PATH', path: 'path', text: true, priority: PRIORITY.identifying },
      { header: 'ROLE', path: 'role', priority: PRIORITY.answer },
    ];
    const rows = [1, 2, 3].map((n) => ({ type: 'project', path: `acme/web/project-number-${n}`, role: 'developer' }));
    const lines = await table([rows], columns, 40, false);
    expect(lines[1]).toMatch(/^│ PATH +│ ROLE +│$/);
  });

  it('keeps what a list exists to show (PRIORITY.answer) by cutting the path that identifies the row', async () => {
    const columns: Column[] = [
      { header: 'PATH', path: 'path', text: true, priority: PRIORITY.identifying },
      { header: 'ROLE', path: 'role', priority: PRIORITY.answer },
    ];
    const rows = [
      { path: 'acme/platform/infra/very-long-project-name', role: 'maintainer' },
      { path: 'acme/web/storefront', role: 'developer' },
    ];
    const lines = await table([rows], columns, 40, false);
    expect(lines[1]).toMatch(/^│ PATH +│ ROLE +│$/);
    expect(lines[3]).toMatch(/^│ …\/very-long-project-na… │ maintainer │$/);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(40);
  });

  it('gives room a wider column left out frees to a narrower one left out before, not to growth', async () => {
    const columns: Column[] = [
      { header: 'PATH', path: 'path', text: true, priority: PRIORITY.identifying },
      { header: 'WHEN', path: 'when', priority: PRIORITY.date },
      { header: 'STATE', path: 'state', choices: ['x'.repeat(30)], priority: PRIORITY.detail },
    ];
    const rows = [{ path: 'acme/web/storefront1', when: '2024-03-01', state: 'x'.repeat(30) }];
    const lines = await table([rows], columns, 55, true);
    expect(lines[1]).toMatch(/^│ PATH +│ WHEN +│$/);
  });

  it('cuts a path in the middle, keeping its first and as many last segments as fit; other text at its end', () => {
    expect(cutPath('acme/platform/infra/storefront', 20)).toBe('acme/…/storefront');
    expect(cutPath('acme/platform/infra/storefront', 24)).toBe('acme/…/infra/storefront');
    expect(cutPath('dana/storefront-of-the-shop', 20)).toBe('…/storefront-of-the…');
    expect(cutPath('dana/storefront', 14)).toBe('…/storefront');
    expect(cutPath('acme/web', 20)).toBe('acme/web');
    expect(cutPath('no-slashes-at-all-here', 10)).toBe('no-slashe…');
  });

  it("keeps a URL's scheme and host first, cut at its end where it cannot stand whole beside the last segment", () => {
    const mirror = 'https://*****:*****@mirror.example.com/acme/storefront.git';
    expect(cutPath(mirror, 51)).toBe('https://*****:*****@mirror.example.…/storefront.git');
    expect(cutPath('https://ci.example.com/hooks/acme/storefront', 39)).toBe('https://ci.example.com/…/storefront');
    expect(cutPath('https://ci.example.com/hooks/acme/storefront', 40)).toBe(
      'https://ci.example.com/…/acme/storefront',
    );
    expect(cutPath('https://a-very-long-host-name.example.com', 20)).toBe('https://a-very-long…');
  });

  it('lines up CJK text and emoji by display cells', async () => {
    const lines = await table(
      [
        [
          project(1, 'acme/日本語のプロジェクト'),
          project(2, 'acme/🚀-rocket'),
          project(3, 'acme/plain'),
          project(4, 'acme/Ünïcödé'),
        ],
      ],
      PROJECT_COLUMNS,
      120,
    );
    const width = stringWidth(lines[0] ?? '');
    for (const line of lines) expect(stringWidth(line)).toBe(width);
    // Every column separator stands at the same display cell on every row.
    const bars = (line: string) => {
      const at: number[] = [];
      let cell = 0;
      for (const ch of line) {
        if ('│┬┼┴├┤┌┐└┘'.includes(ch)) at.push(cell);
        cell += stringWidth(ch);
      }
      return at;
    };
    for (const line of lines) expect(bars(line)).toEqual(bars(lines[0] ?? ''));
  });

  it('joins the columns above a wider page to those below: ┴ where one ends, ┬ where one begins, ┼ where both', () => {
    const rule = (above: number[], below: number[]) =>
      drawDivider(above, { widths: below, numeric: [], border: undefined });
    expect(rule([3, 5], [3, 5])).toBe('├─────┼───────┤\n');
    expect(rule([3, 5], [4, 4])).toBe('├─────┴┬──────┤\n');
    expect(rule([5], [3])).toBe('├─────┬─┘\n');
    expect(rule([3], [5])).toBe('├─────┴─┐\n');
  });

  it('never cuts a number on a later page: the table continues at the wider width', async () => {
    const lines = await table([[project(9, 'a/b')], [project(123456, 'a/c')]], PROJECT_COLUMNS, 100);
    expect(lines.join('\n')).toContain('123456');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(100);
  });

  it("shows a later page's longer target whole, narrowing the wrapped result beside it, not cutting the path", async () => {
    const columns = resultColumnsOf();
    const failed = (target: string) => ({
      target,
      status: 'failed',
      result: `400 ref is ambiguous (POST /projects/${encodeURIComponent(target)}/pipeline_schedules)`,
    });
    const lines = await table([[failed('acme/web/storefront')], [failed('acme/web/design-system')]], columns, 60);
    expect(lines.join('\n')).toContain('│ acme/web/design-system │');
    expect(lines.join('\n')).not.toContain('…');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(60);
  });

  it('narrows a wrapped result that identifies the row before cutting the target of the first page', async () => {
    const lines = await table(
      [[{ target: 'acme/web/storefront', status: 'failed', result: 'x '.repeat(60) }]],
      resultColumnsOf(),
      60,
    );
    expect(lines.join('\n')).toContain('│ acme/web/storefront │');
  });

  it('widens a wrapped column into the room left when a later page has a longer line', async () => {
    const columns: Column[] = [
      { header: 'TARGET', path: 'target', text: true },
      { header: 'RESULT', path: 'result', text: true, wrap: true },
    ];
    const error = 'cannot tell whether the request took effect (POST /projects/2/hooks): after 502, looking failed';
    const lines = await table([[{ target: 1, result: 'hook 7 created' }], [{ target: 2, result: error }]], columns, 60);
    // The first page settles RESULT at its own width; the long error continues under a rule at the
    // terminal's width, wrapped into all of it, not into 14 cells.
    expect(columnWidths(lines)).toEqual([6, 14]);
    // The header's rule, then the one the wider column continues under.
    const rules = lines.flatMap((line, i) => (line.startsWith('├') ? [i] : []));
    expect(rules).toHaveLength(2);
    const rule = rules[1] as number;
    expect(stringWidth(lines[rule] ?? '')).toBe(60);
    const resultLines = lines.slice(rule + 1, -1).map((line) => line.split('│')[2]?.trim() ?? '');
    expect(resultLines.join(' ')).toBe(error);
    expect(resultLines).toHaveLength(3);
  });

  it("sizes a run's TARGET for every target read: a later longer one continues the table with no rule", async () => {
    const targets = ['acme/web/storefront', 'acme/sable-juniper-198'];
    const columns = resultColumns(() => 'starred', targets);
    const pages = targets.map((target) => [{ target, status: 'ok' }]);
    const lines = await table(pages, columns, 80);
    expect(lines.filter((line) => line.startsWith('├'))).toHaveLength(1);
    for (const line of lines) expect(stringWidth(line)).toBe(stringWidth(lines[0] ?? ''));
  });

  it("gives a run's RESULT the room left: a later long error wraps in it, the table not redrawn under a rule", async () => {
    const columns = resultColumns((item) => String((item as unknown as { result: string }).result), ['a/b', 'a/c']);
    const error = '404 Project Not Found (GET /projects/nope%2Fnope/pipeline_schedules?per_page=20&page=1)';
    const lines = await table(
      [[{ target: 'a/b', status: 'ok', result: '' }], [{ target: 'a/c', status: 'failed', result: error }]],
      columns,
      80,
    );
    expect(lines.filter((line) => line.startsWith('├'))).toHaveLength(1);
    expect(stringWidth(lines[0] ?? '')).toBe(80);
    for (const line of lines) expect(stringWidth(line)).toBe(80);
  });

  it("draws a spanning row's text across the columns from the span on, the bars above and below joined to it", async () => {
    const columns: Column[] = [
      { header: 'TARGET', path: 'target', text: true, priority: PRIORITY.identifying },
      { header: 'ID', path: 'id' },
      { header: 'NAME', path: 'name', text: true },
    ];
    const span = { from: 1, spans: (item: unknown) => 'error' in (item as object), column: ERROR_COLUMN };
    const lines = await spanned(
      [[{ error: 'nope' }, { target: 'a/b', id: 1, name: 'bug' }, { target: 'a/c', error: 'gone' }]],
      columns,
      span,
      40,
    );
    // The header's rule meets the spanning row first: ┴ where the bar above ends.
    expect(lines[2]).toMatch(/^├─+┼─+┴─+┤$/);
    expect(lines[3]).toMatch(/^│ +│ nope +│$/);
    expect(lines[4]).toMatch(/^│ a\/b +│ {2}1 │ bug +│$/);
    expect(lines[5]).toMatch(/^│ a\/c +│ gone +│$/);
    // The closing rule is the last row's: no ┴ under a bar it does not have.
    expect(lines[6]).toMatch(/^└─+┴─+┘$/);
    for (const line of lines) expect(stringWidth(line)).toBe(stringWidth(lines[0] ?? ''));
  });

  it('a number wider after a spanning row continues with no rule where the room comes from the columns it spans', async () => {
    const columns: Column[] = [
      { header: 'TARGET', path: 'target', text: true, priority: PRIORITY.identifying },
      { header: 'ID', path: 'id' },
      { header: 'NAME', path: 'name', text: true },
    ];
    const span = { from: 1, spans: (item: unknown) => 'error' in (item as object), column: ERROR_COLUMN };
    const lines = await spanned(
      [
        [{ target: 'a/b', id: 1, name: 'a-long-label-name' }],
        [{ target: 'a/c', error: 'gone' }],
        [{ target: 'a/d', id: 199, name: 'x' }],
      ],
      columns,
      span,
      40,
    );
    expect(lines.filter((line) => line.startsWith('├'))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('│ a/d') && line.includes('│ 199 │'))).toBe(true);
    for (const line of lines) expect(stringWidth(line)).toBe(stringWidth(lines[0] ?? ''));
  });

  it('a wider number on a later page narrows a body already below its floor: no line passes 80 columns', async () => {
    const note = (id: number, body: string) => ({
      id,
      author: { username: 'max' },
      created_at: '2021-01-05T13:00:00.000Z',
      system: false,
      confidential: false,
      body,
    });
    const first = [note(19, 'Internal: linked to a support ticket; keep customer names out of public comments.')];
    const lines = await table([first, [note(1_000_000_001, 'word '.repeat(40))]], NOTE_COLUMNS, 80);
    // The first page takes all 80 columns, the body 19 cells, below the floor a later page may cut
    // text to; the ten-digit ID of the second comes out of the body, which wraps narrower.
    expect(columnWidths(lines)).toEqual([2, 6, 16, 6, 12, 19]);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(lines.some((line) => line.startsWith('│ 1000000001 │'))).toBe(true);
  });

  it('wraps note bodies in the width the other columns leave', async () => {
    const body = `${'word '.repeat(60)}\n\nsecond paragraph 日本語のテキストも折り返す`;
    const note = {
      id: 1,
      author: { username: 'dana' },
      created_at: '2024-03-01T10:00:00.000Z',
      system: false,
      confidential: true,
      body,
    };
    const lines = await table([[note]], NOTE_COLUMNS, 100);
    for (const line of lines) expect(stringWidth(line)).toBe(100);
    expect(lines.length).toBeGreaterThan(6);
    expect(lines.join('\n')).toContain('second paragraph');
  });

  it('on 80 columns a note list keeps every column: the body narrows below 24 and wraps, CREATED stays', async () => {
    const note = (id: number, username: string, confidential: boolean, body: string) => ({
      id,
      author: { username },
      created_at: '2021-01-05T13:00:00.000Z',
      system: false,
      confidential,
      body,
    });
    const notes: string[] = [];
    const lines = await table(
      [
        [
          note(19, 'max', true, 'Internal: linked to a support ticket; keep customer names out of public comments.'),
          note(18, 'rui', false, 'Customers are asking about this one too.'),
        ],
      ],
      NOTE_COLUMNS,
      80,
      true,
      (message) => notes.push(message),
    );
    expect(lines[1]).toMatch(/^│ ID │ AUTHOR │ CREATED +│ SYSTEM │ CONFIDENTIAL │ BODY +│$/);
    expect(columnWidths(lines)).toEqual([2, 6, 16, 6, 12, 19]);
    expect(lines.slice(3, 8).map((line) => line.split('│')[6]?.trim())).toEqual([
      'Internal: linked to',
      'a support ticket;',
      'keep customer names',
      'out of public',
      'comments.',
    ]);
    expect(notes).toEqual([]);
  });

  it('leaves a column out rather than narrow a body past where a cell shown whole would be cut to 12 lines', async () => {
    // Twelve words of 24 cells: twelve lines at 24, each word broken in two narrower.
    const body = Array.from({ length: 12 }, () => 'x'.repeat(24)).join(' ');
    const notes: string[] = [];
    const lines = await table(
      [
        [
          {
            id: 1,
            author: { username: 'max' },
            created_at: '2021-01-05T13:00:00.000Z',
            system: false,
            confidential: false,
            body,
          },
        ],
      ],
      NOTE_COLUMNS,
      80,
      true,
      (message) => notes.push(message),
    );
    expect(lines[1]).toMatch(/^│ ID │ AUTHOR │ CREATED +│ CONFIDENTIAL │ BODY +│$/);
    expect(columnWidths(lines)).toEqual([2, 6, 16, 12, 28]);
    expect(lines.join('\n')).not.toContain('more line');
    // SYSTEM is the notes' first column left out (notes/output.ts).
    expect(notes[0]).toMatch(/^SYSTEM left out to fit 80 columns;/);
  });

  it("a body of 40 lines shows 12, then how many more, in the cell's colour; one note below the table says -o json shows it whole", async () => {
    const body = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
    const columns: Column[] = [
      { header: 'ID', path: 'id' },
      { header: 'BODY', path: 'body', wrap: true, tone: () => 'yellow' },
    ];
    const notes: string[] = [];
    const lines = await table([[{ id: 1, body }], [{ id: 2, body: 'short' }]], columns, 60, true, (message) =>
      notes.push(message),
    );
    const cells = lines.slice(3, 16).map((line) => line.split('│')[2]?.trim());
    expect(cells[11]).toBe('line 12');
    expect(cells[12]).toBe('… 28 more lines');
    expect(notes).toEqual(['1 BODY value cut to 12 lines; -o json shows it whole']);
    const coloured = await table([[{ id: 1, body }]], columns, 60, true, undefined, true);
    expect(coloured.join('\n')).toContain('\x1b[33m… 28 more lines\x1b[39m');
  });

  it('a line a cell hides past its 12th does not widen its column', async () => {
    const body = [...Array.from({ length: 12 }, (_, i) => `line ${i + 1}`), 'x'.repeat(70), 'last'].join('\n');
    const columns: Column[] = [
      { header: 'ID', path: 'id' },
      { header: 'BODY', path: 'body', wrap: true },
    ];
    const lines = await table([[{ id: 1, body }]], columns, 120, true);
    // The widest line shown says how many are hidden: at 14 cells the long line wraps to 5 of them.
    expect(columnWidths(lines)).toEqual([2, 14]);
    expect(lines.at(-2)).toBe('│    │ … 6 more lines │');
  });

  it('cuts of many rows are counted in one note; 13 lines is one more line', async () => {
    const lines13 = Array.from({ length: 13 }, (_, i) => `l${i}`).join('\n');
    const notes: string[] = [];
    const lines = await table(
      [[{ id: 1, body: lines13 }], [{ id: 2, body: lines13 }]],
      NOTE_COLUMNS,
      100,
      true,
      (message) => notes.push(message),
    );
    expect(lines.filter((line) => line.includes('… 1 more line ')).length).toBe(2);
    expect(notes).toEqual(['2 BODY values cut to 12 lines; -o json shows them whole']);
  });

  it('cutToWidth and wrapToWidth measure display cells', () => {
    expect(cutToWidth('日本語テキスト', 7)).toBe('日本語…');
    expect(stringWidth(cutToWidth('👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦', 5))).toBeLessThanOrEqual(5);
    expect(cutToWidth('short', 10)).toBe('short');
    for (const line of wrapToWidth('日本語 テキスト を 折り返す 長い長い長い長い単語', 8))
      expect(stringWidth(line)).toBeLessThanOrEqual(8);
  });

  it('wrapToWidth breaks a word longer than a line after its last comma that fits', () => {
    const json = '{"name":"main","push_access_level":"maintainer","merge_access_level":"developer"}';
    expect(wrapToWidth(json, 56)).toEqual([
      '{"name":"main","push_access_level":"maintainer",',
      '"merge_access_level":"developer"}',
    ]);
  });

  it('wrapToWidth breaks a URL longer than a line after its last slash that fits', () => {
    expect(wrapToWidth('http://127.0.0.1:34561/acme/web/storefront.git', 39)).toEqual([
      'http://127.0.0.1:34561/acme/web/',
      'storefront.git',
    ]);
  });

  it('wrapToWidth breaks a kebab-case name longer than a line after its last hyphen that fits', () => {
    expect(wrapToWidth('+ label needs-a-rather-long-label-name-for-triage', 22)).toEqual([
      '+ label',
      'needs-a-rather-long-',
      'label-name-for-triage',
    ]);
  });

  it('wrapToWidth cuts a word with no comma where the line ends', () => {
    expect(wrapToWidth('x'.repeat(12), 5)).toEqual(['xxxxx', 'xxxxx', 'xx']);
  });

  it('wrapToWidth keeps every character: a break takes one space, further spaces begin the next line', () => {
    expect(wrapToWidth('ab  cd', 3)).toEqual(['ab', ' cd']);
    expect(wrapToWidth('ab cd', 3)).toEqual(['ab', 'cd']);
    expect(wrapToWidth('  ab', 4)).toEqual(['  ab']);
    expect(wrapToWidth('a\tb', 5)).toEqual(['a b']);
    expect(wrapToWidth('x '.repeat(2_000).trim(), 9)).toHaveLength(400);
  });

  it('wrapToWidth never breaks inside an escape sequence, a wide character or a combining mark', () => {
    expect(wrapToWidth('ab\\u202ecd', 4)).toEqual(['ab', '\\u202e', 'cd']);
    expect(wrapToWidth('a\\x1bz', 3)).toEqual(['a', '\\x1b', 'z']);
    expect(wrapToWidth('"a\\"b\\n"', 3)).toEqual(['"a', '\\"b', '\\n"']);
    // A lone backslash before an escape stands alone: `C:\` then `\u202e`.
    expect(wrapToWidth('C:\\\\u202e', 4)).toEqual(['C:\\', '\\u202e']);
    expect(wrapToWidth('a中b', 2)).toEqual(['a', '中', 'b']);
    expect(wrapToWidth('ae\u0301e\u0301', 2)).toEqual(['ae\u0301', 'e\u0301']);
    // Wider than the line: alone on its line rather than lost.
    expect(wrapToWidth('\\u202e中', 1)).toEqual(['\\u202e', '中']);
  });

  it('cutToWidth cuts before an escape sequence, never inside it', () => {
    expect(cutToWidth('abc\\u202edef', 6)).toBe('abc…');
    expect(cutToWidth('abc\\u202edef', 10)).toBe('abc\\u202e…');
  });

  it('the fast measure of ASCII agrees with the whole measure at every limit', () => {
    const texts = ['', 'abc', 'abcd', 'abce\u0301', 'ab\u0301c', 'abc\u200b', 'ab日本', 'a\tb', 'x'.repeat(40)];
    for (const text of texts) {
      expect(displayWidth(text)).toBe(stringWidth(text));
      for (let limit = 0; limit <= 6; limit++) {
        const width = stringWidth(text);
        expect(widthWithin(text, limit), `${JSON.stringify(text)} within ${limit}`).toBe(
          width <= limit ? width : limit + 1,
        );
        expect(stringWidth(cutToWidth(text, limit))).toBeLessThanOrEqual(limit);
      }
    }
  });

  it('cutToWidth keeps a combining mark after the last character counted', () => {
    expect(cutToWidth('abce\u0301', 4)).toBe('abce\u0301');
    expect(cutToWidth('abce\u0301x', 4)).toBe('abc…');
  });

  it('with colour, a cell of CJK, emoji or a combining mark is padded by what it shows, not by its colour codes', async () => {
    const lines = await table(
      [
        [
          project(1, 'acme/日本語', 'private'),
          project(2, 'acme/cafe\u0301', 'internal'),
          project(3, 'acme/👩‍👩‍👧‍👦', 'public'),
        ],
      ],
      PROJECT_COLUMNS,
      80,
      true,
      undefined,
      true,
    );
    const width = stringWidth(lines[0] ?? '');
    for (const line of lines) expect(stringWidth(line)).toBe(width);
    expect(lines.join('\n')).toContain('\x1b[35mprivate\x1b[39m');
  });

  it('lines up cells whose width cli-table3 would measure otherwise (a zero-width space), and U+2714 in one cell', async () => {
    const lines = await table(
      [[project(1, 'acme/✔-done'), project(2, 'acme/a\u200bb'), project(3, 'acme/plain')]],
      PROJECT_COLUMNS,
      120,
    );
    const width = stringWidth(lines[0] ?? '');
    for (const line of lines) expect(stringWidth(line)).toBe(width);
    expect(lines.join('\n')).not.toContain('…');
  });

  it('with colour: each rule one grey span, each bar its own, and the text coloured inside its padding', async () => {
    const lines = await table(
      [[project(1, 'acme/web', 'private')]],
      PROJECT_COLUMNS.slice(0, 3),
      60,
      true,
      undefined,
      true,
    );
    const grey = (text: string) => `\x1b[90m${text}\x1b[39m`;
    expect(lines[0]).toMatch(/^\x1b\[90m┌─+┬─+┬─+┐\x1b\[39m$/);
    expect(lines[2]).toMatch(/^\x1b\[90m├─+┼─+┼─+┤\x1b\[39m$/);
    expect(lines[3]?.startsWith(`${grey('│')}  1 ${grey('│')} `)).toBe(true);
    expect(lines[3]).toContain('\x1b[35mprivate\x1b[39m');
    expect(lines[4]).toMatch(/^\x1b\[90m└─+┴─+┴─+┘\x1b\[39m$/);
  });

  it('says on stderr, once, which columns a narrow terminal left out and how --fields chooses them; nothing when all fit', async () => {
    const warnings: string[] = [];
    await table([[project(1, 'acme/web/storefront')], [project(2, 'acme/api')]], PROJECT_COLUMNS, 40, true, (message) =>
      warnings.push(message),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^(.*, )?LAST ACTIVITY(, .*)? left out to fit 40 columns; --fields id,path_with_namespace,\S*last_activity_at\S* chooses the columns$/,
    );
    const wide: string[] = [];
    await table([[project(1, 'acme/web/storefront')]], PROJECT_COLUMNS, 200, true, (message) => wide.push(message));
    expect(wide).toEqual([]);
  });
});

describe('one-line text shares its width: the most cells whole first, then the rest in proportion', () => {
  /** The users the sandbox seeds, as `users list` shows them to an administrator, newest first. */
  const USERS = (
    [
      [6, 'xena', 'Xena External'],
      [5, 'rui', 'Rui Reporter'],
      [4, 'dana', 'Dana Developer'],
      [3, 'max', 'Max Maintainer'],
      [2, 'olivia', 'Olivia Owner'],
      [1, 'root', 'Administrator'],
    ] as const
  ).map(([id, username, name]) => ({ id, username, name, state: 'active', email: `${username}@example.com` }));
  /** Deploy keys as the service lists them: a long title, and fingerprints of 50 cells. */
  const KEYS = [
    {
      id: 1,
      title: 'The continuous integration runner of the platform team',
      can_push: false,
      fingerprint_sha256: 'SHA256:STwgXR1m8dYqvjk560UfW20je4T3h2Z3bLocLTh/Oog',
      expires_at: null,
    },
    {
      id: 2,
      title: 'deploy bot',
      can_push: true,
      fingerprint_sha256: 'SHA256:akDJULIVEhAgu4w3/SGMlmIFML8xtXz25Q/HALFveuQ',
      expires_at: '2027-01-31T00:00:00.000Z',
    },
  ];
  /** The cells of a table's rows, trimmed, borders aside. */
  const rowCells = (lines: readonly string[]) =>
    lines.slice(3, -1).map((line) =>
      line
        .split('│')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

  it('users list on 60 columns shows EMAIL whole on every row whose NAME is cut, rather than every email cut', async () => {
    const lines = await table([USERS], USER_COLUMNS, 60);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(60);
    const rows = rowCells(lines);
    expect(rows.map((row) => row[1])).toEqual(USERS.map((user) => user.username));
    USERS.forEach((user, i) => {
      const [, , name, , email] = rows[i] as string[];
      if (name !== user.name) expect(email).toBe(user.email);
    });
    // Every email of 16 cells shows whole (before, each was cut to 14 beside names shown whole).
    const whole = USERS.filter((user, i) => rows[i]?.[4] === user.email).map((user) => user.username);
    expect(whole).toEqual(['xena', 'rui', 'dana', 'max', 'root']);
  });

  it('deploy-keys list on 100 columns gives FINGERPRINT more than 11 cells beside a long title', async () => {
    const lines = await table([KEYS], DEPLOY_KEY_COLUMNS, 100);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(100);
    expect(lines[1]?.split('│').map((cell) => cell.trim())).toEqual([
      '',
      'ID',
      'TITLE',
      'CAN PUSH',
      'FINGERPRINT',
      'EXPIRES AT',
      '',
    ]);
    const [, title, , fingerprint] = columnWidths(lines) as number[];
    expect(fingerprint).toBeGreaterThan(11);
    // The title still reads as its first words.
    expect(title).toBeGreaterThanOrEqual(24);
    const rows = rowCells(lines);
    KEYS.forEach((key, i) => {
      const shown = rows[i]?.[3] as string;
      expect(shown.endsWith('…')).toBe(true);
      expect(key.fingerprint_sha256.startsWith(shown.slice(0, -1))).toBe(true);
    });
  });

  it('users list on 64 columns, where NAME and EMAIL fit with no cell to spare, each is as wide as its widest value', async () => {
    const lines = await table([USERS], USER_COLUMNS, 64);
    expect(columnWidths(lines)).toEqual([2, 'USERNAME'.length, 'Max Maintainer'.length, 'active'.length, 18]);
    expect(stringWidth(lines[0] ?? '')).toBe(64);
    expect(lines.join('\n')).not.toContain('…');
  });

  it('shares the room left alike for the same rows in any order, drawn again or reversed, on 60 to 140 columns', async () => {
    for (let width = 60; width <= 140; width++) {
      const widths = columnWidths(await table([KEYS], DEPLOY_KEY_COLUMNS, width));
      expect(columnWidths(await table([KEYS], DEPLOY_KEY_COLUMNS, width)), `${width} columns`).toEqual(widths);
      expect(columnWidths(await table([[...KEYS].reverse()], DEPLOY_KEY_COLUMNS, width)), `${width} columns`).toEqual(
        widths,
      );
    }
  });

  it('a table whose text is cut takes the whole width and no more, on 60 to 140 columns', async () => {
    for (let width = 60; width <= 140; width++) {
      for (const [rows, columns] of [
        [KEYS, DEPLOY_KEY_COLUMNS],
        [USERS, USER_COLUMNS],
      ] as const) {
        const lines = await table([rows], columns, width);
        for (const line of lines) expect(stringWidth(line), `${width} columns`).toBeLessThanOrEqual(width);
        if (lines.some((line) => line.includes('…')))
          expect(stringWidth(lines[0] ?? ''), `${width} columns`).toBe(width);
      }
    }
  });
  it('deploy-keys list on 120 columns shows a long title whole beside fingerprints cut, rather than cut it to show them whole', async () => {
    const lines = await table([KEYS], DEPLOY_KEY_COLUMNS, 120);
    const rows = rowCells(lines);
    expect(rows.map((row) => row[1])).toEqual(KEYS.map((key) => key.title));
    // What is left goes to the fingerprints: enough to tell keys apart.
    expect(columnWidths(lines)[3]).toBe(120 - 16 - 2 - 54 - 8 - 16);
  });

  it('on 3,000 columns, text thousands of cells wide shares the width in coarser steps and still fills it exactly', async () => {
    const columns: Column[] = [
      { header: 'ID', path: 'id' },
      { header: 'NAME', path: 'name', text: true },
      { header: 'DESCRIPTION', path: 'description', text: true },
      { header: 'URL', path: 'url', text: true },
    ];
    const rows = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      name: `service-${'n'.repeat(37 * i)}`,
      description: `Runs ${'the nightly jobs '.repeat(4 * i)}`.trim(),
      url: `https://ci.example.com/${'x'.repeat(53 * i)}`,
    }));
    const lines = await table([rows], columns, 3000, false);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(3000);
    expect(stringWidth(lines[0] ?? '')).toBe(3000);
    // Each column cut shows its shorter values whole and the rest cut at its width.
    const widths = columnWidths(lines);
    rowCells(lines).forEach((cells, i) => {
      const row = rows[i] as Record<string, unknown>;
      (['name', 'description', 'url'] as const).forEach((key, k) => {
        const value = String(row[key]);
        expect(cells[k + 1]).toBe(
          value.length <= (widths[k + 1] as number) ? value : cutToWidth(value, widths[k + 1] as number),
        );
      });
    });
  });
});

describe('result tables too narrow for their targets: a block a result', () => {
  const TARGETS = [
    'acme/platform/infra/brisk-falcon-101',
    'acme/platform/infra/terraform',
    'acme/platform/infra/grand-harbor-146',
  ];
  const changed = (target: string) => ({
    target,
    status: 'ok',
    result: `merge_method: merge -> rebase_merge; description: ${target.split('/').pop()} service -> Infrastructure project managed by collab.yaml`,
  });
  const columnsFor = (targets: readonly string[]) =>
    resultColumns((item) => String((item as unknown as { result: string }).result), targets);
  const results = (width: number, pages: unknown[][], targets: readonly string[] = TARGETS, color = false) =>
    table(pages, columnsFor(targets), width, true, undefined, color);

  it('where every target shows whole beside the result, draws the table a result column that is no body draws', async () => {
    const pages = [[changed(TARGETS[0] as string)], TARGETS.slice(1).map(changed)];
    const lines = await results(80, pages);
    const noBody = columnsFor(TARGETS).map(({ body: _body, ...column }) => column);
    expect(lines).toEqual(await table(pages, noBody, 80));
    expect(lines[0]?.startsWith('┌')).toBe(true);
    for (const target of TARGETS) expect(lines.some((line) => line.startsWith(`│ ${target} `))).toBe(true);
  });

  it('on 60 columns, where a target would be cut, shows each result as a block: target and status, the text under them', async () => {
    const lines = await results(60, [[changed(TARGETS[0] as string)], TARGETS.slice(1).map(changed)]);
    expect(lines).toEqual([
      'acme/platform/infra/brisk-falcon-101  ok',
      '    merge_method: merge -> rebase_merge; description:',
      '    brisk-falcon-101 service -> Infrastructure project',
      '    managed by collab.yaml',
      '',
      'acme/platform/infra/terraform         ok',
      '    merge_method: merge -> rebase_merge; description:',
      '    terraform service -> Infrastructure project managed by',
      '    collab.yaml',
      '',
      'acme/platform/infra/grand-harbor-146  ok',
      '    merge_method: merge -> rebase_merge; description:',
      '    grand-harbor-146 service -> Infrastructure project',
      '    managed by collab.yaml',
    ]);
  });

  it('where every target shows whole but a result would be cut in its cell, shows each result as a block', async () => {
    const target = 'acme/web/storefront';
    const long = {
      target,
      status: 'ok',
      result: Array.from({ length: 9 }, (_v, k) => `+ variable VARIABLE_NUMBER_${k + 1}`).join('; '),
    };
    const lines = await results(60, [[long]], [target]);
    expect(lines[0]).toBe('acme/web/storefront  ok');
    expect(lines.slice(1).join(' ').replace(/ {4}/g, '')).toBe(long.result);
    expect(lines.length).toBeLessThan(12);
  });

  it('a target wider than the terminal wraps after a slash, whole, its status after it; nothing is cut', async () => {
    const long = 'acme/platform/infra/a-project-whose-path-is-longer-than-the-terminal-is-wide';
    const targets = [long, 'acme/web/storefront'];
    const lines = await results(
      40,
      [[{ target: long, status: 'failed', result: '404 Project Not Found' }, changed('acme/web/storefront')]],
      targets,
    );
    expect(lines.slice(0, 4)).toEqual([
      'acme/platform/infra/',
      'a-project-whose-path-is-longer-than-the-',
      'terminal-is-wide  failed',
      '    404 Project Not Found',
    ]);
    // The other targets' statuses line up where the widest status still fits after them.
    expect(lines[5]).toBe(`${'acme/web/storefront'.padEnd(40 - 'unchanged'.length - 2)}  ok`);
    expect(lines.join('\n')).not.toContain('…');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
  });

  it('a result of several lines keeps each, indented under its target', async () => {
    const result = 'PUT /projects/acme%2Fplatform%2Finfra%2Fterraform\nmerge_method=ff\nsquash_option=always';
    const lines = await results(60, [[{ target: TARGETS[1], status: 'dry-run', result }]]);
    expect(lines).toEqual([
      'acme/platform/infra/terraform         dry-run',
      '    PUT /projects/acme%2Fplatform%2Finfra%2Fterraform',
      '    merge_method=ff',
      '    squash_option=always',
    ]);
  });

  it("a dry-run's request path wider than its block breaks after a %2F, not inside a name", async () => {
    const result = 'PUT /projects/acme%2Fweb%2Fstorefront';
    const lines = await results(
      26,
      [[{ target: 'acme/web/storefront', status: 'dry-run', result }]],
      ['acme/web/storefront'],
    );
    // Its project on a line of its own where that holds it; here none does, so it breaks at a %2F.
    expect(lines).toEqual([
      'acme/web/storefront',
      'dry-run',
      '    PUT /projects/',
      '    acme%2Fweb%2F',
      '    storefront',
    ]);
  });

  it('with colour, a block colours the status as the table does, its padding outside the colour', async () => {
    const lines = await results(60, [TARGETS.slice(0, 2).map(changed)], TARGETS, true);
    expect(lines[0]).toBe('acme/platform/infra/brisk-falcon-101  \x1b[32mok\x1b[39m');
    expect(lines[5]).toBe('acme/platform/infra/terraform         \x1b[32mok\x1b[39m');
  });
});
