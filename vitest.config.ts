import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end tests spawn bin/collab; two workers fit the 2-core machines.
    pool: 'forks',
    maxWorkers: 2,
    env: { NO_COLOR: '1' },
  },
});
