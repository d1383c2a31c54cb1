import { arg, asText, option, params } from '../flags.js';
import { nonEmpty, ruled } from '../../params/parsers.js';
import { VARIABLE_PARAMS, VARIABLE_SCOPE } from '../../params/variables.js';

/** What the declarations of the variables verbs share. */

export const KEY = arg({ name: 'key', description: 'the variable’s key (letters, digits and _)' }, nonEmpty);

export const SCOPE = option(
  '--environment-scope <environment>',
  'the environment scope: a key may have a value per environment, * for every one',
  ruled(VARIABLE_SCOPE.rule),
  { default: '*', aliases: ['--scope'] },
);

/** Where the value comes from: a file, standard input, or (unless it is to be masked) the command line. */
export const VALUE_FLAGS = {
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

export const FIELD_FLAGS = { fields: params(VARIABLE_PARAMS) } as const;
