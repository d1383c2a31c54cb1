import { arg, asText, option } from '../flags.js';
import { positiveInteger } from '../../params/parsers.js';

/** What the declarations of the notes verbs share. */

export const NOTE_ID = {
  noteId: arg({ name: 'note-id', description: 'the note (its ID, as `collab notes list` shows)' }, positiveInteger),
};

export const BODY_FLAGS = {
  body: option('--body <text>', 'the text of the note (Markdown, at most 1,000,000 characters)', asText),
  bodyFile: option(
    '--body-file <path>',
    'read the text from a file, or - for standard input (a final newline is dropped)',
    asText,
  ),
};
