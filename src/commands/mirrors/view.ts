import { getMirror, type RemoteMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { MIRROR_VIEW } from './fields.js';
import { ownerVerb } from '../owner.js';
import { MIRROR_ID } from './shared.js';

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one push mirror',
  args: { mirrorId: MIRROR_ID },
  examples: ['collab mirrors view 3 --project acme/web/storefront'],
});

type ViewMirrorOptions = VerbInput<typeof VIEW>;

/** The mirror's 404 (not the project's) says where its IDs are listed. */
export const unknownMirror = (error: unknown, project: string | number, id: number) =>
  unknownThing(error, { kind: 'project', ref: project }, `push mirror ${id}`, 'mirrors');

export async function run(ctx: VerbContext, opts: ViewMirrorOptions): Promise<void> {
  const { data } = await ctx.session
    .request<RemoteMirror>(getMirror(opts.owner.ref, opts.mirrorId))
    .catch((error: unknown) => {
      throw unknownMirror(error, opts.owner.ref, opts.mirrorId);
    });
  await ctx.presenter.resource(data, MIRROR_VIEW);
}
