import { NOTE_ORDER_BY, NOTE_SORTS } from '../../params/notes.js';
import { dateTime } from '../../params/parsers.js';
import type { CommandSpec, OptionSpec } from '../spec.js';
import { TARGET_OPTIONS } from './target.js';
import { noun } from '../nouns.js';

const NOTE_ID = { name: 'note-id', description: 'the note (its ID, as `collab notes list` shows)' };

const BODY_OPTIONS: readonly OptionSpec[] = [
  { flags: '--body <text>', description: 'the text of the note (Markdown, at most 1,000,000 characters)' },
  { flags: '--body-file <path>', description: 'read the text from a file, or - for standard input (a final newline is dropped)' },
];

export const spec: CommandSpec = {
  ...noun('notes'),
  description:
    'Every verb works on the notes of one thing: --project <p> with --issue <iid>, --merge-request <iid> or --snippet <id>; or --group <g> with --epic <id>. Issues and merge requests are given by their iid (the number in the project), snippets and epics by their ID.',
  subcommands: [
    {
      name: 'list',
      summary: 'List the notes, newest first (system notes included)',
      options: [
        ...TARGET_OPTIONS,
        { flags: '--sort <order>', description: 'asc or desc (default desc)', choices: NOTE_SORTS },
        { flags: '--order-by <field>', description: 'created_at (default) or updated_at', choices: NOTE_ORDER_BY },
        {
          flags: '--system',
          description: 'only system notes (changes the service recorded); --no-system: only comments by people. Filtered by collab after fetching, as the API has no such filter',
        },
        { flags: '--no-system', description: 'only comments by people', hidden: true },
      ],
      list: true,
      examples: [
        'collab notes list --project grp/app --issue 3',
        'collab notes list --project grp/app --merge-request 12 --no-system --sort asc',
        'collab notes list --group grp --epic 7 --order-by updated_at --all --json',
      ],
      load: () => import('./list.js'),
    },
    {
      name: 'view',
      summary: 'Show one note',
      args: [NOTE_ID],
      options: TARGET_OPTIONS,
      examples: ['collab notes view 1204 --project grp/app --issue 3', 'collab notes view 88 --group grp --epic 7 --json'],
      load: () => import('./view.js'),
    },
    {
      name: 'create',
      summary: 'Add a note (from --body, --body-file, or your editor)',
      description:
        'Without --body or --body-file, on a terminal, your editor opens (config editor, else $VISUAL, $EDITOR, vi); an empty text sends nothing. A body that is only an award emoji (":+1:", "👍") gives the emoji to the issue, merge request, snippet or epic instead of adding a note.',
      options: [
        ...TARGET_OPTIONS,
        ...BODY_OPTIONS,
        { flags: '--confidential', description: 'visible only to reporters and above (issue notes)' },
        { flags: '--created-at <date-time>', description: 'backdate the note, ISO 8601 (administrators and owners only)', parse: dateTime },
        { flags: '--diff-sha <sha>', description: 'merge requests: the head commit SHA the note was written against (needed for /merge)' },
      ],
      mutating: true,
      examples: [
        'collab notes create --project grp/app --issue 3 --body "Fixed in !12"',
        'git log -1 --format=%B | collab notes create --project grp/app --merge-request 12 --body-file -',
        'collab notes create --group grp --epic 7',
      ],
      load: () => import('./create.js'),
    },
    {
      name: 'update',
      summary: 'Change a note’s text, or whether an issue note is confidential',
      description: 'Without --body, --body-file or --confidential, on a terminal, your editor opens on the current text.',
      args: [NOTE_ID],
      options: [...TARGET_OPTIONS, ...BODY_OPTIONS, { flags: '--confidential', description: 'issue notes: make it visible only to reporters and above', negatable: true }],
      mutating: true,
      examples: ['collab notes update 1204 --project grp/app --issue 3 --body "Fixed in !12 and !14"', 'collab notes update 1204 --project grp/app --issue 3 --no-confidential'],
      load: () => import('./update.js'),
    },
    {
      name: 'delete',
      destructive: true,
      summary: 'Delete a note',
      args: [NOTE_ID],
      options: TARGET_OPTIONS,
      mutating: true,
      examples: ['collab notes delete 1204 --project grp/app --issue 3', 'collab notes delete 1204 --project grp/app --issue 3 --dry-run'],
      load: () => import('./delete.js'),
    },
  ],
};
