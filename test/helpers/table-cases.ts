import { type Column, PRIORITY, visibilityTone, yesNo } from '../../src/output/format.js';
import { ListWriter } from '../../src/output/writer.js';
import { capturedIO } from './captured-io.js';

/**
 * The tables of test/fixtures/tables.golden.txt: projects, notes (a wrapped body) and members, at
 * 60, 80 and 120 columns, with colour and without, over several pages (a later page widens a
 * number), their values the hard ones: CJK, emoji, a combining mark, a zero-width space, U+2714,
 * control characters, a URL with credentials, a 300-character word. The columns are written out
 * here, so that the file depends on the fitting rule and the drawing alone, not on a command's
 * choice of columns.
 */

const WEIRD = [
  '日本語テキスト/とても/長い/パス',
  'e\u0301cole/cafe\u0301',
  'a\u200bb',
  '✔ done',
  '👩‍👩‍👧‍👦 family',
  'tab\there\nnewline',
  '\x1b[31mred\x1b[0m',
  'https://user:pw@host/x.git',
  'x'.repeat(300),
];

const PROJECTS: Column[] = [
  { header: 'ID', path: 'id' },
  {
    header: 'PATH',
    path: 'path_with_namespace',
    text: true,
    priority: PRIORITY.identifying,
    tone: (_value, item) => ((item as { archived?: boolean }).archived ? 'grey' : undefined),
  },
  { header: 'VISIBILITY', path: 'visibility', choices: ['private', 'internal', 'public'], tone: visibilityTone },
  { header: 'STARS', path: 'star_count' },
  { header: 'LAST ACTIVITY', path: 'last_activity_at' },
  { header: 'DESCRIPTION', path: 'description', text: true },
];
const NOTES: Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'AUTHOR', path: 'author.username', text: true },
  { header: 'CREATED', path: 'created_at' },
  { header: 'SYSTEM', path: 'system', format: yesNo, choices: ['yes', 'no'] },
  { header: 'BODY', path: 'body', wrap: true },
];
const MEMBERS: Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'name', text: true },
  { header: 'EXPIRES', path: 'expires_at' },
  { header: 'STATE', path: 'state', choices: ['active', 'blocked'] },
];

function projects(count: number, seed: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    id: seed * 1000 + i * (i % 5 === 0 ? 997 : 1),
    path_with_namespace: i % 3 ? `grp-${i}/${WEIRD[i % WEIRD.length]}` : `g/s/p-${i}`,
    visibility: ['public', 'internal', 'private', 'weird'][i % 4],
    star_count: (i * 37) % 1000,
    archived: i % 7 === 0,
    last_activity_at: i % 4 ? '2024-03-01T10:00:00.000Z' : null,
    description: WEIRD[(i + seed) % WEIRD.length],
  }));
}

function notes(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i,
    author: { username: `user${i}` },
    created_at: '2024-01-01T00:00:00Z',
    body: `${WEIRD[i % WEIRD.length]} lorem ipsum dolor sit amet `.repeat(i % 6),
    system: i % 2 === 0,
  }));
}

const MEMBER_PAGES = [
  [{ id: 1, username: 'ann', name: 'Ann 日本', expires_at: null, state: 'active' }],
  [{ id: 2, username: 'bob\x1b]0;x\x07', name: 'B', expires_at: '2027-01-01', state: 'blocked' }],
];

export interface TableCase {
  title: string;
  columns: Column[];
  width: number;
  color: boolean;
  pages: unknown[][];
}

export function tableCases(): TableCase[] {
  const cases: TableCase[] = [];
  for (const width of [60, 80, 120]) {
    for (const color of [false, true]) {
      const at = `${width} columns${color ? ', colour' : ''}`;
      cases.push({
        title: `projects, ${at}`,
        columns: PROJECTS,
        width,
        color,
        pages: [projects(7, 1), projects(12, 2), projects(3, 9)],
      });
      cases.push({ title: `notes, ${at}`, columns: NOTES, width, color, pages: [notes(5), notes(9)] });
      cases.push({ title: `members, ${at}`, columns: MEMBERS, width, color, pages: MEMBER_PAGES });
    }
  }
  return cases;
}

/** A case drawn as a terminal gets it: stdout alone (what stderr says of columns left out is tested beside the table's other tests). */
export async function drawCase(c: TableCase): Promise<string> {
  const { io, out } = capturedIO({ tty: true, columns: c.width, color: c.color, timeZone: 'UTC' });
  const writer = new ListWriter(io, { format: 'table' }, c.columns, true);
  for (const page of c.pages) await writer.write(page);
  await writer.end();
  return out();
}
