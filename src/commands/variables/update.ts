import { getVariable, type Variable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { variableHint } from './value.js';
import { parseWrite, updateOne, type VariableWrite } from './write.js';
import { FIELD_FLAGS, KEY, SCOPE, VALUE_FLAGS } from './shared.js';
import { ownerVerb } from '../owner.js';
import { nothingToChange } from '../flags.js';

/** What update changes (--environment-scope says which variable): a call with none of them is refused. */
const CHANGE_FLAGS = { ...VALUE_FLAGS, ...FIELD_FLAGS };

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change a variable; what is not given stays as it is',
  description:
    'Reads the variable, then sends only the given changes: a value not given is not sent, and stays as it is (a masked or hidden one too). A new value comes from --value-file (- for standard input) or --value (refused, nothing written, when the variable is masked or hidden).',
  args: { key: KEY },
  flags: { scope: SCOPE, ...CHANGE_FLAGS },
  mutating: true,
  examples: [
    'collab variables update APP_ENV --project acme/web/storefront --environment-scope production --protected',
    'collab variables update TOKEN --group acme --value-file token.txt',
  ],
});

/** A new value only from --value or --value-file (standard input is read only when asked: --value-file -). */
export function parse(input: VerbInput<typeof UPDATE>): VariableWrite {
  const write = parseWrite(input, false);
  if (write.value === undefined && Object.keys(write.fields).length === 0) throw nothingToChange(CHANGE_FLAGS);
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
