import type { Owner } from '../api/owner.js';
import { CollabError } from '../errors.js';
import type { OptionSpec } from '../params/option.js';
import { groupRef, projectRef } from '../params/parsers.js';
import { type Flag, group, type RawFlags } from './flags.js';

/** `--project` or `--group`: what a hook, push rule, share or note belongs to (hooks, push-rule, share, notes). */
const OWNER_OPTIONS: readonly OptionSpec[] = [
  { flags: '--project <project>', description: 'the project (ID or full path)', parse: projectRef },
  { flags: '--group <group>', description: 'the group (ID or full path)', parse: groupRef },
];

/** A reference as commander's parsers (projectRef, groupRef) left it: an ID or a path. */
function refOf(value: unknown): string | number | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** Exactly one of --project and --group. */
function ownerFromOptions(options: RawFlags): Owner {
  const project = refOf(options.project);
  const group = refOf(options.group);
  if (project !== undefined && group === undefined) return { kind: 'project', ref: project };
  if (group !== undefined && project === undefined) return { kind: 'group', ref: group };
  throw new CollabError(
    'usage',
    project === undefined ? 'missing --project or --group' : '--project and --group cannot be used together',
    {
      hint: 'give exactly one: --project <id|path> or --group <id|path>',
    },
  );
}

/**
 * The typed pair for a verb's declaration: `flags: { owner: ownerFlags(), … }` gives the verb an
 * `owner: Owner` (exactly one of --project and --group, refused before any request). Help and
 * completion read OWNER_OPTIONS as before, and `--project -` / `--group -` still read targets
 * from standard input: the verb exports `bind = bindOwner` so that each target becomes its owner.
 */
export function ownerFlags(): Flag<Owner, 'required'> {
  return group(OWNER_OPTIONS, (raw) => ownerFromOptions(raw));
}

/** One target of a run over many (`--project -`): the owner is that target, of the kind given. */
export function bindOwner<O extends { owner: Owner }>(options: O, target: string | number): O {
  return { ...options, owner: { kind: options.owner.kind, ref: target } };
}
