import type { AllowlistKind } from '../../api/job-token-scope.js';
import type { Owner } from '../../api/owner.js';
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

/**
 * --target-project naming the --project itself, as the command line gives both (the same ID, or
 * the same path in any case: GitLab finds a path so): its own jobs always reach a project, so it is
 * in its allowlist for good. GitLab refuses both ways with a 400 (Ci::JobToken::ProjectScopeLink's
 * not_self_referential_link, "Target project can't be the same as the source project"; and
 * Ci::JobTokenScope::RemoveProjectService, "Source project cannot be removed from the job token
 * scope"): said before any request, most likely the two flags swapped. Checked as each target is
 * run, since `--project -` binds the project target by target.
 */
export function ownProjectProblem(owner: Owner, entry: Entry): CollabError | undefined {
  if (entry.kind !== 'project') return undefined;
  const same =
    typeof owner.ref === 'number' || typeof entry.ref === 'number'
      ? owner.ref === entry.ref
      : owner.ref.toLowerCase() === entry.ref.toLowerCase();
  if (!same) return undefined;
  return new CollabError(
    'usage',
    `--target-project ${entry.ref} is the project itself: its own jobs always reach it, so it is on its allowlist for good`,
    { hint: `--target-project names another project, one whose jobs may reach project ${owner.ref}` },
  );
}

export const ENTRY_COLUMNS: readonly Column[] = [
  { header: 'TYPE', path: 'type', choices: ['project', 'group'] },
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'path', text: true },
];
