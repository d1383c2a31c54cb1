import { deleteNote, describeTarget, type NoteTarget } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

interface DeleteNoteOptions {
  owner: NoteTarget;
  noteId: number;
}

export function parse(input: VerbInput<typeof DELETE>): DeleteNoteOptions {
  return { noteId: input.noteId, owner: input.owner };
}

/** One note is named by its ID: no confirmation is asked (--dry-run shows what would be sent). */
export async function run(ctx: VerbContext, opts: DeleteNoteOptions): Promise<void> {
  const response = await ctx.session.mutate(deleteNote(opts.owner, opts.noteId));
  if (response) ctx.terminal.info(`deleted note ${opts.noteId} from ${describeTarget(opts.owner)}`);
}
