import { NOTE_ORDER_BY, NOTE_SORTS } from '../../params/notes.js';
import { dateTime, positiveInteger } from '../../params/parsers.js';
import { arg, asText, bool, choice, group, option, tristate } from '../flags.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';
import { NOTE_THREAD } from './target.js';
import { noun } from '../nouns.js';

const NOTE_ID = {
  noteId: arg({ name: 'note-id', description: 'the note (its ID, as `collab notes list` shows)' }, positiveInteger),
};

const BODY_FLAGS = {
  body: option('--body <text>', 'the text of the note (Markdown, at most 1,000,000 characters)', asText),
  bodyFile: option(
    '--body-file <path>',
    'read the text from a file, or - for standard input (a final newline is dropped)',
    asText,
  ),
};

/** --system, --no-system (hidden: help names it in --system's text), or neither: all notes. */
const SYSTEM = group(
  [
    {
      flags: '--system',
      description:
        'only system notes (changes the service recorded); --no-system: only comments by people. Filtered by collab after fetching, as the API has no such filter',
    },
    { flags: '--no-system', description: 'only comments by people', hidden: true },
  ],
  (raw) => (typeof raw.system === 'boolean' ? raw.system : undefined),
);

export const LIST = ownerVerb({
  owner: NOTE_THREAD,
  name: 'list',
  summary: 'List the notes, newest first (system notes included)',
  flags: {
    sort: choice('--sort <order>', 'asc or desc (default desc)', NOTE_SORTS),
    orderBy: choice('--order-by <field>', 'created_at (default) or updated_at', NOTE_ORDER_BY),
    system: SYSTEM,
  },
  list: true,
  examples: [
    'collab notes list --project grp/app --issue 3',
    'collab notes list --project grp/app --merge-request 12 --no-system --sort asc',
    'collab notes list --group grp --epic 7 --order-by updated_at --all --json',
  ],
});

export const VIEW = ownerVerb({
  owner: NOTE_THREAD,
  name: 'view',
  summary: 'Show one note',
  args: NOTE_ID,
  examples: ['collab notes view 1204 --project grp/app --issue 3', 'collab notes view 88 --group grp --epic 7 --json'],
});

export const CREATE = ownerVerb({
  owner: NOTE_THREAD,
  name: 'create',
  summary: 'Add a note (from --body, --body-file, or your editor)',
  description:
    'Without --body or --body-file, on a terminal, your editor opens (config editor, else $VISUAL, $EDITOR, vi); an empty text sends nothing. A body that is only an award emoji (":+1:", "👍") gives the emoji to the issue, merge request, snippet or epic instead of adding a note.',
  flags: {
    ...BODY_FLAGS,
    confidential: bool('--confidential', 'visible only to reporters and above (issue notes)'),
    createdAt: option(
      '--created-at <date-time>',
      'backdate the note, ISO 8601 (administrators and owners only)',
      dateTime,
    ),
    diffSha: option(
      '--diff-sha <sha>',
      'merge requests: the head commit SHA the note was written against (needed for /merge)',
      asText,
    ),
  },
  mutating: true,
  examples: [
    'collab notes create --project grp/app --issue 3 --body "Fixed in !12"',
    'git log -1 --format=%B | collab notes create --project grp/app --merge-request 12 --body-file -',
    'collab notes create --group grp --epic 7',
  ],
});

export const UPDATE = ownerVerb({
  owner: NOTE_THREAD,
  name: 'update',
  summary: 'Change a note’s text, or whether an issue note is confidential',
  description: 'Without --body, --body-file or --confidential, on a terminal, your editor opens on the current text.',
  args: NOTE_ID,
  flags: {
    ...BODY_FLAGS,
    confidential: tristate('--confidential', 'issue notes: make it visible only to reporters and above'),
  },
  mutating: true,
  examples: [
    'collab notes update 1204 --project grp/app --issue 3 --body "Fixed in !12 and !14"',
    'collab notes update 1204 --project grp/app --issue 3 --no-confidential',
  ],
});

export const DELETE = ownerVerb({
  owner: NOTE_THREAD,
  name: 'delete',
  destructive: true,
  summary: 'Delete a note',
  args: NOTE_ID,
  mutating: true,
  examples: [
    'collab notes delete 1204 --project grp/app --issue 3',
    'collab notes delete 1204 --project grp/app --issue 3 --dry-run',
  ],
});

export const spec: CommandSpec = {
  ...noun('notes'),
  description:
    'Every verb works on the notes of one thing: --project <p> with --issue <iid>, --merge-request <iid> or --snippet <id>; or --group <g> with --epic <id>. Issues and merge requests are given by their iid (the number in the project), snippets and epics by their ID.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
