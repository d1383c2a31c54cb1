import type { ParamSpec } from './types.js';

export const VARIABLE_DESCRIPTION = {
  name: 'description',
  type: 'string',
  description: 'what the variable is for (at most 255 characters)',
  // Ci::Variable and Ci::GroupVariable: `validates :description, length: { maximum: 255 }`
  // (app/models/ci/group_variable.rb, gitlabhq/gitlabhq 58340cfe; app/models/ci/variable.rb likewise).
  rule: {
    what: 'variable description',
    source: 'app/models/ci/variable.rb, app/models/ci/group_variable.rb (description)',
    maxLength: 255,
  },
} as const satisfies ParamSpec;

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
    alias: 'type',
  },
  { name: 'protected', type: 'boolean', description: 'only pipelines on protected branches and tags get it' },
  {
    name: 'masked',
    type: 'boolean',
    description:
      'hidden in job logs; the value must be 8 or more characters of A-Z a-z 0-9 + / = @ : . ~ - _ (with --raw: 8 or more without spaces)',
  },
  { name: 'raw', type: 'boolean', description: 'no expansion of $VARIABLES inside the value' },
  VARIABLE_DESCRIPTION,
] as const satisfies readonly ParamSpec[];

/**
 * A hidden variable stays masked: GitLab refuses a write that unmasks one (400 on `base`,
 * Ci::HidableVariable's validate_masked_and_hidden_on_update, app/models/concerns/ci/hidable_variable.rb,
 * gitlabhq/gitlabhq de09f039). The command, the plan and the sandbox all ask `refuses`.
 */
export const HIDDEN_STAYS_MASKED = {
  /** `hidden`: the variable's as the service keeps it; `masked`: what the write gives (undefined: not given). */
  refuses: (hidden: boolean, masked: unknown) => hidden && masked === false,
  says: 'a hidden variable stays masked',
  service: 'The visibility setting cannot be changed for masked and hidden variables.',
} as const;

/** Only on creation: masked, and never shown again (GitLab 17.4). */
export const HIDDEN_PARAM = {
  name: 'masked_and_hidden',
  type: 'boolean',
  description: 'masked, and the value never shown again, even to maintainers (on creation only)',
  alias: 'hidden',
} as const satisfies ParamSpec;

/**
 * A key: letters, digits and `_`, at most 255 (doc/api/project_level_variables.md and
 * group_level_variables.md, `key`; app/models/concerns/ci/has_variable.rb).
 */
export const VARIABLE_KEY = {
  name: 'key',
  type: 'string',
  description: 'the variable’s key (letters, digits and _)',
  rule: {
    what: 'variable key',
    source: 'doc/api/project_level_variables.md (key); Ci::HasVariable',
    minLength: 1,
    maxLength: 255,
    forbids: [['-', 'a dash (-)']],
    checks: [{ ok: /^[A-Za-z0-9_]*$/, says: 'must be letters, digits and _ only' }],
    service: { invalid: "can contain only letters, digits and '_'." },
  },
} as const satisfies ParamSpec;

/**
 * An environment scope: letters, digits, `-`, `_`, `/`, `$`, `{`, `}`, `.`, `*` and spaces
 * (HasEnvironmentScope's format, app/models/concerns/has_environment_scope.rb, gitlabhq/gitlabhq
 * 6bd2db0e, with Gitlab::Regex.environment_scope_regex and its message).
 */
export const VARIABLE_SCOPE = {
  name: 'environment_scope',
  type: 'string',
  description: 'the environment scope: * for every environment',
  rule: {
    what: 'environment scope',
    source: 'app/models/concerns/has_environment_scope.rb; Gitlab::Regex.environment_scope_regex',
    minLength: 1,
    checks: [
      {
        ok: /^[A-Za-z0-9_/${}. *-]+$/,
        says: 'must be letters, digits, spaces and - _ / $ { } . * only',
      },
    ],
    service: { invalid: "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces" },
  },
} as const satisfies ParamSpec;

/**
 * A masked value, by GitLab's masking rule (app/models/concerns/ci/maskable.rb; doc/ci/variables/_index.md,
 * "Mask a CI/CD variable"): 8 or more characters of the Base64 alphabet plus `@ : . ~` (and `-`, `_`);
 * a masked raw value may hold any character but whitespace. A secret: messages never quote it.
 */
const MASKED_RULE = {
  source: 'app/models/concerns/ci/maskable.rb (REGEX, MASK_AND_RAW_REGEX)',
  secret: true,
  minLength: 8,
  // One format rule in the model: every failure is its `is invalid`.
  service: { formatOnly: true },
  forbids: [
    [' ', 'a space'],
    ['\n', 'a line break'],
  ],
} as const;

const MASKED_VALUE = {
  name: 'value',
  type: 'string',
  description: 'the value of a masked variable',
  rule: {
    ...MASKED_RULE,
    what: 'masked value',
    checks: [{ ok: /^[A-Za-z0-9_+=/@:.~-]*$/, says: 'must be letters, digits and + / = @ : . ~ - _ only (or raw)' }],
  },
} as const satisfies ParamSpec;

const MASKED_RAW_VALUE = {
  name: 'value',
  type: 'string',
  description: 'the value of a masked raw variable',
  rule: { ...MASKED_RULE, what: 'masked value', checks: [{ ok: /^\S*$/u, says: 'must not contain whitespace' }] },
} as const satisfies ParamSpec;

/** The value's parameter, by what the variable is: a masked value has its rule. */
export const valueParam = (masked: boolean, raw: boolean): ParamSpec =>
  !masked ? { name: 'value', type: 'string', description: 'the value' } : raw ? MASKED_RAW_VALUE : MASKED_VALUE;
