import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { characterCount, NOTE_BODY_MAX } from '../../params/notes.js';
import type { Env } from '../../runtime.js';
import { thousands } from '../../util/thousands.js';
import { unreadableFile } from '../../util/unreadable.js';

/** Where a note's text comes from: --body, --body-file (a path or - for standard input). */
interface BodySources {
  body?: string | undefined;
  bodyFile?: string | undefined;
}

/**
 * The text given by --body or a --body-file path, read once a run (parse); `stdin` when the file
 * is - (read by run, which has the run's standard input); undefined when neither was given.
 */
export type GivenBody = { text: string } | { stdin: true } | undefined;

export async function givenBody(sources: BodySources): Promise<GivenBody> {
  if (sources.body !== undefined && sources.bodyFile !== undefined) {
    throw new CollabError('usage', '--body and --body-file cannot be used together', {
      hint: 'give the text with --body <text>, or a file with --body-file <path> (- for standard input)',
    });
  }
  if (sources.body !== undefined) return { text: sources.body };
  if (sources.bodyFile === undefined) return undefined;
  const file = sources.bodyFile;
  if (file === '-') return { stdin: true };
  return { text: await readBodyFile(file, () => readFile(file, 'utf8')) };
}

/** The given text, standard input read (and checked, as parse checks the rest) if it was - ; undefined: none given. */
export async function bodyText(ctx: VerbContext, given: GivenBody): Promise<string | undefined> {
  if (given === undefined || 'text' in given) return given?.text;
  return checkBody(await readBodyFile('-', () => ctx.prompter.readStdin()));
}

async function readBodyFile(file: string, read: () => Promise<string>): Promise<string> {
  try {
    return dropFinalNewlines(await read());
  } catch (error) {
    throw unreadableFile(`cannot read ${file} (given to --body-file)`, error);
  }
}

/** Files and editors end with a newline that is not part of the comment. */
function dropFinalNewlines(text: string): string {
  return text.replace(/(?:\r?\n)+$/, '');
}

/** Whether an editor can be opened: a person at a terminal, not a CI job. */
export function canOpenEditor(ctx: VerbContext): boolean {
  return ctx.prompter.interactive;
}

/** The config's `editor`, else $VISUAL, else $EDITOR, else vi. */
export async function chooseEditor(ctx: VerbContext): Promise<string> {
  const configured = (await ctx.session.textSetting('editor')) ?? '';
  return configured || ctx.session.env.VISUAL || ctx.session.env.EDITOR || 'vi';
}

/**
 * Opens `editor` (a command line, e.g. `code --wait`) on a private temporary file holding
 * `initial`, and returns what was saved, without its final newlines. The file is removed after.
 * The editor gets the run's environment (`env`; the process's when not given).
 */
export async function editText(editor: string, initial: string, signal?: AbortSignal, env?: Env): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'collab-note-'));
  const file = join(dir, 'NOTE.md');
  try {
    await writeFile(file, initial, { mode: 0o600 });
    const status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(`${editor} ${shellQuote(file)}`, {
        shell: true,
        stdio: 'inherit',
        ...(signal ? { signal } : {}),
        ...(env ? { env: { ...env } } : {}),
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve(code));
    }).catch((error: Error) => {
      throw new CollabError('usage', `cannot start the editor "${editor}": ${error.message}`, {
        hint: 'set one with `collab config set editor <command>`, or pass --body / --body-file',
      });
    });
    if (status !== 0)
      throw new CollabError(
        'usage',
        `the editor "${editor}" exited with status ${status ?? 'unknown'}; nothing was sent`,
      );
    try {
      return dropFinalNewlines(await readFile(file, 'utf8'));
    } catch (error) {
      // The editor took the file away (saved it elsewhere, or under another name): not a bug of collab's.
      throw unreadableFile(
        `cannot read the note the editor "${editor}" saved in ${file}`,
        error,
        'save the note in the file the editor opens; nothing was sent',
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function shellQuote(path: string): string {
  return process.platform === 'win32' ? `"${path}"` : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** Refuses, before anything is sent, a body the service would refuse: empty, or over the limit. */
export function checkBody(body: string): string {
  if (body.trim() === '')
    throw new CollabError('usage', 'the note body is empty; nothing was sent', {
      hint: 'write some text, or pass --body <text>',
    });
  const length = characterCount(body);
  if (length > NOTE_BODY_MAX) {
    throw new CollabError(
      'usage',
      `the note body is ${thousands(length)} characters; the service accepts at most ${thousands(NOTE_BODY_MAX)}`,
      {
        hint: 'shorten it, or split it over several notes',
      },
    );
  }
  return body;
}
