import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import { mirrorUrlSecrets, urlHoldsSecret } from '../params/remote-mirrors.js';
import { onceARun, readOnce } from './file-text.js';

interface Given {
  url: string | undefined;
  file: string | undefined;
}

interface Names {
  url: string;
  file: string;
  /** Where the URL comes from when neither flag is given (`-`: standard input); none without it. */
  neither?: '-';
}

/** The URL's own rules in the words of the flag or the file it came from (`from`); returns the URL. */
type Check = (url: string, from: string) => string;

/**
 * A URL that may carry credentials (a push mirror's remote, a pull mirror's or an import's
 * source), the one rule for every flag that takes one: on the command line only without them
 * (argv ends up in shell history and process lists); with them, from a file or standard input
 * (`--<flag>-file <path|->`). Read when the verb runs, once a run, and its secrets registered
 * before `check` may quote it. Undefined when neither flag is given. `targetsOnStdin` (ReadScope's)
 * says standard input carries a run's targets, so a URL read from it unasked cannot be.
 */
export function credentialedUrl(
  given: Given,
  flags: Names & { neither: '-' },
  check: Check,
  targetsOnStdin?: string,
): (ctx: VerbContext) => Promise<string>;
export function credentialedUrl(
  given: Given,
  flags: Names,
  check: Check,
  targetsOnStdin?: string,
): ((ctx: VerbContext) => Promise<string>) | undefined;
export function credentialedUrl(
  given: Given,
  flags: Names & { neither?: '-' },
  check: Check,
  targetsOnStdin?: string,
): ((ctx: VerbContext) => Promise<string>) | undefined {
  if (given.url !== undefined && given.file !== undefined)
    throw new CollabError('usage', `${flags.url} and ${flags.file} cannot be used together`);
  if (given.url !== undefined) {
    const url = given.url;
    if (urlHoldsSecret(url))
      throw new CollabError(
        'usage',
        `${flags.url} with credentials is refused: the command line ends up in shell history and process lists`,
        { hint: `put the URL in a file and give ${flags.file} <path>, or pipe it to standard input (${flags.file} -)` },
      );
    check(url, flags.url);
    return async () => url;
  }
  const file = given.file ?? flags.neither;
  if (file === undefined) return undefined;
  // An explicit `-` is refused with every other flag's (src/bulk); the one read unasked is refused here, once.
  if (given.file === undefined && targetsOnStdin !== undefined)
    throw new CollabError(
      'usage',
      `the URL cannot come from standard input: ${targetsOnStdin} - reads the targets from it`,
      {
        hint: `give the URL with ${flags.file} <path> (or ${flags.url} <url> for one without credentials)`,
      },
    );
  const shown = file === '-' ? 'standard input' : file;
  const read = readOnce(file, 'URL', { shown });
  return onceARun(async (ctx) => {
    const text = await read(ctx);
    // Nothing read (a command before the pipe that printed nothing, an empty file) is said so, not as a URL that is not one.
    if (text.trim() === '')
      throw new CollabError('usage', `${shown} holds no URL`, {
        hint:
          file === '-'
            ? `pipe the URL to standard input, or give ${flags.file} <path>`
            : `put the URL in ${file}, or pipe it to standard input (${flags.file} -)`,
      });
    for (const secret of mirrorUrlSecrets(text)) ctx.terminal.addSecret(secret);
    return check(text, shown).trim();
  });
}
