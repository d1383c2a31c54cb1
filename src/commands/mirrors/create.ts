import { flagName } from '../../params/derive.js';
import type { Owner } from '../../api/owner.js';
import { createMirror, type RemoteMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import {
  MIRROR_PARAMS,
  MIRROR_URL_RULE,
  mirrorBranchesProblem,
  mirrorUrlHasSecret,
  mirrorUrlProblem,
  mirrorUrlSecrets,
  shownMirrorUrl,
} from '../../params/remote-mirrors.js';
import { checkRule } from '../../params/rules.js';
import { readOnce } from '../file-text.js';
import type { VerbInput } from '../verb.js';
import { MIRROR_VIEW } from './fields.js';
import { asText, option, params } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add a push mirror (disabled unless --enabled)',
  description:
    'The remote’s URL, with its credentials, is read from --url-file <path>, or standard input without it (--url-file - too), never from the command line; --url takes a URL without credentials (an SSH remote). No output shows the credentials: the service answers them as *****.',
  flags: {
    url: option('--url <url>', 'the remote, without credentials (ssh://git@host/group/repo.git)', asText),
    urlFile: option(
      '--url-file <path|->',
      'read the remote’s URL, credentials and all, from a file; - or none: standard input',
      asText,
    ),
    fields: params(MIRROR_PARAMS),
  },
  mutating: true,
  examples: [
    'collab mirrors create --project acme/web/storefront --url-file mirror-url.txt --enabled --only-protected-branches',
    'vault read -field=url secret/mirror | collab mirrors create --project 42 --enabled',
  ],
});

interface CreateMirrorOptions {
  owner: Owner;
  /** The URL, read when the verb runs (once a run: a file or standard input). */
  url: (ctx: VerbContext) => Promise<string>;
  fields: Record<string, unknown>;
}

/** The URL's own rules (src/params), in the words of the flag or the file it came from. */
function checkUrl(url: string, from: string): string {
  const problem = mirrorUrlProblem(url);
  if (problem)
    throw new CollabError('usage', `${from}: invalid push mirror URL: ${problem.says}`, {
      hint: problem.hint,
    });
  checkRule(MIRROR_URL_RULE, url, from);
  return url;
}

export function parse(input: VerbInput<typeof CREATE>): CreateMirrorOptions {
  const branches = mirrorBranchesProblem(input.fields, (field) => `--${flagName({ name: field })}`);
  if (branches) throw new CollabError('usage', branches);
  if (input.url !== undefined && input.urlFile !== undefined)
    throw new CollabError('usage', '--url and --url-file cannot be used together');
  if (input.url !== undefined) {
    const given = input.url;
    if (mirrorUrlHasSecret(given))
      throw new CollabError(
        'usage',
        '--url with credentials is refused: the command line ends up in shell history and process lists',
        { hint: 'put the URL in a file and give --url-file <path>, or pipe it to standard input (--url-file -)' },
      );
    checkUrl(given, '--url');
    return { owner: input.owner, url: async () => given, fields: input.fields };
  }
  const file = input.urlFile ?? '-';
  const shown = file === '-' ? 'standard input' : file;
  return {
    owner: input.owner,
    url: readOnce(file, 'URL', { check: (text) => checkUrl(text, shown).trim() }),
    fields: input.fields,
  };
}

export async function run(ctx: VerbContext, opts: CreateMirrorOptions): Promise<void> {
  const url = await opts.url(ctx);
  // The token is a secret wherever it shows; the rest of the URL, its user name too, may be shown
  // (the message names the remote it made).
  for (const secret of mirrorUrlSecrets(url)) ctx.terminal.addSecret(secret);
  const response = await ctx.session.mutate<RemoteMirror>(createMirror(opts.owner.ref, { url, ...opts.fields }));
  if (!response) return;
  ctx.terminal.info(
    `created push mirror ${response.data.id} to ${shownMirrorUrl(url)} on project ${opts.owner.ref}${response.data.enabled ? '' : ' (disabled: --enabled turns it on)'}`,
  );
  await ctx.presenter.resource(response.data, MIRROR_VIEW);
}
