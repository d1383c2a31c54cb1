import { getVariable, type Variable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import type { UPDATE } from './index.js';
import { variableHint } from './value.js';
import { parseWrite, updateOne, type VariableWrite } from './write.js';

/** A new value only from --value or --value-file (standard input is read only when asked: --value-file -). */
export function parse(input: VerbInput<typeof UPDATE>): VariableWrite {
  const write = parseWrite(input, false);
  if (write.value === undefined && Object.keys(write.fields).length === 0) {
    throw new CollabError('usage', 'nothing to update', {
      hint: 'give --value-file, --value, or a field such as --protected or --description',
    });
  }
  return write;
}

export async function run(ctx: VerbContext, opts: VariableWrite): Promise<void> {
  const { data: current } = await ctx.session
    .request<Variable>(getVariable(opts.owner, opts.key, opts.scope))
    .catch((error: unknown) => {
      throw variableHint(error, opts.owner, opts.key, opts.scope);
    });
  await updateOne(ctx, opts, current);
}
