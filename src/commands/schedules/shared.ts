import { isCollabError, withHint } from '../../errors.js';
import { positiveInteger } from '../../params/parsers.js';
import { arg } from '../flags.js';

/** What the declarations of the schedules verbs share. */

export const SCHEDULE_ID = arg(
  { name: 'schedule-id', description: 'the schedule’s ID (see `collab schedules list`)' },
  positiveInteger,
);

/**
 * GitLab answers a short ref that names no branch or tag of the project, or both, `ref is
 * ambiguous` (Ci::PipelineSchedules::BaseSaveService): said in words that fit the likelier case, a
 * typo or a branch not yet pushed.
 */
export function refHint(error: unknown, ref: unknown, project: string | number): unknown {
  if (ref === undefined || !isCollabError(error) || error.status !== 400 || !/\bref is ambiguous\b/.test(error.message))
    return error;
  return withHint(
    error,
    `--ref ${String(ref)} names no branch or tag of project ${project}, or both: give a branch that exists, or the full ref (refs/heads/${String(ref)} or refs/tags/${String(ref)})`,
  );
}
