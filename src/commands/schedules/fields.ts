import { readFile } from 'node:fs/promises';
import { CollabError } from '../../errors.js';
import { type Column, type DetailField, onOrNo, PRIORITY } from '../../output/format.js';
import { unreadableFile } from '../../util/unreadable.js';

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
  { label: 'Description', path: 'description' },
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

/** --variable KEY=VALUE and --file-variable KEY=PATH (its file read now, once a run), a key given once. */
export async function readVariables(
  plain: readonly (readonly [string, string])[],
  files: readonly (readonly [string, string])[],
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
  const keys = out.map((v) => v.key);
  const twice = keys.find((key, index) => keys.indexOf(key) !== index);
  if (twice !== undefined)
    throw new CollabError('usage', `variable ${twice} is given twice`, { hint: 'give each key once' });
  return out;
}
