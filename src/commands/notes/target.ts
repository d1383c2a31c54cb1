import { describeTarget, type NoteTarget } from '../../api/notes.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { NoteableKind } from '../../params/notes.js';
import type { OptionSpec } from '../../params/option.js';
import { positiveInteger } from '../../params/parsers.js';
import { type Flag, group } from '../flags.js';
import { ownerOption } from '../owner.js';

/** The flags that name a note thread, in the order help lists them: its project or group, and the thing of it. */
const THREAD_OPTIONS: readonly OptionSpec[] = [
  ownerOption('project', 'the project of the issue, merge request or snippet (ID or full path)'),
  { flags: '--issue <iid>', description: 'an issue of --project, by its iid', parse: positiveInteger },
  { flags: '--merge-request <iid>', description: 'a merge request of --project, by its iid', parse: positiveInteger },
  { flags: '--snippet <id>', description: 'a snippet of --project, by its ID', parse: positiveInteger },
  ownerOption('group', 'the group of the epic (ID or full path)'),
  { flags: '--epic <id>', description: 'an epic of --group, by its ID', parse: positiveInteger },
];

/** The thread flags' values, as their parsers (ownerOption's, positiveInteger) left them. */
interface TargetValues {
  project?: string | number;
  issue?: number;
  mergeRequest?: number;
  snippet?: number;
  group?: string | number;
  epic?: number;
}

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
function noteTarget(values: TargetValues): NoteTarget {
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

/** `--project acme/web --issue 3`: the flags that name a thread, as a command to type gives them. */
function threadFlags(target: NoteTarget): string {
  const owner = target.kind === 'epic' ? '--group' : '--project';
  const flag = KIND_FLAGS.find((k) => k.kind === target.kind)?.flag as string;
  return `${owner} ${target.parent} ${flag} ${target.ref}`;
}

/**
 * A note's own 404 (not its thread's, whose hint says what to check) names the list of the
 * thread's notes, as every other thing read or changed by its ID does (unknownThing).
 */
export function unknownNote(error: unknown, target: NoteTarget, noteId: number): unknown {
  return isCollabError(error) && error.status === 404 && /^404 Note Not Found$/i.test(error.message)
    ? withHint(
        error,
        `${describeTarget(target)} has no note ${noteId}: \`collab notes list ${threadFlags(target)}\` lists them`,
      )
    : error;
}

/**
 * The owner of a notes verb (`ownerVerb({ owner: NOTE_THREAD, … })`): the issue, merge request,
 * snippet or epic. A target of a run over many (`--project -`, `--group -`) is its project or
 * group; the issue, merge request, snippet or epic stays as given.
 */
export const NOTE_THREAD: Flag<NoteTarget, 'required'> = {
  ...group(THREAD_OPTIONS, (raw) => noteTarget(raw as TargetValues)),
  retarget: (thread, parent) => ({ ...thread, parent }),
};
