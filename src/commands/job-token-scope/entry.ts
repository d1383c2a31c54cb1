import type { AllowlistKind } from '../../api/job-token-scope.js';
import { CollabError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import type { RawFlags } from '../flags.js';

/** One entry of an allowlist as the flags name it: a project or a group, by ID or path. */
export interface Entry {
  kind: AllowlistKind;
  ref: string | number;
}

/** A reference as commander's parsers (projectRef, groupRef) left it: an ID or a path. */
const refOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : undefined);

/** Exactly one of --target-project and --target-group. */
export function entryOf(raw: RawFlags): Entry {
  const project = refOf(raw.targetProject);
  const group = refOf(raw.targetGroup);
  if ((project === undefined) === (group === undefined))
    throw new CollabError(
      'usage',
      project === undefined
        ? 'missing --target-project or --target-group'
        : 'give one of --target-project and --target-group',
      { hint: 'one entry a command: --target-project <id|path> or --target-group <id|path>' },
    );
  if (project !== undefined) return { kind: 'project', ref: project };
  return { kind: 'group', ref: group ?? '' };
}

export const ENTRY_COLUMNS: readonly Column[] = [
  { header: 'TYPE', path: 'type', choices: ['project', 'group'] },
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'path', text: true },
];
