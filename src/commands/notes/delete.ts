import { deleteNote, describeTarget, getThread, type NoteTarget } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { removeOwned, strictFlag } from '../delete.js';
import { NOTE_ID } from './shared.js';
import { NOTE_THREAD } from './target.js';
import { ownerVerb } from '../owner.js';

export const DELETE = ownerVerb({
  owner: NOTE_THREAD,
  name: 'delete',
  destructive: true,
  summary: 'Delete a note (one already gone is not an error)',
  args: NOTE_ID,
  flags: { strict: strictFlag('the note does not exist') },
  mutating: true,
  examples: [
    'collab notes delete 1204 --project grp/app --issue 3',
    'collab notes delete 1204 --project grp/app --issue 3 --strict',
    'collab notes delete 1204 --project grp/app --issue 3 --dry-run',
  ],
});

interface DeleteNoteOptions {
  owner: NoteTarget;
  noteId: number;
  strict: boolean;
}

export function parse(input: VerbInput<typeof DELETE>): DeleteNoteOptions {
  return { noteId: input.noteId, owner: input.owner, strict: input.strict };
}

/**
 * One note is named by its ID: no confirmation is asked (--dry-run shows what would be sent). As
 * every delete, a note already gone is done (exit 4 with --strict); reading its thread tells that
 * from a missing issue, merge request, snippet or epic, an error with the service's message.
 */
export function run(ctx: VerbContext, opts: DeleteNoteOptions): Promise<void> {
  return removeOwned(ctx, {
    owner: { name: describeTarget(opts.owner), read: getThread(opts.owner) },
    what: `note ${opts.noteId}`,
    strict: opts.strict,
    request: deleteNote(opts.owner, opts.noteId),
  });
}
