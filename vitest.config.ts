import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The default report for people, and a JSON one that .ci/run sums up as "N passed, N failed".
    reporters: ['default', ['json', { outputFile: 'test-output/vitest.json' }]],
    testTimeout: 30_000,
  },
});
