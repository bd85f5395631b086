import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The default report for people, and a JSON one that .ci/run sums up as "N passed, N failed".
    reporters: ['default', ['json', { outputFile: 'test-output/vitest.json' }]],
    testTimeout: 30_000,
    // Vitest's default leaves a core free, which on two cores runs the files one at a time; many of them spend
    // their time waiting on a child process (tsc, swift, mvn, a browser), so one worker per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
