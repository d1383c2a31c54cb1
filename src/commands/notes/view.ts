import { type AwardedObject, getNote, isNote, type NoteTarget } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import { NOTEABLES } from '../../params/notes.js';
import type { VerbInput } from '../verb.js';
import { printAwardedObject, printNote } from './output.js';
import { NOTE_ID } from './shared.js';
import { NOTE_THREAD, unknownNote } from './target.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  owner: NOTE_THREAD,
  name: 'view',
  summary: 'Show one note',
  args: NOTE_ID,
  examples: ['collab notes view 1204 --project grp/app --issue 3', 'collab notes view 88 --group grp --epic 7 --json'],
});

interface ViewNoteOptions {
  owner: NoteTarget;
  noteId: number;
}

export function parse(input: VerbInput<typeof VIEW>): ViewNoteOptions {
  return { noteId: input.noteId, owner: input.owner };
}

export async function run(ctx: VerbContext, opts: ViewNoteOptions): Promise<void> {
  const { data } = await ctx.session.request(getNote(opts.owner, opts.noteId)).catch((error: unknown) => {
    throw unknownNote(error, opts.owner, opts.noteId);
  });
  if (isNote(data)) {
    await printNote(ctx, data);
    return;
  }
  // The reference documents this shape as the single read of snippet and epic notes.
  ctx.terminal.warn(
    `the service answered with a summary of the ${NOTEABLES[opts.owner.kind].label} (no note body); showing it as given`,
  );
  await printAwardedObject(ctx, data as AwardedObject);
}
