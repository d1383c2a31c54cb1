import type { AwardedObject, Note } from '../../api/notes.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import type { DetailField } from '../../output/writer.js';

const yesNo = (value: unknown) => (value ? 'yes' : 'no');

function firstLine(value: unknown): string {
  return String(value ?? '').split(/\r?\n/, 1)[0] ?? '';
}

/** Room a terminal table leaves the body: the other columns are short and of known size. */
const OTHER_COLUMNS_WIDTH = 12 + 10 + 26 + 8 + 14 + 7 + 2;
const MAX_WRAPPED_LINES = 12;

/** Words wrapped to `width`; words longer than a line are cut. At most MAX_WRAPPED_LINES lines. */
export function wrapText(text: string, width: number): string {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > width) {
        if (line) lines.push(line);
        lines.push(rest.slice(0, width));
        line = '';
        rest = rest.slice(width);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
    if (lines.length > MAX_WRAPPED_LINES) break;
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > MAX_WRAPPED_LINES) return [...lines.slice(0, MAX_WRAPPED_LINES), '…'].join('\n');
  return lines.join('\n');
}

/**
 * The list's columns. A terminal table shows each body wrapped over several lines; everywhere
 * else (pipes, csv) the cell is the body's first line. Same columns either way.
 */
export async function noteColumns(ctx: Context): Promise<Column[]> {
  const { format } = await ctx.outputOptions();
  const wrapWidth = format === 'table' && ctx.io.stdoutIsTTY ? Math.max(24, (ctx.io.columns || 100) - OTHER_COLUMNS_WIDTH) : 0;
  return [
    { header: 'ID', path: 'id' },
    { header: 'AUTHOR', path: 'author.username' },
    { header: 'CREATED', path: 'created_at' },
    { header: 'SYSTEM', path: 'system', format: yesNo },
    { header: 'CONFIDENTIAL', path: 'confidential', format: yesNo },
    { header: 'BODY', path: 'body', format: wrapWidth ? (value) => wrapText(String(value ?? ''), wrapWidth) : firstLine },
  ];
}

function authorText(value: unknown): string {
  const author = value as { username?: string; name?: string } | null | undefined;
  if (!author?.username) return '';
  return author.name ? `${author.username} (${author.name})` : author.username;
}

const DETAIL_LABEL_WIDTH = 'Confidential'.length + 2;

export function noteDetail(ctx: Context): DetailField[] {
  return [
    { label: 'ID', path: 'id' },
    { label: 'Author', path: 'author', format: authorText },
    { label: 'Created', path: 'created_at' },
    { label: 'Updated', path: 'updated_at' },
    { label: 'System', path: 'system', format: yesNo },
    { label: 'Confidential', path: 'confidential', format: yesNo },
    {
      label: 'On',
      path: 'noteable_type',
      format: (value, item) => {
        const note = item as Note;
        return [value, note.noteable_iid !== null && note.noteable_iid !== undefined ? `#${note.noteable_iid}` : ''].filter(Boolean).join(' ');
      },
    },
    {
      label: 'Body',
      path: 'body',
      // On a terminal the body's later lines line up under its first.
      format: (value) => {
        const text = String(value ?? '');
        if (!ctx.io.stdoutIsTTY) return text;
        return text
          .split('\n')
          .map((line, index) => (index > 0 && line ? `${' '.repeat(DETAIL_LABEL_WIDTH)}${line}` : line))
          .join('\n');
      },
    },
  ];
}

export async function printNote(ctx: Context, note: Note): Promise<void> {
  await ctx.printResource(note, { columns: await noteColumns(ctx), detail: noteDetail(ctx) });
}

const AWARDED_COLUMNS: Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'TITLE', path: 'title' },
  { header: 'FILE', path: 'file_name' },
  { header: 'AUTHOR', path: 'author.username' },
  { header: 'CREATED', path: 'created_at' },
];

const AWARDED_DETAIL: DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Title', path: 'title' },
  { label: 'File', path: 'file_name' },
  { label: 'Author', path: 'author', format: authorText },
  { label: 'Created', path: 'created_at' },
  { label: 'Updated', path: 'updated_at' },
  { label: 'Expires', path: 'expires_at' },
];

/** The snippet-like object the service answers instead of a note (no body): printed as what it is. */
export async function printAwardedObject(ctx: Context, answer: AwardedObject): Promise<void> {
  const detail = 'confidential' in answer ? [...AWARDED_DETAIL, { label: 'Confidential', path: 'confidential', format: yesNo }] : AWARDED_DETAIL;
  await ctx.printResource(answer, { columns: AWARDED_COLUMNS, detail });
}
