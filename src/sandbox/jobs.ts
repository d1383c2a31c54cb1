import type { BackgroundJob, ImportState, Project } from './model.js';
import type { Store } from './store.js';

/**
 * The service's background jobs, run by the sandbox's clock (store.now): a fork's import, a pull
 * mirror's update, an immediate deletion. Nothing runs on a timer: a job's stage is read from the
 * clock when it matters (a view, the start of a request), one rule for every kind of job.
 */

export function startJob(durationMs: number, now: number): BackgroundJob {
  return { startedAt: now, durationMs };
}

/** "scheduled" for the first tenth of its duration, "started" until it has passed, then "done". */
export function jobStage(job: BackgroundJob, now: number): 'scheduled' | 'started' | 'done' {
  const elapsed = now - job.startedAt;
  if (elapsed >= job.durationMs) return 'done';
  return elapsed >= job.durationMs * 0.1 ? 'started' : 'scheduled';
}

/**
 * How a test or a demo makes an import fail: this mark in the description of the project whose
 * repository is copied (a fork's source; for a pull mirror, whose remote is no sandbox project,
 * the mirror itself). The seeded acme/legacy-monolith carries it.
 */
export const FAIL_IMPORT_MARK = '[fail-import]';

const FAILURES = {
  fork: `Fork failed: the source repository could not be copied (${FAIL_IMPORT_MARK} in its description)`,
  mirror: `Mirror update failed: the remote repository could not be fetched (${FAIL_IMPORT_MARK} in the project's description)`,
} as const;

/**
 * Starts copying a repository into `project` from `from` (a fork's source, or the project itself
 * for an import URL or a mirror): import_status goes scheduled -> started -> finished, or failed
 * with an import_error.
 */
export function startImport(store: Store, project: Project, from: Project, kind: keyof typeof FAILURES): void {
  const willFail = (from.description ?? '').includes(FAIL_IMPORT_MARK);
  project.import = { status: 'scheduled', error: null, ...startJob(store.forkDurationMs, store.now()), willFail, failure: FAILURES[kind] };
  store.touch();
}

/** Whether a project's import is under way (scheduled or started), as of now. */
export function importRunning(store: Store, project: Project): boolean {
  refreshImport(store, project);
  return project.import.status === 'scheduled' || project.import.status === 'started';
}

/** Moves a project's import on by the clock (none -> scheduled -> started -> finished | failed). */
export function refreshImport(store: Store, project: Project): void {
  const state: ImportState = project.import;
  if (state.status !== 'scheduled' && state.status !== 'started') return;
  const stage = jobStage(state, store.now());
  const next: ImportState['status'] = stage === 'done' ? (state.willFail ? 'failed' : 'finished') : stage;
  if (next === state.status) return;
  state.status = next;
  if (next === 'failed') state.error = state.failure ?? FAILURES.fork;
  // A step of a background job is a change made on a read.
  store.touch();
}

/**
 * Delayed deletion (paid tiers): a project or group is marked, and removed after the instance's
 * deletion_adjourned_period (7 days by default; the sandbox never removes it by itself). As in
 * GitLab, `marked_for_deletion_on` is the day of the marking, not of the removal.
 */
export function markForDeletion(store: Store, resource: { marked_for_deletion_on: string | null }): void {
  resource.marked_for_deletion_on = store.today();
}
