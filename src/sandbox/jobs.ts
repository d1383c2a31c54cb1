import type { BackgroundJob, Group, ImportState, Project } from './model.js';
import type { Store } from './store.js';
import { SANDBOX_DEFAULTS } from './defaults.js';

/**
 * The service's background jobs, run by the sandbox's clock (store.now): a fork's import, a pull
 * mirror's update, an immediate deletion. Nothing runs on a timer: a job's stage is read from the
 * clock when it matters (a view, the start of a request), one rule for every kind of job.
 */

function startJob(durationMs: number, now: number): BackgroundJob {
  return { startedAt: now, durationMs };
}

/** "scheduled" for the first tenth of its duration, "started" until it has passed, then "done". */
function jobStage(job: BackgroundJob, now: number): 'scheduled' | 'started' | 'done' {
  const elapsed = now - job.startedAt;
  if (elapsed >= job.durationMs) return 'done';
  return elapsed >= job.durationMs * 0.1 ? 'started' : 'scheduled';
}

/**
 * How a test or a demo makes an import fail: this mark in the description of the project whose
 * repository is copied (a fork's source; for a pull mirror, whose remote is no sandbox project,
 * the mirror itself). The seeded acme/legacy-monolith carries it.
 */
const FAIL_IMPORT_MARK = '[fail-import]';

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
  project.import = {
    status: 'scheduled',
    error: null,
    ...startJob(store.forkDurationMs, store.now()),
    willFail,
    failure: FAILURES[kind],
  };
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

/** A project or a group on its way out (an immediate deletion). */
type Removal = { kind: 'project'; project: Project } | { kind: 'group'; group: Group };

/**
 * Immediate deletions, as the service runs them: a background job of `durationMs` during which
 * the project or group still answers (reads, lists), then it is gone (404). The server settles
 * the queue as each request arrives, so a deletion ends on the sandbox's clock, not a timer.
 */
export class DeletionQueue {
  /** How long an immediate deletion takes (ms) before the project or group is gone; `--delete-duration`. */
  durationMs: number = SANDBOX_DEFAULTS.deleteDurationMs;
  /** Deletions under way, in the order they were asked. */
  private pending: Removal[] = [];

  constructor(private readonly store: Store) {}

  /** Starts a deletion; at a duration of 0 the record is removed at once. Asked again while under way, nothing changes. */
  add(removal: Removal): void {
    const record = removal.kind === 'project' ? removal.project : removal.group;
    if (record.deletion) return;
    if (this.durationMs <= 0) {
      this.remove(removal);
      return;
    }
    record.deletion = startJob(this.durationMs, this.store.now());
    this.pending.push(removal);
  }

  /** Finishes the deletions that are due by `now`. */
  settle(now = this.store.now()): void {
    if (this.pending.length === 0) return;
    const due: Removal[] = [];
    this.pending = this.pending.filter((removal) => {
      const job = (removal.kind === 'project' ? removal.project : removal.group).deletion;
      const done = job === null || jobStage(job, now) === 'done';
      if (done) due.push(removal);
      return !done;
    });
    for (const removal of due) this.remove(removal);
  }

  private remove(removal: Removal): void {
    const { store } = this;
    store.touch();
    // A group removed first takes its projects and subgroups with it.
    if (removal.kind === 'project') {
      if (store.projects.get(removal.project.id) === removal.project) store.removeProject(removal.project);
    } else if (store.groups.get(removal.group.id) === removal.group) store.removeGroup(removal.group);
  }
}
