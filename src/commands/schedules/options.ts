import { CollabError } from '../../errors.js';
import type { ValueParser } from '../../params/option.js';
import { keyValue, nonEmpty, ruled } from '../../params/parsers.js';
import { CRON_RULE, scheduleVariableKeyProblem, TIMEZONE_RULE } from '../../params/pipeline-schedules.js';
import { REF_NAME_RULE } from '../../params/rules.js';
import { option, tristate } from '../flags.js';

/** The flags of schedules create and update: each value checked by the rule src/params keeps for it, before any request. */

const variable: ValueParser<readonly [string, string]> = (value, flag) => {
  const [key, rest] = keyValue(value, flag);
  const problem = scheduleVariableKeyProblem(key);
  if (problem) throw new CollabError('usage', `invalid variable "${key}" for ${flag}: ${problem}`);
  return [key, rest] as const;
};

const cron = ruled(CRON_RULE);
const timezone = ruled(TIMEZONE_RULE);
const ref = ruled(REF_NAME_RULE);

const VARIABLE_FLAGS = {
  variables: option('--variable <KEY=VALUE>', 'a variable of the pipelines it runs (repeatable)', variable, {
    repeatable: true,
  }),
  fileVariables: option(
    '--file-variable <KEY=PATH>',
    'a file variable: its value is the content of PATH (repeatable)',
    variable,
    { repeatable: true },
  ),
  variableFiles: option(
    '--variable-from-file <KEY=PATH>',
    'a variable whose value is read from PATH (- for standard input), a secret kept off the command line (repeatable)',
    variable,
    { repeatable: true },
  ),
};

export const CREATE_FLAGS = {
  description: option('--description <text>', 'what the schedule is for', nonEmpty, { required: true }),
  ref: option('--ref <ref>', 'the branch or tag it runs for (main, refs/tags/v1)', ref, { required: true }),
  cron: option('--cron <cron>', "when it runs: minute hour day-of-month month day-of-week ('0 2 * * *')", cron, {
    required: true,
  }),
  cronTimezone: option(
    '--cron-timezone <zone>',
    'the time zone the cron is read in (default UTC): IANA (Europe/Berlin), ActiveSupport (Berlin) or an offset (+05:30)',
    timezone,
  ),
  active: tristate('--active', 'the schedule runs (default; --no-active: made paused)'),
  ...VARIABLE_FLAGS,
};

export const UPDATE_FLAGS = {
  description: option('--description <text>', 'a new description', nonEmpty),
  ref: option('--ref <ref>', 'another branch or tag', ref),
  cron: option('--cron <cron>', 'another cron line', cron),
  cronTimezone: option('--cron-timezone <zone>', 'another time zone, IANA, ActiveSupport or an offset', timezone),
  active: tristate('--active', 'run it again (--no-active: pause it)'),
  ...VARIABLE_FLAGS,
  removeVariables: option('--remove-variable <KEY>', 'remove a variable (repeatable)', nonEmpty, {
    repeatable: true,
  }),
};
