import { deleteBadge } from '../../api/badges.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { badgeHint } from './fields.js';
import { BADGE_ID } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove a badge (one already gone is not an error)',
  typing: 'the badge’s ID',
  note: 'A group’s badge is removed through its group.',
  args: { badgeId: BADGE_ID },
  kinds: ['project', 'group'],
  strict: 'the badge does not exist',
  examples: ['collab badges delete 3 --project acme/web/storefront --yes'],
});

type DeleteBadgeOptions = VerbInput<typeof DELETE>;

export function run(ctx: VerbContext, opts: DeleteBadgeOptions): Promise<void> {
  const request = deleteBadge(opts.owner, opts.badgeId);
  return deleteOwned(ctx, {
    ...opts,
    what: `badge ${opts.badgeId}`,
    typed: String(opts.badgeId),
    request,
    hint: (error) => badgeHint(error, opts.owner, opts.badgeId),
  });
}
