import { getVariable, type Variable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { VARIABLE_COLUMNS, VARIABLE_DETAIL } from './fields.js';
import type { VIEW } from './index.js';
import { variableHint } from './value.js';

type ViewVariableOptions = VerbInput<typeof VIEW>;

export async function run(ctx: VerbContext, opts: ViewVariableOptions): Promise<void> {
  const { data } = await ctx.session
    .request<Variable>(getVariable(opts.owner, opts.key, opts.scope))
    .catch((error: unknown) => {
      throw variableHint(error, opts.owner, opts.key, opts.scope);
    });
  await ctx.presenter.resource(data, { columns: VARIABLE_COLUMNS, detail: VARIABLE_DETAIL });
}
