import { readFileSync } from 'node:fs';

/** Whether a process is alive: a zombie (ended, not yet reaped) still answers kill 0, so /proc is read where it exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Resolves once `condition` holds (a process under way, a request arrived), looking every 25 ms
 * for up to 10 s: a test waits for an event, never for a length of time.
 */
export async function until(condition: () => boolean, what = 'the run to be under way'): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!condition()) throw new Error(`gave up waiting for ${what}`);
}
