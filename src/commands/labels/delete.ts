import { deleteLabel } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
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

export function run(ctx: VerbContext, opts: DeleteLabelOptions): Promise<void> {
  return deleteOwned(ctx, {
    ...opts,
    what: `label ${opts.name}`,
    typed: opts.name,
    request: deleteLabel(opts.owner, opts.name),
  });
}
