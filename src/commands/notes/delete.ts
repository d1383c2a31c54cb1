import { deleteNote, describeTarget, type NoteTarget } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { NOTE_ID } from './shared.js';
import { NOTE_THREAD, unknownNote } from './target.js';
import { ownerVerb } from '../owner.js';

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

interface DeleteNoteOptions {
  owner: NoteTarget;
  noteId: number;
}

export function parse(input: VerbInput<typeof DELETE>): DeleteNoteOptions {
  return { noteId: input.noteId, owner: input.owner };
}

/** One note is named by its ID: no confirmation is asked (--dry-run shows what would be sent). */
export async function run(ctx: VerbContext, opts: DeleteNoteOptions): Promise<void> {
  const response = await ctx.session.mutate(deleteNote(opts.owner, opts.noteId)).catch((error: unknown) => {
    throw unknownNote(error, opts.owner, opts.noteId);
  });
  if (response) ctx.terminal.info(`deleted note ${opts.noteId} from ${describeTarget(opts.owner)}`);
}
