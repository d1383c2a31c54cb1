import { type AwardedObject, getNote, isNote, type NoteTarget } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import { NOTEABLES } from '../../params/notes.js';
import type { VerbInput } from '../verb.js';
import type { VIEW } from './index.js';
import { printAwardedObject, printNote } from './output.js';

interface ViewNoteOptions {
  owner: NoteTarget;
  noteId: number;
}

export function parse(input: VerbInput<typeof VIEW>): ViewNoteOptions {
  return { noteId: input.noteId, owner: input.owner };
}

export async function run(ctx: VerbContext, opts: ViewNoteOptions): Promise<void> {
  const { data } = await ctx.session.request(getNote(opts.owner, opts.noteId));
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
