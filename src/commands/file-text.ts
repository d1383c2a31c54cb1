import { readFile } from 'node:fs/promises';
import type { VerbContext } from '../context.js';
import { unreadableFile } from '../util/unreadable.js';

/**
 * What a verb reads when it runs, not in parse (standard input and the terminal are the run's, ctx),
 * yet once a run: every target of a run over many shares the first target's read, so a file is read
 * and a question asked once.
 */
export function onceARun<T>(read: (ctx: VerbContext) => Promise<T>): (ctx: VerbContext) => Promise<T> {
  let result: Promise<T> | undefined;
  return (ctx) => (result ??= read(ctx));
}

interface ReadOnceOptions {
  /** How the message names the file (default: as given). */
  shown?: string;
  /** The verb's own checks of the text, which return what it uses. */
  check?: (text: string) => string;
  /** A secret: kept out of every line collab writes (ctx.terminal.addSecret). */
  secret?: boolean;
}

/**
 * The text a --<what>-file flag names, or standard input's for `-` (through the prompter), read
 * once a run. A failure to read is a usage error, `cannot read the <what> file <file>: no such file`; a
 * trailing newline from `echo` or an editor is not part of the text.
 */
export function readOnce(
  file: string,
  what: string,
  options: ReadOnceOptions = {},
): (ctx: VerbContext) => Promise<string> {
  return onceARun(async (ctx) => {
    let text: string;
    try {
      text = file === '-' ? await ctx.prompter.readStdin() : await readFile(file, 'utf8');
    } catch (error) {
      throw unreadableFile(`cannot read the ${what} file ${options.shown ?? file}`, error);
    }
    text = text.replace(/\r?\n$/, '');
    if (options.check) text = options.check(text);
    if (options.secret) ctx.terminal.addSecret(text);
    return text;
  });
}
