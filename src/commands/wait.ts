import { getProject, type ProjectRecord } from '../api/projects.js';
import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import { sleep } from '../http/retry-policy.js';
import { DEFAULT_WAIT_MS } from './common-options.js';

/**
 * --wait: following a job the service runs in the background (a fork's copy, a pull mirror's
 * update, an immediate deletion) by polling, with one schedule, spinner, set of messages and exit
 * codes (6 failed, 7 timed out) for all. The schedule is a pure function so its cost can be
 * checked without a clock: quick first looks for small jobs, then a steady pace that keeps a long
 * one to a few requests a minute.
 */
export const FIRST_POLL_MS = 250;
const POLL_GROWTH = 1.6;
export const MAX_POLL_MS = 3000;

/** The wait before status request number `attempt` (0-based): 250 ms, 400, 640, 1024, 1638, 2621, then 3 s. */
export function importPollDelay(attempt: number): number {
  return Math.min(MAX_POLL_MS, Math.round(FIRST_POLL_MS * POLL_GROWTH ** Math.max(0, attempt)));
}

/** How many status requests it takes to see a job that finishes `durationMs` after it was started. */
export function pollsToObserve(durationMs: number): number {
  let elapsed = 0;
  let polls = 0;
  while (elapsed < durationMs) {
    elapsed += importPollDelay(polls);
    polls++;
  }
  return polls;
}

/** Import states after which nothing more will happen (`none`: the project was never imported). */
const SETTLED = new Set(['finished', 'failed', 'none']);

export function importSettled(status: string | null | undefined): boolean {
  return status === undefined || status === null || SETTLED.has(status);
}

/** --wait and --timeout (common-options.ts waitFlags) as a verb reads them: --timeout alone is a usage error. */
export function waitSetting(flags: { wait: boolean; timeout: number | undefined }): {
  wait: boolean;
  timeoutMs: number;
} {
  if (flags.timeout !== undefined && !flags.wait)
    throw new CollabError('usage', '--timeout applies only with --wait', {
      hint: 'add --wait, or leave out --timeout',
    });
  return { wait: flags.wait, timeoutMs: flags.timeout ?? DEFAULT_WAIT_MS };
}

/** Where a job stands, as one look shows it. */
interface JobState {
  /** A word or two for the spinner and the log: `started`, `being removed`. */
  status: string;
  settled: boolean;
  /** Settled as failed: the service's reason ('' when it gave none). */
  failure?: string | undefined;
}

interface Watch<T> {
  /** What is awaited, for messages: "the fork olivia/storefront". */
  what: string;
  /** The spinner's text before the status: "forking acme/web/storefront into olivia/storefront". */
  label: string;
  /** Without a spinner (CI logs) each change of status is a line `<subject>: <status>`. */
  subject: string;
  /** The command that shows the job's outcome later. */
  checkCommand: string;
  /** The command that waits for the job again, after Ctrl-C or a timeout (`collab projects view X --wait`). */
  resumeCommand?: string;
  /**
   * Said on stderr when the job is done, at a terminal whose stdout goes elsewhere (a file, a
   * pipe): the person watching the spinner otherwise sees it vanish and nothing else.
   */
  ready?: string;
  /** What to say when the wait ends (timeout, Ctrl-C) but the job goes on: "the fork continues". */
  continues: string;
  /** What the status is called in messages: "import status". */
  statusName: string;
  timeoutMs: number;
  /** The state as the request that started the job left it. */
  first: T;
  /** One look at the job. */
  look(): Promise<T>;
  state(value: T): JobState;
}

/**
 * Polls until the job settles and resolves with the last look; throws `import-failed` (exit 6)
 * with the service's reason, or `wait-timeout` (exit 7) when `timeoutMs` runs out first (the last
 * look is taken at the deadline itself). Ctrl-C stops waiting and says the job goes on.
 */
