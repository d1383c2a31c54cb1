import { type OwnerOf, ownerVerb } from '../owner.js';
import { type DeployKey, updateDeployKey } from '../../api/deploy-keys.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { DEPLOY_KEY_VIEW } from './fields.js';
import { KEY_ID } from './shared.js';
import { nothingToChange, option, tristate } from '../flags.js';
import { ruled } from '../../params/parsers.js';
import { DEPLOY_KEY_TITLE } from '../../params/deploy-keys.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = {
  title: option('--title <title>', 'the key’s new title', ruled(DEPLOY_KEY_TITLE.rule)),
  canPush: tristate('--can-push', 'the key may push (--no-can-push: read-only)'),
};

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Rename a deploy key or change whether it may push',
  description: 'The title is the key’s on every project that has it; --can-push is this project’s.',
  args: { keyId: KEY_ID },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: ['collab deploy-keys update 3 --project acme/web/storefront --no-can-push'],
});

interface UpdateDeployKeyOptions {
  owner: OwnerOf<'project'>;
  keyId: number;
  fields: { title?: string; can_push?: boolean };
}

export function parse(input: VerbInput<typeof UPDATE>): UpdateDeployKeyOptions {
  const fields: UpdateDeployKeyOptions['fields'] = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.canPush !== undefined) fields.can_push = input.canPush;
  if (Object.keys(fields).length === 0) throw nothingToChange(CHANGE_FLAGS);
  return { owner: input.owner, keyId: input.keyId, fields };
}

export async function run(ctx: VerbContext, opts: UpdateDeployKeyOptions): Promise<void> {
  const response = await ctx.session
    .mutate<DeployKey>(updateDeployKey(opts.owner.ref, opts.keyId, opts.fields))
    .catch((error: unknown) => {
      throw unknownThing(error, opts.owner, `deploy key ${opts.keyId}`, 'deploy-keys');
    });
  if (!response) return;
  ctx.terminal.info(`updated deploy key ${opts.keyId} of project ${opts.owner.ref}`);
  await ctx.presenter.resource(response.data, DEPLOY_KEY_VIEW);
}
