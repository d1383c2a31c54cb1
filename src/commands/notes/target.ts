import type { NoteTarget } from '../../api/notes.js';
import { CollabError } from '../../errors.js';
import type { NoteableKind } from '../../params/notes.js';
import { groupRef, positiveInteger, projectRef } from '../../params/parsers.js';
import { type Flag, option, type Values } from '../flags.js';

/** Which note thread a command works on: every verb declares these flags (`flags: { ...TARGET_FLAGS, … }`). */
export const TARGET_FLAGS = {
  project: option(
    '--project <project>',
    'the project of the issue, merge request or snippet (ID or full path)',
    projectRef,
  ),
  issue: option('--issue <iid>', 'an issue of --project, by its iid', positiveInteger),
  mergeRequest: option('--merge-request <iid>', 'a merge request of --project, by its iid', positiveInteger),
  snippet: option('--snippet <id>', 'a snippet of --project, by its ID', positiveInteger),
  group: option('--group <group>', 'the group of the epic (ID or full path)', groupRef),
  epic: option('--epic <id>', 'an epic of --group, by its ID', positiveInteger),
} as const satisfies Record<string, Flag<unknown>>;

/** The target flags' typed values, as every notes verb receives them. */
type TargetValues = Values<typeof TARGET_FLAGS>;

/** The flag naming each kind of noteable, and the key it is declared under. */
const KIND_FLAGS = [
  { kind: 'issue', flag: '--issue', key: 'issue' },
  { kind: 'merge_request', flag: '--merge-request', key: 'mergeRequest' },
  { kind: 'snippet', flag: '--snippet', key: 'snippet' },
  { kind: 'epic', flag: '--epic', key: 'epic' },
] as const satisfies ReadonlyArray<{ kind: NoteableKind; flag: string; key: keyof TargetValues }>;

const VALID_TARGETS =
  'give --project <p> with one of --issue <iid>, --merge-request <iid> or --snippet <id>; or --group <g> with --epic <id>';

function refused(message: string): CollabError {
  return new CollabError('usage', message, { hint: VALID_TARGETS });
}

function list(flags: readonly string[]): string {
  return flags.length <= 1 ? (flags[0] ?? '') : `${flags.slice(0, -1).join(', ')} and ${flags[flags.length - 1]}`;
}

/** Exactly one noteable: --project with --issue, --merge-request or --snippet; or --group with --epic. */
export function noteTarget(values: TargetValues): NoteTarget {
  const { project, group } = values;
  const given = KIND_FLAGS.flatMap((k) => {
    const ref = values[k.key];
    return ref === undefined ? [] : [{ ...k, ref }];
  });
  const givenFlags = given.map((g) => g.flag);
  if (project !== undefined && group !== undefined) throw refused('--project and --group cannot be used together');
  if (group !== undefined) {
    const projectKinds = given.filter((g) => g.kind !== 'epic');
    if (projectKinds.length > 0)
      throw refused(
        `${list(projectKinds.map((g) => g.flag))} ${projectKinds.length > 1 ? 'belong' : 'belongs'} to a project, not to --group`,
      );
    const epic = given[0];
    if (epic === undefined) throw refused('missing --epic <id> for --group');
    return { kind: 'epic', parent: group, ref: epic.ref };
  }
  if (project === undefined) {
    if (given.length === 0) throw refused('which notes? missing the issue, merge request, snippet or epic');
    throw refused(
      `${list(givenFlags)} ${given.length > 1 ? 'need' : 'needs'} ${given.every((g) => g.kind === 'epic') ? '--group' : '--project'}`,
    );
  }
  if (given.some((g) => g.kind === 'epic'))
    throw refused('--epic belongs to a group: use --group <g> --epic <id> instead of --project');
  const [only, ...more] = given;
  if (only === undefined) throw refused('missing --issue, --merge-request or --snippet for --project');
  if (more.length > 0) throw refused(`${list(givenFlags)} cannot be used together: notes belong to one of them`);
  return { kind: only.kind, parent: project, ref: only.ref };
}

/**
 * One target of a run over many (`--project -`, `--group -`): the project or group of the note
 * thread is that target; the issue, merge request, snippet or epic stays as given.
 */
export function bindTarget<O extends { target: NoteTarget }>(options: O, parent: string | number): O {
  return { ...options, target: { ...options.target, parent } };
}
