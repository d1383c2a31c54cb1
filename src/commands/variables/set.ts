import { findResource } from '../../api/recover.js';
import { getVariable, type Variable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { variableHint } from './value.js';
import { createOne, parseWrite, updateOne, type VariableWrite } from './write.js';
import { FIELD_FLAGS, KEY, SCOPE, VALUE_FLAGS } from './shared.js';
import { ownerVerb } from '../owner.js';

export const SET = ownerVerb({
  kinds: ['project', 'group'],
  name: 'set',
  summary: 'Create the variable, or update it when the key already has a value in that scope',
  description:
    'As `gh variable set` and `glab variable set`: the value from --value-file, standard input, or --value (not for masked values, nor to update a variable already masked or hidden).',
  args: { key: KEY },
  flags: { scope: SCOPE, ...VALUE_FLAGS, ...FIELD_FLAGS },
  mutating: true,
  examples: [
    'printf %s "$TOKEN" | collab variables set DEPLOY_TOKEN --project acme/web/storefront --masked',
    'collab variables set APP_ENV --project - --value production --environment-scope production < projects.txt',
  ],
});

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
