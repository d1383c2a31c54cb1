import { describeTarget, getNote, isNote, type NoteTarget, updateNote } from '../../api/notes.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { parseArg, positiveInteger } from '../../params/parsers.js';
import type { CommandInput } from '../spec.js';
import { bodyFromFlags, canOpenEditor, checkBody, chooseEditor, editText } from './body.js';
import { printNote } from './output.js';
import { noteTargetFromOptions } from './target.js';

export interface UpdateNoteOptions {
  target: NoteTarget;
  noteId: number;
  /** undefined: edit the current text in the editor (only when nothing else changes). */
  body: string | undefined;
  confidential: boolean | undefined;
  useEditor: boolean;
}

export async function options({ args, options: o }: CommandInput, ctx: Context): Promise<UpdateNoteOptions> {
  const noteId = parseArg<number>(positiveInteger, args[0], 'note-id');
  const target = noteTargetFromOptions(o);
  const confidential = o.confidential as boolean | undefined;
  if (confidential !== undefined && target.kind !== 'issue') {
    throw new CollabError('usage', `--${confidential ? '' : 'no-'}confidential applies to issue notes only`, { hint: 'the API changes confidentiality of issue notes only; change the text with --body' });
  }
  const body = await bodyFromFlags(ctx, { body: o.body as string | undefined, bodyFile: o.bodyFile as string | undefined });
  const useEditor = body === undefined && confidential === undefined;
  if (useEditor && !canOpenEditor(ctx)) {
    const what = target.kind === 'issue' ? '--body, --body-file or --confidential / --no-confidential' : '--body or --body-file';
    throw new CollabError('usage', 'nothing to change', { hint: `pass ${what} (--body-file - reads standard input)` });
  }
  return { target, noteId, body: body === undefined ? undefined : checkBody(body), confidential, useEditor };
}

export async function run(ctx: Context, opts: UpdateNoteOptions): Promise<void> {
  let body = opts.body;
  if (opts.useEditor) {
    const { data } = await ctx.request(getNote(opts.target, opts.noteId));
    const current = isNote(data) ? data.body : '';
    body = await editText(await chooseEditor(ctx), current, ctx.signal, ctx.env);
    if (body === current) {
      ctx.unchanged('the text is unchanged; nothing was sent');
      return;
    }
    checkBody(body);
  }
  const response = await ctx.mutate(updateNote(opts.target, opts.noteId, { body, confidential: opts.confidential }));
  if (!response) return;
  ctx.info(`updated note ${opts.noteId} on ${describeTarget(opts.target)}`);
  if (isNote(response.data)) await printNote(ctx, response.data);
}
