import type { Clock } from '../../src/runtime.js';
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
