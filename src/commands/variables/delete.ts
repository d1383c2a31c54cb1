import { deleteVariable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import { confirmedDelete, deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { variableName } from './fields.js';
import { KEY, SCOPE } from './shared.js';

export const DELETE = confirmedDelete({
  summary: 'Remove a variable of one scope (one already gone is not an error)',
  typing: 'the key',
  args: { key: KEY },
  kinds: ['project', 'group'],
  flags: { scope: SCOPE },
  strict: 'the variable does not exist',
  examples: ['collab variables delete APP_ENV --project acme/web/storefront --environment-scope production --yes'],
});

type DeleteVariableOptions = VerbInput<typeof DELETE>;

export function run(ctx: VerbContext, opts: DeleteVariableOptions): Promise<void> {
  return deleteOwned(ctx, {
    ...opts,
    what: `variable ${variableName(opts.key, opts.scope)}`,
    typed: opts.key,
    request: deleteVariable(opts.owner, opts.key, opts.scope),
  });
}
