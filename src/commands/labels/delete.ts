import { deleteLabel } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned, hintlessNotFound } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { NAME } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove a label (one already gone is not an error)',
  typing: 'the name',
  args: { name: NAME },
  kinds: ['project', 'group'],
  strict: 'the label does not exist',
  examples: ['collab labels delete wontfix --project acme/web/storefront --yes'],
});

type DeleteLabelOptions = VerbInput<typeof DELETE>;

/**
 * As every owned thing's delete; GitLab answers a label that a project's issues and merge requests
 * turned off hide with the same 404 as one not there: the 404 is taken as an error, so that the
 * client names the features (src/api/features.ts, its hint), and only one without that hint is done.
 */
export function run(ctx: VerbContext, opts: DeleteLabelOptions): Promise<void> {
  return deleteOwned(ctx, {
    ...opts,
    what: `label ${opts.name}`,
    typed: opts.name,
    request: { ...deleteLabel(opts.owner, opts.name), okStatuses: [] },
    absent: hintlessNotFound,
  });
}