async function waitFor<T>(ctx: VerbContext, watch: Watch<T>): Promise<T> {
  let current = watch.first;
  let seen = watch.state(current);
  const started = ctx.session.clock.now();
  const deadline = started + watch.timeoutMs;
  const goesOn = `${watch.continues}; check it with: ${watch.checkCommand}${watch.resumeCommand ? `, or wait again: ${watch.resumeCommand}` : ''}`;
  const released = ctx.terminal.onInterrupt(() => ctx.terminal.stderrLine(goesOn));
  const spinner = seen.settled ? undefined : await ctx.terminal.spinner(`${watch.label}: ${seen.status}`);
  try {
    for (let attempt = 0; !seen.settled; attempt++) {
      const remaining = deadline - ctx.session.clock.now();
      if (remaining <= 0) {
        throw new CollabError(
          'wait-timeout',
          `timed out after ${formatSeconds(watch.timeoutMs)} waiting for ${watch.what} (${watch.statusName}: ${seen.status})`,
          {
            hint: goesOn,
          },
        );
      }
      await sleep(ctx.session.clock, Math.min(importPollDelay(attempt), remaining), ctx.session.signal);
      current = await watch.look();
      const previous = seen.status;
      seen = watch.state(current);
      spinner?.text(`${watch.label}: ${seen.status} (${formatSeconds(ctx.session.clock.now() - started)})`);
      // Where no spinner shows the status (a log, CI, TERM=dumb), each change is a line of its own.
      if (spinner?.active !== true && seen.status !== previous) ctx.terminal.info(`${watch.subject}: ${seen.status}`);
    }
  } finally {
    spinner?.stop();
    released();
  }
  if (seen.failure !== undefined) {
    throw new CollabError('import-failed', `${watch.what} failed: ${seen.failure || 'the service gave no reason'}`, {
      hint: `see it with: ${watch.checkCommand}`,
    });
  }
  if (watch.ready && ctx.terminal.tty.stderr && !ctx.terminal.tty.stdout) ctx.terminal.info(watch.ready);
  return current;
}

/** A project's import (a fork's copy, a pull mirror's update) until it leaves scheduled/started. */
export function waitForImport(
  ctx: VerbContext,
  project: ProjectRecord,
  watch: Pick<Watch<ProjectRecord>, 'what' | 'label' | 'continues' | 'timeoutMs' | 'ready'>,
): Promise<ProjectRecord> {
  return waitFor(ctx, {
    ...watch,
    subject: project.path_with_namespace,
    checkCommand: `collab projects view ${project.path_with_namespace}`,
    resumeCommand: `collab projects view ${project.path_with_namespace} --wait`,
    statusName: 'import status',
    first: project,
    look: async () => (await ctx.session.request<ProjectRecord>(getProject(project.id))).data,
    state: (value) => ({
      status: String(value.import_status),
      settled: importSettled(value.import_status),
      failure: value.import_status === 'failed' ? String(value.import_error ?? '') : undefined,
    }),
  });
}

/**
 * A deletion. Where it is immediate the service answers 202 and removes the project or group in a
 * background job, reads answering as before until it is gone: wait for the 404. Where deletion is
 * delayed, until marked_for_deletion_on is set (`untilGone`: a permanent removal of what is marked
 * already waits for the 404). Resolves with the last look: undefined once gone.
 */
export function waitForDeletion<T extends { marked_for_deletion_on?: string | null | undefined }>(
  ctx: VerbContext,
  watch: Pick<Watch<T | undefined>, 'what' | 'label' | 'subject' | 'checkCommand' | 'timeoutMs' | 'first' | 'look'> & {
    untilGone?: boolean;
  },
): Promise<T | undefined> {
  return waitFor<T | undefined>(ctx, {
    ...watch,
    continues: 'the deletion continues',
    statusName: 'status',
    state: (value) => {
      if (value === undefined) return { status: 'gone', settled: true };
      if (value.marked_for_deletion_on && !watch.untilGone) return { status: 'marked for deletion', settled: true };
      return { status: 'being removed', settled: false };
    },
  });
}

function formatSeconds(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes}m${seconds}s` : `${minutes}m`;
}
