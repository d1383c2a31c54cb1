import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most cases run collab in the worker itself (test/helpers/cli.ts), so the workers do the work:
    // two fit the 2-core machines. Threads start and share less than forks, and without isolation
    // each worker evaluates src/ (commander, undici, the sandbox...) once rather than once per
    // file, which was a second of CPU a file. Runs keep no state in modules (main.ts's Run), so
    // files cannot see each other's.
    pool: 'threads',
    isolate: false,
    maxWorkers: 2,
    env: { NO_COLOR: '1' },
  },
});
