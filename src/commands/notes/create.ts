import { type AwardedObject, createNote, describeTarget, isNote, type NoteTarget } from '../../api/notes.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { awardEmojiName, isAwardEmojiOnly } from '../../params/notes.js';
import type { CommandInput } from '../spec.js';
import { bodyFromFlags, canOpenEditor, checkBody, chooseEditor, editText } from './body.js';
import { printAwardedObject, printNote } from './output.js';
import { noteTargetFromOptions } from './target.js';

export interface CreateNoteOptions {
  target: NoteTarget;
  body: string;
  confidential: boolean | undefined;
  createdAt: string | undefined;
  diffSha: string | undefined;
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

export async function options({ options: o }: CommandInput, ctx: Context): Promise<CreateNoteOptions> {
  const target = noteTargetFromOptions(o);
  const diffSha = o.diffSha as string | undefined;
  if (diffSha !== undefined && target.kind !== 'merge_request') {
    throw new CollabError('usage', '--diff-sha applies to merge request notes only', { hint: 'leave it out, or give the merge request: --project <p> --merge-request <iid>' });
  }
  if (diffSha !== undefined && !SHA.test(diffSha)) throw new CollabError('usage', `invalid value "${diffSha}" for --diff-sha: expected the full commit SHA (40 or 64 hex digits)`);
  if (o.confidential === true && target.kind !== 'issue') {
    throw new CollabError('usage', '--confidential applies to issue notes only', { hint: 'the API marks only issue notes confidential; leave out --confidential' });
  }
  let body = await bodyFromFlags(ctx, { body: o.body as string | undefined, bodyFile: o.bodyFile as string | undefined });
  if (body === undefined) {
    if (!canOpenEditor(ctx)) {
      throw new CollabError('usage', 'missing the note body', { hint: 'pass --body <text>, --body-file <path>, or --body-file - to read standard input' });
    }
    body = await editText(await chooseEditor(ctx), '', ctx.signal, ctx.env);
    if (body.trim() === '') throw new CollabError('usage', 'the note body is empty; nothing was sent');
  }
  return { target, body: checkBody(body), confidential: o.confidential === true ? true : undefined, createdAt: o.createdAt as string | undefined, diffSha };
}

export async function run(ctx: Context, opts: CreateNoteOptions): Promise<void> {
  const request = createNote(opts.target, { body: opts.body, confidential: opts.confidential, created_at: opts.createdAt, merge_request_diff_sha: opts.diffSha });
  const response = await ctx.mutate(request);
  if (!response) return;
  const where = describeTarget(opts.target);
  if (!isNote(response.data)) {
    const emoji = isAwardEmojiOnly(opts.body) ? awardEmojiName(opts.body) : opts.body;
    ctx.info(`the body was taken as an award emoji: ${emoji} was toggled on ${where}; no note was created`);
    await printAwardedObject(ctx, response.data as AwardedObject);
    return;
  }
  const note = response.data;
  ctx.info(`created note ${note.id} on ${where}`);
  if (opts.confidential && note.confidential !== true) ctx.warn('the note was created visible to everyone: marking notes confidential needs reporter access or higher');
  if (opts.createdAt !== undefined && Date.parse(note.created_at) !== Date.parse(opts.createdAt)) {
    ctx.warn(`the service did not backdate the note (created_at ${note.created_at}): --created-at needs administrator or owner rights`);
  }
  await printNote(ctx, note);
}
