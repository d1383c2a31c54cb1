import { flagName } from '../../params/derive.js';
import type { Owner } from '../../api/owner.js';
import { type RemoteMirror, updateMirror } from '../../api/remote-mirrors.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { MIRROR_PARAMS, mirrorBranchesProblem } from '../../params/remote-mirrors.js';
import type { VerbInput } from '../verb.js';
import { MIRROR_VIEW } from './fields.js';
import { unknownMirror } from './view.js';
import { nothingToChange, params } from '../flags.js';
import { MIRROR_ID } from './shared.js';
import { ownerVerb } from '../owner.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = { fields: params(MIRROR_PARAMS) };

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change a push mirror’s settings (its URL stays: delete and create for another)',
  args: { mirrorId: MIRROR_ID },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: ['collab mirrors update 3 --project acme/web/storefront --no-enabled'],
});

interface UpdateMirrorOptions {
  owner: Owner;
  mirrorId: number;
  fields: Record<string, unknown>;
}

export function parse(input: VerbInput<typeof UPDATE>): UpdateMirrorOptions {
  const problem = mirrorBranchesProblem(input.fields, (field) => `--${flagName({ name: field })}`);
  if (problem) throw new CollabError('usage', problem);
  if (Object.keys(input.fields).length === 0) throw nothingToChange(CHANGE_FLAGS);
  return { owner: input.owner, mirrorId: input.mirrorId, fields: input.fields };
}

export async function run(ctx: VerbContext, opts: UpdateMirrorOptions): Promise<void> {
  const { only_protected_branches, ...rest } = opts.fields;
  // The service takes the two branch settings in separate requests only (mutually exclusive parameters).
  const bodies =
    only_protected_branches !== undefined && rest.mirror_branch_regex !== undefined
      ? [{ only_protected_branches }, rest]
      : [opts.fields];
  let response: { data: RemoteMirror } | undefined;
  for (const body of bodies)
    response = await ctx.session
      .mutate<RemoteMirror>(updateMirror(opts.owner.ref, opts.mirrorId, body))
      .catch((error: unknown) => {
        throw unknownMirror(error, opts.owner.ref, opts.mirrorId);
      });
  if (!response) return;
  ctx.terminal.info(`updated push mirror ${opts.mirrorId} on project ${opts.owner.ref}`);
  await ctx.presenter.resource(response.data, MIRROR_VIEW);
}
