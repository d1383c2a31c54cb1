import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import type { CREATE } from './index.js';
import { createOne, parseWrite, type VariableWrite } from './write.js';

/** The value is required: --value-file, else standard input, else --value. */
export function parse(input: VerbInput<typeof CREATE>): VariableWrite {
  return parseWrite(input, true);
}

export function run(ctx: VerbContext, opts: VariableWrite): Promise<void> {
  return createOne(ctx, opts);
}
