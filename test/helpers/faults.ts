import { BACKOFF_CEILING_MS } from '../../src/http/retry-policy.js';
import type { Clock } from '../../src/runtime.js';
import { parseRateLimit } from '../../src/sandbox/faults.js';
import type { Sandbox, SandboxOptions, SandboxRole } from '../../src/sandbox/index.js';
import { runMain, tempConfigDir } from './cli.js';

/**
 * The faults of the reliability tests under faults (test/reliability/under-faults-*.test.ts): a
 * sandbox failing one request in five (500/502/503 and dropped connections, before or after
 * acting) and limiting the rate; and collab run in this process against it as one sandbox user.
 * The sandbox and the runs share a virtual clock (test/helpers/clock.ts): the rate limit's waits,
 * Retry-After and the backoff are jumped over, not slept.
 */
export const FAULTS: SandboxOptions = { failRate: 0.2, rateLimit: '20/1s', faultSeed: 9 };

/**
 * The most the runs against `sandbox` (since its stats were reset) can have waited on a virtual
 * clock, when no exact figure exists: full jitter draws each backoff anywhere from 0 to its
 * ceiling. Each fault met costs one backoff, at most the ceiling; each window of the rate limit
 * (`rateLimit`, as given to the sandbox), at most the window, its Retry-After rounded up to
 * seconds. A rate-limit hold stops every request at once, and the clock jumps once.
 */
export function mostWaitedMs(sandbox: Sandbox, rateLimit?: string): number {
  const rate = rateLimit === undefined ? undefined : parseRateLimit(rateLimit);
  // The windows the requests filled, and the one they end in.
  const windows = rate ? Math.ceil(sandbox.stats.requests / rate.limit) + 1 : 0;
  const window = rate ? Math.ceil(rate.periodMs / 1000) * 1000 : 0;
  return sandbox.stats.faults * BACKOFF_CEILING_MS + windows * window;
}

export function faultsCli(sandbox: Sandbox, role: SandboxRole, clock: Clock) {
  const dir = tempConfigDir();
  return (args: readonly string[]) =>
    runMain(
      args,
      {
        PATH: process.env.PATH,
        HOME: dir,
        COLLAB_CONFIG_DIR: dir,
        COLLAB_HOST: sandbox.url,
        COLLAB_TOKEN: sandbox.tokens[role],
      },
      { timeout: 120_000, clock },
    );
}
