import type { ParamSpec } from './types.js';

/**
 * CI/CD variable fields of GitLab's project- and group-level variables API (doc/api/project_level_variables.md,
 * group_level_variables.md). `key`, `value` and `environment_scope` are not here: the commands take the key
 * as an argument, the scope as --scope and the value from a file, standard input or --value.
 */
export const VARIABLE_PARAMS = [
  {
    name: 'variable_type',
    type: 'string',
    description: 'env_var (default) or file: a file is given to jobs as a path to a file holding the value',
    choices: ['env_var', 'file'],
    flag: 'type',
  },
  { name: 'protected', type: 'boolean', description: 'only pipelines on protected branches and tags get it' },
  {
    name: 'masked',
    type: 'boolean',
    description:
      'hidden in job logs; the value must be 8 or more characters of A-Z a-z 0-9 + / = @ : . ~ - _ (with --raw: 8 or more without spaces)',
  },
  { name: 'raw', type: 'boolean', description: 'no expansion of $VARIABLES inside the value' },
  { name: 'description', type: 'string', description: 'what the variable is for' },
] as const satisfies readonly ParamSpec[];

/** Only on creation: masked, and never shown again (GitLab 17.4). */
export const HIDDEN_PARAM = {
  name: 'masked_and_hidden',
  type: 'boolean',
  description: 'masked, and the value never shown again, even to maintainers (on creation only)',
  flag: 'hidden',
} as const satisfies ParamSpec;

/** A key: letters, digits and `_`, at most 255 (the API reference's words). */
export const VARIABLE_KEY = /^[A-Za-z0-9_]{1,255}$/;

/**
 * GitLab's masking rule (Ci::Maskable): a masked value is 8 or more characters of the Base64 alphabet
 * plus `@ : . ~` (and `-`, `_`); a masked raw value may hold any character but whitespace.
 */
export function canMask(value: string, raw: boolean): boolean {
  return raw ? /^\S{8,}$/u.test(value) : /^[A-Za-z0-9_+=/@:.~-]{8,}$/.test(value);
}
