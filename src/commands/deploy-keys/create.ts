import { type OwnerOf, ownerVerb } from '../owner.js';
import { addDeployKey, type DeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { DEPLOY_KEY_KEY, DEPLOY_KEY_TITLE } from '../../params/deploy-keys.js';
import { ruleError } from '../../params/rules.js';
import { readOnce } from '../file-text.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_VIEW } from './fields.js';
import { asText, bool, option } from '../flags.js';
import { dateTime, ruled } from '../../params/parsers.js';

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add a deploy key (a key another project has is shared, not copied)',
  description:
    'The public key is read from --key-file <path>, or from standard input without it (--key-file - too). Read-only unless --can-push.',
  flags: {
    title: option('--title <title>', DEPLOY_KEY_TITLE.description, ruled(DEPLOY_KEY_TITLE.rule), { required: true }),
    keyFile: option(
      '--key-file <path|->',
      'the public key (an OpenSSH line: ssh-ed25519 AAAA… comment); - or none: standard input',
      asText,
    ),
    canPush: bool('--can-push', 'the key may push to the repository'),
    expiresAt: option('--expires-at <time>', 'when the key stops working (ISO 8601)', dateTime),
  },
  mutating: true,
  examples: [
    'collab deploy-keys create --project acme/web/storefront --title ci --key-file ~/.ssh/ci.pub',
    'cat ci.pub | collab deploy-keys create --project acme/web/storefront --title ci --can-push',
  ],
});

interface CreateDeployKeyOptions {
  owner: OwnerOf<'project'>;
  title: string;
  /** The key, read once a run whatever the number of targets (standard input is the run's). */
  key: (ctx: VerbContext) => Promise<string>;
  fields: { can_push?: boolean; expires_at?: string };
}

export function parse(input: VerbInput<typeof CREATE>): CreateDeployKeyOptions {
  const fields: CreateDeployKeyOptions['fields'] = {};
  if (input.canPush) fields.can_push = true;
  if (input.expiresAt !== undefined) fields.expires_at = input.expiresAt;
  const file = input.keyFile ?? '-';
  const where = file === '-' ? 'standard input' : file;
  return {
    owner: input.owner,
    title: input.title,
    fields,
    key: readOnce(file, 'key', { shown: where, check: (text) => checkKey(text, where) }),
  };
}

/** The public key's one line, held to its rule (src/params/deploy-keys.ts) before anything is sent. */
function checkKey(text: string, where: string): string {
  const key = text.trim();
  if (key === '')
    throw new CollabError('usage', `no public key in ${where}`, {
      hint: 'give --key-file <path> (with --project -, standard input carries the projects)',
    });
  const hint = 'give the .pub file: one line such as "ssh-ed25519 AAAA… comment" (never the private key)';
  // One line: a file of several keys (or a private key's armour) is no key GitLab reads as one.
  if (/[\r\n]/.test(key))
    throw new CollabError('usage', `${where} holds more than one line: a public key is one`, { hint });
  const problem = ruleError(DEPLOY_KEY_KEY, key);
  if (problem) throw new CollabError('usage', `${where}: ${problem}`, { hint });
  return key;
}

export async function run(ctx: VerbContext, opts: CreateDeployKeyOptions): Promise<void> {
  const key = await opts.key(ctx);
  const response = await ctx.session.mutate<DeployKey>(
    addDeployKey(opts.owner.ref, { title: opts.title, key, ...opts.fields }),
  );
  if (!response) return;
  ctx.terminal.info(`added deploy key ${response.data.id} (${response.data.title}) to project ${opts.owner.ref}`);
  await ctx.presenter.resource(response.data, DEPLOY_KEY_VIEW);
}
