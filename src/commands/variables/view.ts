import { getVariable, type Variable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { VARIABLE_COLUMNS, VARIABLE_DETAIL } from './fields.js';
import { variableHint } from './value.js';
import { ownerVerb } from '../owner.js';
import { KEY, SCOPE } from './shared.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one variable',
  args: { key: KEY },
  flags: { scope: SCOPE },
  examples: ['collab variables view APP_ENV --project acme/web/storefront --environment-scope production'],
});

type ViewVariableOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewVariableOptions): Promise<void> {
  const { data } = await ctx.session
    .request<Variable>(getVariable(opts.owner, opts.key, opts.scope))
    .catch((error: unknown) => {
      throw variableHint(error, opts.owner, opts.key, opts.scope);
    });
  await ctx.presenter.resource(data, { columns: VARIABLE_COLUMNS, detail: VARIABLE_DETAIL });
}
