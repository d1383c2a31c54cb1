import { type Badge, updateBadge } from '../../api/badges.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { BADGE_COLUMNS, BADGE_DETAIL, badgeHint } from './fields.js';
import { BADGE_PARAMS } from '../../params/badges.js';
import { nothingToChange, params } from '../flags.js';
import { ownerVerb } from '../owner.js';
import { BADGE_ID } from './shared.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = { fields: params(BADGE_PARAMS) };

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change a badge’s link, image or name',
  args: { badgeId: BADGE_ID },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: ['collab badges update 3 --group acme --name pipeline'],
});

interface UpdateBadgeOptions {
  owner: Owner;
  badgeId: number;
  fields: Record<string, unknown>;
}

export function parse(input: VerbInput<typeof UPDATE>): UpdateBadgeOptions {
  if (Object.keys(input.fields).length === 0) throw nothingToChange(CHANGE_FLAGS);
  return { owner: input.owner, badgeId: input.badgeId, fields: input.fields };
}

export async function run(ctx: VerbContext, opts: UpdateBadgeOptions): Promise<void> {
  const response = await ctx.session
    .mutate<Badge>(updateBadge(opts.owner, opts.badgeId, opts.fields))
    .catch((error: unknown) => {
      throw unknownThing(badgeHint(error, opts.owner, opts.badgeId), opts.owner, `badge ${opts.badgeId}`, 'badges');
    });
  if (!response) return;
  ctx.terminal.info(`updated badge ${opts.badgeId} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, { columns: BADGE_COLUMNS, detail: BADGE_DETAIL });
}
