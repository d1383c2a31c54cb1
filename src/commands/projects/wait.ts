import type { Context } from '../../context.js';
import { getProject, type ProjectRecord } from '../../api/projects.js';
import { CollabError } from '../../errors.js';
import { sleep } from '../../http/retry-policy.js';

/**
 * Waiting for a fork (or any import) to finish by polling its project's import_status.
 * The schedule is a pure function so its cost can be checked without a clock: quick first
 * looks for small forks, then a steady pace that keeps a long import to a few requests a minute.
 */
export const FIRST_POLL_MS = 250;
export const POLL_GROWTH = 1.6;
export const MAX_POLL_MS = 3000;

/** The wait before status request number `attempt` (0-based): 250 ms, 400, 640, 1024, 1638, 2621, then 3 s. */
export function importPollDelay(attempt: number): number {
  return Math.min(MAX_POLL_MS, Math.round(FIRST_POLL_MS * POLL_GROWTH ** Math.max(0, attempt)));
}

/** How many status requests it takes to see an import that finishes `durationMs` after it was created. */
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

export interface WaitOptions {
  timeoutMs: number;
  /** What is awaited, for messages: "the fork olivia/storefront". */
  what: string;
  /** The command that shows the project later, for messages. */
  checkCommand: string;
  /** What to say when the wait ends but the job goes on: "the fork continues". */
  continues: string;
  /** Told of every status seen. */
  onStatus?: (status: string, elapsedMs: number) => void;
}

/**
 * Polls GET /projects/:id of `project` until its import settles. Resolves with the finished
 * project; throws `import-failed` (exit 6) with the service's import_error, or `wait-timeout`
 * (exit 7) when `timeoutMs` runs out first. The last look is taken at the deadline itself.
 */
export async function waitForImport(ctx: Context, project: ProjectRecord, options: WaitOptions): Promise<ProjectRecord> {
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  let current = project;
  for (let attempt = 0; !importSettled(current.import_status); attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new CollabError('wait-timeout', `timed out after ${formatSeconds(options.timeoutMs)} waiting for ${options.what} (import status: ${current.import_status})`, {
        hint: `${options.continues}; check it with: ${options.checkCommand}`,
      });
    }
    await sleep(Math.min(importPollDelay(attempt), remaining), ctx.signal);
    current = (await ctx.request<ProjectRecord>(getProject(project.id))).data;
    options.onStatus?.(String(current.import_status), Date.now() - started);
  }
  if (current.import_status === 'failed') {
    throw new CollabError('import-failed', `${options.what} failed: ${current.import_error || 'the service gave no reason'}`, {
      hint: `see it with: ${options.checkCommand}`,
    });
  }
  return current;
}

export function formatSeconds(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes}m${seconds}s` : `${minutes}m`;
}
