import { confirmedDelete } from '../delete.js';
import { nonEmpty } from '../../params/parsers.js';
import { flagName } from '../../params/derive.js';
import { HIDDEN_PARAM, VARIABLE_PARAMS } from '../../params/variables.js';
import { arg, asText, bool, option, params } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const KEY = arg({ name: 'key', description: 'the variable’s key (letters, digits and _)' }, nonEmpty);
const SCOPE = option(
  '--environment-scope <environment>',
  'the environment scope: a key may have a value per environment, * for every one',
  nonEmpty,
  { default: '*', aliases: ['--scope'] },
);

/** Where the value comes from: a file, standard input, or (unless it is to be masked) the command line. */
const VALUE_FLAGS = {
  value: option(
    '--value <text>',
    'the value (refused with --masked or --hidden, and by update and set for a variable already masked or hidden: use --value-file or standard input)',
    asText,
  ),
  valueFile: option(
    '--value-file <path|->',
    'read the value from a file (- for standard input); one trailing newline is dropped',
    nonEmpty,
  ),
} as const;

const FIELD_FLAGS = { fields: params(VARIABLE_PARAMS) } as const;

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the CI/CD variables (masked values shown as [masked])',
  list: true,
  examples: ['collab variables list --project acme/web/storefront', 'collab variables list --group acme --json'],
});

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one variable',
  args: { key: KEY },
  flags: { scope: SCOPE },
  examples: ['collab variables view APP_ENV --project acme/web/storefront --environment-scope production'],
});

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

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change a variable; what is not given stays as it is',
  description:
    'Reads the variable and writes it back with the given changes (the service wants the value on every update). A new value comes from --value-file (- for standard input) or --value (refused, nothing written, when the variable is masked or hidden).',
  args: { key: KEY },
  flags: { scope: SCOPE, ...VALUE_FLAGS, ...FIELD_FLAGS },
  mutating: true,
  examples: [
    'collab variables update APP_ENV --project acme/web/storefront --environment-scope production --protected',
    'collab variables update TOKEN --group acme --value-file token.txt',
  ],
});

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

export const DELETE = confirmedDelete({
  summary: 'Remove a variable of one scope (one already gone is not an error)',
  typing: 'the key',
  args: { key: KEY },
  kinds: ['project', 'group'],
  flags: { scope: SCOPE },
  strict: 'the variable does not exist',
  examples: ['collab variables delete APP_ENV --project acme/web/storefront --environment-scope production --yes'],
});

export const spec: CommandSpec = {
  ...noun('variables'),
  description:
    'Every verb takes exactly one of --project <id|path> and --group <id|path>. Project variables need the Maintainer role, group variables the Owner role. A variable is its key and its environment scope (--scope, default *). Tables and views show masked and hidden values as [masked]; -o json carries what the service sent.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...SET, load: () => import('./set.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
