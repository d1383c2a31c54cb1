import { type AwardedObject, createNote, describeTarget, isNote, type NoteTarget } from '../../api/notes.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { awardEmojiName, isAwardEmojiOnly } from '../../params/notes.js';
import type { VerbInput } from '../verb.js';
import { bodyText, canOpenEditor, checkBody, chooseEditor, editText, type GivenBody, givenBody } from './body.js';
import { printAwardedObject, printNote } from './output.js';
import { asText, bool, option } from '../flags.js';
import { ownerVerb } from '../owner.js';
import { dateTime } from '../../params/parsers.js';
import { BODY_FLAGS } from './shared.js';
import { NOTE_THREAD } from './target.js';

export const CREATE = ownerVerb({
  owner: NOTE_THREAD,
  name: 'create',
  summary: 'Add a note (from --body, --body-file, or your editor)',
  description:
    'Without --body or --body-file, on a terminal, your editor opens (config editor, else $VISUAL, $EDITOR, vi); an empty text sends nothing. A body that is only an award emoji (":+1:", "👍") gives the emoji to the issue, merge request, snippet or epic instead of adding a note.',
  flags: {
    ...BODY_FLAGS,
    confidential: bool('--confidential', 'visible only to reporters and above (issue notes)'),
    createdAt: option(
      '--created-at <date-time>',
      'backdate the note, ISO 8601 (administrators and owners only)',
      dateTime,
    ),
    diffSha: option(
      '--diff-sha <sha>',
      'merge requests: the head commit SHA the note was written against (needed for /merge)',
      asText,
    ),
  },
  mutating: true,
  examples: [
    'collab notes create --project grp/app --issue 3 --body "Fixed in !12"',
    'git log -1 --format=%B | collab notes create --project grp/app --merge-request 12 --body-file -',
    'collab notes create --group grp --epic 7',
  ],
});

interface CreateNoteOptions {
  owner: NoteTarget;
  /** Read and checked in parse when given as text or a file; standard input and the editor in run. */
  body: GivenBody;
  confidential: boolean | undefined;
  createdAt: string | undefined;
  diffSha: string | undefined;
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/** Once a run: the target, the checks of the flags against it, and the body from --body or a file. */
export async function parse(input: VerbInput<typeof CREATE>): Promise<CreateNoteOptions> {
  const target = input.owner;
  const { diffSha, confidential, createdAt } = input;
  if (diffSha !== undefined && target.kind !== 'merge_request') {
    throw new CollabError('usage', '--diff-sha applies to merge request notes only', {
      hint: 'leave it out, or give the merge request: --project <p> --merge-request <iid>',
    });
  }
  if (diffSha !== undefined && !SHA.test(diffSha))
    throw new CollabError(
      'usage',
      `invalid value "${diffSha}" for --diff-sha: expected the full commit SHA (40 or 64 hex digits)`,
    );
  if (confidential && target.kind !== 'issue') {
    throw new CollabError('usage', '--confidential applies to issue notes only', {
      hint: 'the API marks only issue notes confidential; leave out --confidential',
    });
  }
  const body = await givenBody(input);
  if (body && 'text' in body) checkBody(body.text);
  return { owner: target, body, confidential: confidential ? true : undefined, createdAt, diffSha };
}

/** The body: as given, from standard input, or written in the editor; refused before anything is sent. */
async function noteBody(ctx: VerbContext, given: GivenBody): Promise<string> {
  const body = await bodyText(ctx, given);
  if (body !== undefined) return body;
  if (!canOpenEditor(ctx)) {
    throw new CollabError('usage', 'missing the note body', {
      hint: 'pass --body <text>, --body-file <path>, or --body-file - to read standard input',
    });
  }
  const written = await editText(await chooseEditor(ctx), '', ctx.session.signal, ctx.session.env);
  if (written.trim() === '') throw new CollabError('usage', 'the note body is empty; nothing was sent');
  return checkBody(written);
}

export async function run(ctx: VerbContext, opts: CreateNoteOptions): Promise<void> {
  const body = await noteBody(ctx, opts.body);
  const request = createNote(opts.owner, {
    body,
    confidential: opts.confidential,
    created_at: opts.createdAt,
    merge_request_diff_sha: opts.diffSha,
  });
  const response = await ctx.session.mutate(request);
  if (!response) return;
  const where = describeTarget(opts.owner);
  if (!isNote(response.data)) {
    const emoji = isAwardEmojiOnly(body) ? awardEmojiName(body) : body;
    ctx.terminal.info(`the body was taken as an award emoji: ${emoji} was toggled on ${where}; no note was created`);
    await printAwardedObject(ctx, response.data as AwardedObject);
    return;
  }
  const note = response.data;
  ctx.terminal.info(`created note ${note.id} on ${where}`);
  if (opts.confidential && note.confidential !== true)
    ctx.terminal.warn(
      'the note was created visible to everyone: marking notes confidential needs reporter access or higher',
    );
  if (opts.createdAt !== undefined && Date.parse(note.created_at) !== Date.parse(opts.createdAt)) {
    ctx.terminal.warn(
      `the service did not backdate the note (created_at ${note.created_at}): --created-at needs administrator or owner rights`,
    );
  }
  await printNote(ctx, note);
}
