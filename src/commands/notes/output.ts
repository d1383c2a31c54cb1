import type { AwardedObject, Note } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import { type Column, type DetailField, PRIORITY, yesNo } from '../../output/format.js';

/**
 * The list's columns. On a terminal the body wraps over several lines (the table gives it the
 * width the other columns leave); piped, it is the whole body on one line. SYSTEM is the first a
 * narrow terminal leaves out, before CREATED (a date's priority is below an enumeration's): a
 * system note's body says what it is (`assigned to @dana`), where a thread without its times
 * cannot be read as one.
 */
export const NOTE_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'AUTHOR', path: 'author.username', text: true },
  { header: 'CREATED', path: 'created_at' },
  { header: 'SYSTEM', path: 'system', format: yesNo, choices: ['yes', 'no'], priority: PRIORITY.low },
  {
    header: 'CONFIDENTIAL',
    path: 'confidential',
    format: yesNo,
    choices: ['yes', 'no'],
    tone: (value) => (value === true ? 'yellow' : undefined),
  },
  { header: 'BODY', path: 'body', wrap: true },
];

/** `dana (Dana Developer)` on a terminal; the username in a pipe. */
function authorText(username: unknown, item: unknown): string {
  const name = (item as { author?: { name?: string } | null }).author?.name;
  if (typeof username !== 'string' || !username) return '';
  return name ? `${username} (${name})` : username;
}

const NOTE_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Author', path: 'author.username', format: authorText },
  { label: 'Created', path: 'created_at' },
  { label: 'Updated', path: 'updated_at' },
  { label: 'System', path: 'system', format: yesNo },
  {
    label: 'Confidential',
    path: 'confidential',
    format: yesNo,
    tone: (value) => (value === true ? 'yellow' : undefined),
  },
  {
    label: 'On',
    path: 'noteable_type',
    format: (value, item) => {
      const note = item as Note;
      return [value, note.noteable_iid !== null && note.noteable_iid !== undefined ? `#${note.noteable_iid}` : '']
        .filter(Boolean)
        .join(' ');
    },
  },
  // On a terminal the body's later lines line up under its first (writer.ts).
  { label: 'Body', path: 'body' },
];

export async function printNote(ctx: VerbContext, note: Note): Promise<void> {
  await ctx.presenter.resource(note, { columns: NOTE_COLUMNS, detail: NOTE_DETAIL });
}

const AWARDED_COLUMNS: Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'TITLE', path: 'title', text: true },
  { header: 'FILE', path: 'file_name', text: true },
  { header: 'AUTHOR', path: 'author.username' },
  { header: 'CREATED', path: 'created_at' },
];

const AWARDED_DETAIL: DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Title', path: 'title' },
  { label: 'File', path: 'file_name' },
  { label: 'Author', path: 'author.username', format: authorText },
  { label: 'Created', path: 'created_at' },
  { label: 'Updated', path: 'updated_at' },
  { label: 'Expires', path: 'expires_at', none: 'never' },
];

/** The snippet-like object the service answers instead of a note (no body): printed as what it is. */
export async function printAwardedObject(ctx: VerbContext, answer: AwardedObject): Promise<void> {
  const detail =
    'confidential' in answer
      ? [...AWARDED_DETAIL, { label: 'Confidential', path: 'confidential', format: yesNo }]
      : AWARDED_DETAIL;
  await ctx.presenter.resource(answer, { columns: AWARDED_COLUMNS, detail });
}
