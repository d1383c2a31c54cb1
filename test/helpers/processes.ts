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
