import { deleteLabel } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

type DeleteLabelOptions = VerbInput<typeof DELETE>;

export function run(ctx: VerbContext, opts: DeleteLabelOptions): Promise<void> {
  return deleteOwned(ctx, {
    ...opts,
    what: `label ${opts.name}`,
    typed: opts.name,
    request: deleteLabel(opts.owner, opts.name),
  });
}
