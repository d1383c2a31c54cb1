import { getMirror, getMirrorPublicKey, type RemoteMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { Column } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { ownerVerb } from '../owner.js';
import { MIRROR_ID } from './shared.js';
import { unknownMirror } from './view.js';

export const PUBLIC_KEY = ownerVerb({
  kinds: ['project'],
  name: 'public-key',
  summary: 'Print the SSH public key a push mirror signs in with',
  description: `A mirror made with --auth-method ssh_public_key pushes with a key GitLab made for it: add
this public key to the remote (a deploy key with write access) for the pushes to be let in.
GitLab 17.9 and later.`,
  args: { mirrorId: MIRROR_ID },
  examples: ['collab mirrors public-key 3 --project acme/web/storefront > mirror.pub'],
});

type PublicKeyOptions = VerbInput<typeof PUBLIC_KEY>;

const KEY_COLUMNS: readonly Column[] = [{ header: 'PUBLIC KEY', path: 'public_key' }];

export async function run(ctx: VerbContext, opts: PublicKeyOptions): Promise<void> {
  const { data } = await ctx.session
    .request<{ public_key: string }>(getMirrorPublicKey(opts.owner.ref, opts.mirrorId))
    .catch(async (error: unknown) => {
      throw await whyNoKey(ctx, error, opts);
    });
  // The key alone for people and scripts (`> mirror.pub`); the service's object for -o json.
  await ctx.presenter.action({ text: data.public_key, value: data, columns: KEY_COLUMNS });
}

/**
 * GitLab's 404 is the same for a mirror that is not there and for one that signs in by password:
 * on that path only, the mirror is read to tell which.
 */
async function whyNoKey(ctx: VerbContext, error: unknown, opts: PublicKeyOptions): Promise<unknown> {
  if (!isCollabError(error) || error.kind !== 'not-found') return error;
  const mirror = await ctx.session
    .request<RemoteMirror>(getMirror(opts.owner.ref, opts.mirrorId))
    .then((answer) => answer.data)
    .catch(() => undefined);
  if (mirror === undefined) return unknownMirror(error, opts.owner.ref, opts.mirrorId);
  const method = typeof mirror.auth_method === 'string' ? mirror.auth_method : 'password';
  return method === 'ssh_public_key'
    ? withHint(error, 'this GitLab serves no mirror public keys (GitLab 17.9 and later do)')
    : withHint(
        error,
        `push mirror ${opts.mirrorId} signs in by ${method}, not by SSH key, so it has no public key: \`collab mirrors update ${opts.mirrorId} --project ${opts.owner.ref} --auth-method ssh_public_key\` (an ssh:// URL) makes one`,
      );
}
