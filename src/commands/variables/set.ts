import { findResource } from '../../api/recover.js';
import { getVariable, type Variable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import type { SET } from './index.js';
import { variableHint } from './value.js';
import { createOne, parseWrite, updateOne, type VariableWrite } from './write.js';

/** As create: the value from --value-file, else standard input, else --value. */
export function parse(input: VerbInput<typeof SET>): VariableWrite {
  return parseWrite(input, true);
}

/** Created when the key has no value in the scope, else updated (gh's and glab's `variable set`). */
export async function run(ctx: VerbContext, opts: VariableWrite): Promise<void> {
  const client = await ctx.session.client();
  const current = await findResource<Variable>(client, getVariable(opts.owner, opts.key, opts.scope)).catch(
    (error: unknown) => {
      throw variableHint(error, opts.owner, opts.key, opts.scope);
    },
  );
  await (current ? updateOne(ctx, opts, current) : createOne(ctx, opts));
}
