import { deleteBadge } from '../../api/badges.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { badgeHint } from './fields.js';
import type { DELETE } from './index.js';

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
