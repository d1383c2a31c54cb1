import { syncMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import type { Column } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import type { SYNC } from './index.js';
import { unknownMirror } from './view.js';

type SyncMirrorOptions = VerbInput<typeof SYNC>;

const SYNCED: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'SYNC', path: 'sync' },
];

export async function run(ctx: VerbContext, opts: SyncMirrorOptions): Promise<void> {
  const response = await ctx.session.mutate(syncMirror(opts.owner.ref, opts.mirrorId)).catch((error: unknown) => {
    throw unknownMirror(error, opts.owner.ref, opts.mirrorId);
  });
  if (!response) return;
  ctx.terminal.info(`push mirror ${opts.mirrorId} of project ${opts.owner.ref} updates now`);
  await ctx.presenter.action({ value: { id: opts.mirrorId, sync: 'started' }, columns: SYNCED });
}
