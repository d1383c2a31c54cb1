import { describeTarget, getNote, isNote, type NoteTarget, updateNote } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { bodyText, canOpenEditor, checkBody, chooseEditor, editText, type GivenBody, givenBody } from './body.js';
import { printNote } from './output.js';
import { nothingToChange, tristate } from '../flags.js';
import { BODY_FLAGS, NOTE_ID } from './shared.js';
import { ownerVerb } from '../owner.js';
import { NOTE_THREAD, unknownNote } from './target.js';

/** What update changes (--confidential on an issue's notes only): a call with none of them edits, or is refused. */
const CHANGE_FLAGS = {
  ...BODY_FLAGS,
  confidential: tristate('--confidential', 'issue notes: make it visible only to reporters and above'),
};

export const UPDATE = ownerVerb({
  owner: NOTE_THREAD,
  name: 'update',
  summary: 'Change a note’s text, or whether an issue note is confidential',
  description: 'Without --body, --body-file or --confidential, on a terminal, your editor opens on the current text.',
  args: NOTE_ID,
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: [
    'collab notes update 1204 --project grp/app --issue 3 --body "Fixed in !12 and !14"',
    'collab notes update 1204 --project grp/app --issue 3 --no-confidential',
  ],
});

interface UpdateNoteOptions {
  owner: NoteTarget;
  noteId: number;
  /** Read and checked in parse when given as text or a file; standard input in run. */
  body: GivenBody;
  confidential: boolean | undefined;
  /** Nothing given to change: edit the current text in the editor. */
  useEditor: boolean;
}

/** Once a run: the target, --confidential against it, and the body from --body or a file. */
export async function parse(input: VerbInput<typeof UPDATE>): Promise<UpdateNoteOptions> {
  const { noteId, confidential } = input;
  const target = input.owner;
  if (confidential !== undefined && target.kind !== 'issue') {
    throw new CollabError('usage', `--${confidential ? '' : 'no-'}confidential applies to issue notes only`, {
      hint: 'the API changes confidentiality of issue notes only; change the text with --body',
    });
  }
  const body = await givenBody(input);
  if (body && 'text' in body) checkBody(body.text);
  return { owner: target, noteId, body, confidential, useEditor: body === undefined && confidential === undefined };
}

export async function run(ctx: VerbContext, opts: UpdateNoteOptions): Promise<void> {
  // Refused first, before any request: with nothing to change, only an editor can say what.
  if (opts.useEditor && !canOpenEditor(ctx))
    throw nothingToChange(
      opts.owner.kind === 'issue' ? CHANGE_FLAGS : BODY_FLAGS,
      '--body-file - reads standard input',
    );
  let body = await bodyText(ctx, opts.body);
  if (opts.useEditor) {
    const { data } = await ctx.session.request(getNote(opts.owner, opts.noteId)).catch((error: unknown) => {
      throw unknownNote(error, opts.owner, opts.noteId);
    });
    const current = isNote(data) ? data.body : '';
    body = await editText(await chooseEditor(ctx), current, ctx.session.signal, ctx.session.env);
    if (body === current) {
      await ctx.presenter.action({ unchanged: 'the text is unchanged; nothing was sent' });
      return;
    }
    checkBody(body);
  }
  const response = await ctx.session
    .mutate(updateNote(opts.owner, opts.noteId, { body, confidential: opts.confidential }))
    .catch((error: unknown) => {
      throw unknownNote(error, opts.owner, opts.noteId);
    });
  if (!response) return;
  ctx.terminal.info(`updated note ${opts.noteId} on ${describeTarget(opts.owner)}`);
  if (isNote(response.data)) await printNote(ctx, response.data);
}
