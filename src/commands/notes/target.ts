import type { NoteTarget } from '../../api/notes.js';
import { CollabError } from '../../errors.js';
import type { NoteableKind } from '../../params/notes.js';
import { groupRef, positiveInteger, projectRef } from '../../params/parsers.js';
import type { OptionSpec } from '../spec.js';

/** Which note thread a command works on: every verb takes these flags. */
export const TARGET_OPTIONS: readonly OptionSpec[] = [
  { flags: '--project <project>', description: 'the project of the issue, merge request or snippet (ID or full path)', parse: projectRef },
  { flags: '--issue <iid>', description: 'an issue of --project, by its iid', parse: positiveInteger },
  { flags: '--merge-request <iid>', description: 'a merge request of --project, by its iid', parse: positiveInteger },
  { flags: '--snippet <id>', description: 'a snippet of --project, by its ID', parse: positiveInteger },
  { flags: '--group <group>', description: 'the group of the epic (ID or full path)', parse: groupRef },
  { flags: '--epic <id>', description: 'an epic of --group, by its ID', parse: positiveInteger },
];

/** The flag naming each kind of noteable, and the option key commander gives it. */
const KIND_FLAGS: ReadonlyArray<{ kind: NoteableKind; flag: string; key: string }> = [
  { kind: 'issue', flag: '--issue', key: 'issue' },
  { kind: 'merge_request', flag: '--merge-request', key: 'mergeRequest' },
  { kind: 'snippet', flag: '--snippet', key: 'snippet' },
  { kind: 'epic', flag: '--epic', key: 'epic' },
];

export const VALID_TARGETS = 'give --project <p> with one of --issue <iid>, --merge-request <iid> or --snippet <id>; or --group <g> with --epic <id>';

function refused(message: string): CollabError {
  return new CollabError('usage', message, { hint: VALID_TARGETS });
}

function list(flags: readonly string[]): string {
  return flags.length <= 1 ? (flags[0] ?? '') : `${flags.slice(0, -1).join(', ')} and ${flags[flags.length - 1]}`;
}

/** Exactly one noteable: --project with --issue, --merge-request or --snippet; or --group with --epic. */
export function noteTargetFromOptions(options: Record<string, unknown>): NoteTarget {
  const project = options.project as string | number | undefined;
  const group = options.group as string | number | undefined;
  const given = KIND_FLAGS.filter(({ key }) => options[key] !== undefined);
  const givenFlags = given.map((g) => g.flag);
  if (project !== undefined && group !== undefined) throw refused('--project and --group cannot be used together');
  if (project === undefined && group === undefined) {
    if (given.length === 0) throw refused('which notes? missing the issue, merge request, snippet or epic');
    throw refused(`${list(givenFlags)} ${given.length > 1 ? 'need' : 'needs'} ${given.every((g) => g.kind === 'epic') ? '--group' : '--project'}`);
  }
  if (group !== undefined) {
    const projectKinds = given.filter((g) => g.kind !== 'epic');
    if (projectKinds.length > 0) throw refused(`${list(projectKinds.map((g) => g.flag))} ${projectKinds.length > 1 ? 'belong' : 'belongs'} to a project, not to --group`);
    if (given.length === 0) throw refused('missing --epic <id> for --group');
    return { kind: 'epic', parent: group, ref: options.epic as number };
  }
  if (given.some((g) => g.kind === 'epic')) throw refused('--epic belongs to a group: use --group <g> --epic <id> instead of --project');
  if (given.length === 0) throw refused('missing --issue, --merge-request or --snippet for --project');
  if (given.length > 1) throw refused(`${list(givenFlags)} cannot be used together: notes belong to one of them`);
  const only = given[0] as (typeof KIND_FLAGS)[number];
  return { kind: only.kind, parent: project as string | number, ref: options[only.key] as number };
}
