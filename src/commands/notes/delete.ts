import { deleteNote, describeTarget, type NoteTarget } from '../../api/notes.js';
import type { Context } from '../../context.js';
import { parseArg, positiveInteger } from '../../params/parsers.js';
import type { CommandInput } from '../spec.js';
import { noteTargetFromOptions } from './target.js';

export interface DeleteNoteOptions {
  target: NoteTarget;
  noteId: number;
}

export function options({ args, options: o }: CommandInput): DeleteNoteOptions {
  return { noteId: parseArg<number>(positiveInteger, args[0], 'note-id'), target: noteTargetFromOptions(o) };
}

/** One note is named by its ID: no confirmation is asked (--dry-run shows what would be sent). */
export async function run(ctx: Context, opts: DeleteNoteOptions): Promise<void> {
  const response = await ctx.mutate(deleteNote(opts.target, opts.noteId));
  if (response) ctx.info(`deleted note ${opts.noteId} from ${describeTarget(opts.target)}`);
}
