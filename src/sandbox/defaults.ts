/**
 * What the sandbox does when not told otherwise: startSandbox, its store and `collab sandbox`'s
 * help all read these. Nothing to import, so that the help can print them without loading the
 * sandbox.
 */
export const SANDBOX_DEFAULTS = {
  /** 0 picks a free port. */
  port: 0,
  /** Projects created over the fixed tree of groups. */
  seed: 50,
  /** Seed of the data's randomness (visibility, stars, languages). */
  dataSeed: 1,
  /** Delay before each answer, ms. */
  latencyMs: 0,
  /** Share of requests (0 to 1) that fail. */
  failRate: 0,
  /** Seed of the fault sequence. */
  faultSeed: 1,
  /** How long a fork's import, or a pull mirror's update, takes, ms. */
  forkDurationMs: 3000,
  /** How long an immediate deletion takes, ms: the project or group answers until then. */
  deleteDurationMs: 2000,
  tier: 'premium',
} as const;
