import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { createOne, parseWrite, type VariableWrite } from './write.js';
import { FIELD_FLAGS, KEY, SCOPE, VALUE_FLAGS } from './shared.js';
import { bool } from '../flags.js';
import { HIDDEN_PARAM } from '../../params/variables.js';
import { ownerVerb } from '../owner.js';
import { flagName } from '../../params/derive.js';

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add a variable (refused when the key already has a value in that scope)',
  description:
    'The value is read from --value-file, else from standard input, or given with --value when it is not masked.',
  args: { key: KEY },
  flags: {
    scope: SCOPE,
    ...VALUE_FLAGS,
    ...FIELD_FLAGS,
    hidden: bool(`--${flagName(HIDDEN_PARAM)}`, HIDDEN_PARAM.description, { aliases: [`--${HIDDEN_PARAM.alias}`] }),
  },
  mutating: true,
  examples: [
    'collab variables create APP_ENV --project acme/web/storefront --value staging',
    'vault read -field=key secret/stripe | collab variables create STRIPE_KEY --project 42 --masked --protected',
    'collab variables create KUBECONFIG --group acme --variable-type file --value-file ~/.kube/config',
  ],
});

/** The value is required: --value-file, else standard input, else --value. */
export function parse(input: VerbInput<typeof CREATE>): VariableWrite {
  return parseWrite(input, true);
}

export function run(ctx: VerbContext, opts: VariableWrite): Promise<void> {
  return createOne(ctx, opts);
}
