import { flagName } from '../../params/derive.js';
import type { Owner } from '../../api/owner.js';
import { createMirror, type RemoteMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import {
  MIRROR_PARAMS,
  MIRROR_URL_RULE,
  mirrorBranchesProblem,
  mirrorUrlProblem,
  shownMirrorUrl,
} from '../../params/remote-mirrors.js';
import { checkRule } from '../../params/rules.js';
import { credentialedUrl } from '../credentialed-url.js';
import type { VerbInput } from '../verb.js';
import { MIRROR_VIEW } from './fields.js';
import { asText, option, params, type ReadScope } from '../flags.js';
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

export function parse(input: VerbInput<typeof CREATE>, scope: ReadScope): CreateMirrorOptions {
  const branches = mirrorBranchesProblem(input.fields, (field) => `--${flagName({ name: field })}`);
  if (branches) throw new CollabError('usage', branches);
  const url = credentialedUrl(
    { url: input.url, file: input.urlFile },
    { url: '--url', file: '--url-file', neither: '-' },
    checkUrl,
    scope.targetsOnStdin,
  );
  return { owner: input.owner, url, fields: input.fields };
}

export async function run(ctx: VerbContext, opts: CreateMirrorOptions): Promise<void> {
  // Its token is a secret wherever it shows (credentialedUrl registers it); the rest of the URL, its
  // user name too, may be shown (the message names the remote it made).
  const url = await opts.url(ctx);
  const response = await ctx.session.mutate<RemoteMirror>(createMirror(opts.owner.ref, { url, ...opts.fields }));
  if (!response) return;
  ctx.terminal.info(
    `created push mirror ${response.data.id} to ${shownMirrorUrl(url)} on project ${opts.owner.ref}${response.data.enabled ? '' : ' (disabled: --enabled turns it on)'}`,
  );
  await ctx.presenter.resource(response.data, MIRROR_VIEW);
}
