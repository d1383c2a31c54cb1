import { type Badge, createBadge } from '../../api/badges.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { BADGE_COLUMNS, BADGE_DETAIL } from './fields.js';
import { params } from '../flags.js';
import { ownerVerb } from '../owner.js';
import { BADGE_PARAMS } from '../../params/badges.js';

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add a badge',
  args: {},
  flags: { fields: params(BADGE_PARAMS) },
  mutating: true,
  examples: [
    "collab badges create --project acme/web/storefront --name coverage --link-url 'https://ci.example.com/%{project_path}' --image-url 'https://ci.example.com/%{project_path}/%{default_branch}/coverage.svg'",
  ],
});

interface CreateBadgeOptions {
  owner: Owner;
  fields: { link_url: string; image_url: string; name?: string };
}

export function parse(input: VerbInput<typeof CREATE>): CreateBadgeOptions {
  const { link_url, image_url, name } = input.fields;
  if (link_url === undefined || image_url === undefined) {
    throw new CollabError('usage', `missing ${link_url === undefined ? '--link-url' : '--image-url'}`, {
      hint: 'a badge needs both --link-url <url> and --image-url <url>',
    });
  }
  return { owner: input.owner, fields: { link_url, image_url, ...(name !== undefined ? { name } : {}) } };
}

export async function run(ctx: VerbContext, opts: CreateBadgeOptions): Promise<void> {
  const response = await ctx.session.mutate<Badge>(createBadge(opts.owner, opts.fields));
  if (!response) return;
  ctx.terminal.info(`created badge ${response.data.id} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, { columns: BADGE_COLUMNS, detail: BADGE_DETAIL });
}
