import { readFile } from 'node:fs/promises';
import { CollabError } from '../../errors.js';
import { type Column, type DetailField, onOrNo, PRIORITY } from '../../output/format.js';
import { unreadableFile } from '../../util/unreadable.js';
import type { VerbContext } from '../../context.js';
import { readOnce } from '../file-text.js';

/** A schedule's columns and view, and its variables as create and update take them. */

/**
 * What runs when is what a list of schedules shows: REF and CRON stay on a narrow terminal, the
 * description cut first. A ref is cut in the middle, as a path: `refs/heads/…` alone names no branch.
 */
export const SCHEDULE_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'DESCRIPTION', path: 'description', text: true, priority: PRIORITY.identifying },
  { header: 'REF', path: 'ref', text: true, priority: PRIORITY.answer, cutMiddle: true },
  { header: 'CRON', path: 'cron', priority: PRIORITY.answer },
  { header: 'TIME ZONE', path: 'cron_timezone', priority: PRIORITY.date },
  { header: 'ACTIVE', path: 'active', format: onOrNo, choices: ['yes', 'no'] },
  { header: 'NEXT RUN', path: 'next_run_at', priority: PRIORITY.date },
  { header: 'OWNER', path: 'owner.username', text: true },
];

/** `KEY=value, CONFIG (file)`: a schedule's variables on one line; a file variable's content is not shown. */
const variablesText = (value: unknown) =>
  Array.isArray(value) && value.length > 0
    ? value
        .map((v: { key: string; value: string; variable_type?: string }) =>
          v.variable_type === 'file' ? `${v.key} (file)` : `${v.key}=${v.value}`,
        )
        .join(', ')
    : '(none)';

const SCHEDULE_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'Description', path: 'description', none: '(none)' },
  { label: 'Ref', path: 'ref' },
  { label: 'Cron', path: 'cron' },
  { label: 'Time zone', path: 'cron_timezone' },
  { label: 'Active', path: 'active', format: onOrNo, tone: (v) => (v === false ? 'yellow' : undefined) },
  { label: 'Next run', path: 'next_run_at' },
  { label: 'Owner', path: 'owner.username' },
  { label: 'Variables', path: 'variables', format: variablesText },
  { label: 'Created', path: 'created_at' },
];

export const SCHEDULE_VIEW = { columns: SCHEDULE_COLUMNS, detail: SCHEDULE_DETAIL };

export interface VariableInput {
  key: string;
  value: string;
  variable_type: 'env_var' | 'file';
}

/**
 * --variable KEY=VALUE and --file-variable KEY=PATH (its file read now, once a run), a key given
 * once among them and `others` (the keys of --variable-from-file).
 */
export async function readVariables(
  plain: readonly (readonly [string, string])[],
  files: readonly (readonly [string, string])[],
  others: readonly string[] = [],
): Promise<VariableInput[]> {
  const out: VariableInput[] = plain.map(([key, value]) => ({ key, value, variable_type: 'env_var' }));
  for (const [key, path] of files) {
    let value: string;
    try {
      value = await readFile(path, 'utf8');
    } catch (error) {
      throw unreadableFile(`cannot read the file ${path} of variable ${key}`, error);
    }
    out.push({ key, value, variable_type: 'file' });
  }
  const keys = [...out.map((v) => v.key), ...others];
  const twice = keys.find((key, index) => keys.indexOf(key) !== index);
  if (twice !== undefined)
    throw new CollabError('usage', `variable ${twice} is given twice`, { hint: 'give each key once' });
  return out;
}

/** A variable whose value is read when the verb runs (--variable-from-file: a file, or standard input). */
export interface SecretVariable {
  key: string;
  read: (ctx: VerbContext) => Promise<string>;
}

/**
 * --variable-from-file KEY=PATH: the value of a plain variable, read from a file or standard input
 * (-) once a run, one trailing newline dropped, and kept out of every line collab writes to
 * standard error, as a CI/CD variable's --value-file is: a secret never on the command line.
 */
export function secretVariables(
  given: readonly (readonly [string, string])[],
  targetsOnStdin: string | undefined,
): SecretVariable[] {
  const piped = given.find(([, path]) => path === '-');
  if (piped && targetsOnStdin !== undefined)
    throw new CollabError(
      'usage',
      `--variable-from-file ${piped[0]}=- cannot read standard input: ${targetsOnStdin} - reads the targets from it`,
      { hint: 'give a file path instead of -' },
    );
  if (given.filter(([, path]) => path === '-').length > 1)
    throw new CollabError('usage', 'only one variable can come from standard input', {
      hint: 'read the others from files',
    });
  return given.map(([key, path]) => ({
    key,
    read: readOnce(path, `variable ${key}`, { secret: true, ...(path === '-' ? { shown: 'standard input' } : {}) }),
  }));
}

/** The variables given on the command line and those read now, in that order. */
export async function allVariables(
  ctx: VerbContext,
  given: readonly VariableInput[],
  secret: readonly SecretVariable[],
): Promise<VariableInput[]> {
  const read: VariableInput[] = [];
  for (const variable of secret)
    read.push({ key: variable.key, value: await variable.read(ctx), variable_type: 'env_var' });
  return [...given, ...read];
}
