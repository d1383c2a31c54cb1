import { deleteVariable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { variableName } from './fields.js';
import type { DELETE } from './index.js';

type DeleteVariableOptions = VerbInput<typeof DELETE>;

export function run(ctx: VerbContext, opts: DeleteVariableOptions): Promise<void> {
  return deleteOwned(ctx, {
    ...opts,
    what: `variable ${variableName(opts.key, opts.scope)}`,
    typed: opts.key,
    request: deleteVariable(opts.owner, opts.key, opts.scope),
  });
}
