import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most cases run collab in the worker itself (test/helpers/cli.ts), so the workers do the work:
    // two fit the 2-core machines. Without isolation each worker evaluates src/ (commander,
    // undici, the sandbox...) once rather than once per file, which was a second of CPU a file;
    // runs keep no state in modules (main.ts's Run), so files cannot see each other's. Forks, not
    // threads: a worker thread cannot change its time zone (process.env.TZ), which tests of the
    // terminal's dates do; threads saved little more (8.8 against 10 s of CPU for eight e2e files).
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    env: { NO_COLOR: '1' },
    // No test sleeps in real time for more than a second: a test during which such a timer ran fails.
    setupFiles: ['test/helpers/no-real-waits.ts'],
    // The summary counts skipped tests; this reporter says why each was skipped.
    reporters: ['default', './test/helpers/skip-reasons.ts'],
    // Every test gets its own sandbox state (useSandbox resets it before each case), so the order
    // must not matter: CI runs them shuffled (a failure prints the seed; rerun with --sequence.seed=N).
    sequence: { shuffle: Boolean(process.env.CI) },
  },
});
