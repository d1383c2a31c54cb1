import { mirrorDisabled, syncMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { withHint } from '../../errors.js';
import type { Column } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { unknownMirror } from './view.js';
import { ownerVerb } from '../owner.js';
import { MIRROR_ID } from './shared.js';

export const SYNC = ownerVerb({
  kinds: ['project'],
  name: 'sync',
  summary: 'Push to the mirror now',
  args: { mirrorId: MIRROR_ID },
  mutating: true,
  examples: ['collab mirrors sync 3 --project acme/web/storefront'],
});

type SyncMirrorOptions = VerbInput<typeof SYNC>;

const SYNCED: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'SYNC', path: 'sync' },
];

export async function run(ctx: VerbContext, opts: SyncMirrorOptions): Promise<void> {
  const response = await ctx.session.mutate(syncMirror(opts.owner.ref, opts.mirrorId)).catch((error: unknown) => {
    if (mirrorDisabled(error))
      throw withHint(
        error,
        `push mirror ${opts.mirrorId} is disabled: \`collab mirrors update ${opts.mirrorId} --project ${opts.owner.ref} --enabled\` turns it on, then it can sync`,
      );
    throw unknownMirror(error, opts.owner.ref, opts.mirrorId);
  });
  if (!response) return;
  ctx.terminal.info(`push mirror ${opts.mirrorId} of project ${opts.owner.ref} updates now`);
  await ctx.presenter.action({ value: { id: opts.mirrorId, sync: 'started' }, columns: SYNCED });
}
