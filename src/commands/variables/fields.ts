import type { Column, DetailField } from '../../output/format.js';
import { PRIORITY, yesNo } from '../../output/format.js';

/** A masked or hidden variable's value reads `[masked]` in tables and views (the output rule); -o json keeps what the service sent. */
const keptMasked = (item: unknown): boolean => {
  const variable = (item ?? {}) as { masked?: unknown; hidden?: unknown };
  return variable.masked === true || variable.hidden === true;
};

/** A variable as messages name it: its key, with its scope unless that is every environment (`*`). */
export function variableName(key: string, scope: string): string {
  return `${key}${scope === '*' ? '' : ` (scope ${scope})`}`;
}

export const VARIABLE_COLUMNS: readonly Column[] = [
  { header: 'KEY', path: 'key', priority: PRIORITY.identifying },
  { header: 'SCOPE', path: 'environment_scope' },
  { header: 'VALUE', path: 'value', text: true, masked: keptMasked },
  { header: 'PROTECTED', path: 'protected', format: yesNo, choices: ['yes', 'no'] },
  { header: 'MASKED', path: 'masked', format: yesNo, choices: ['yes', 'no'] },
];

export const VARIABLE_DETAIL: readonly DetailField[] = [
  { label: 'Key', path: 'key' },
  { label: 'Scope', path: 'environment_scope' },
  { label: 'Value', path: 'value', masked: keptMasked },
  { label: 'Type', path: 'variable_type' },
  { label: 'Protected', path: 'protected', format: yesNo },
  { label: 'Masked', path: 'masked', format: yesNo },
  { label: 'Hidden', path: 'hidden', format: yesNo },
  { label: 'Raw', path: 'raw', format: yesNo },
  { label: 'Description', path: 'description', none: '(none)' },
];
