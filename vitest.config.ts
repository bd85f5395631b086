import { availableParallelism } from 'node:os';
import { type Plugin, defineConfig } from 'vitest/config';

/**
 * Node's default builds of the Markdown parser, the ones `generate` loads. Vitest starts its workers with Node's
 * "development" condition, which picks micromark's development builds: every character read also goes through a
 * debug call and assertions. The spec fuzzer, mostly parsing, took a tenth more CPU with them.
 */
const defaultBuilds: Plugin = {
  name: 'element-spec:default-builds',
  configResolved(config) {
    const conditions = config.ssr.resolve?.conditions as string[] | undefined;
    const at = conditions?.indexOf('development|production') ?? -1;
    if (at >= 0) conditions?.splice(at, 1);
  },
};

export default defineConfig({
  plugins: [defaultBuilds],
  test: {
    include: ['test/**/*.test.ts'],
    // The default report for people, and a JSON one that .ci/run sums up as "N passed, N failed".
    reporters: ['default', ['json', { outputFile: 'test-output/vitest.json' }]],
    testTimeout: 30_000,
    // Vitest's default leaves a core free, which on two cores runs the files one at a time; many of them spend
    // their time waiting on a child process (tsc, swift, mvn, a browser), so one worker per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // Parsing Markdown makes much short-lived garbage: in a young generation twice Node's 16 MB, more of it dies
    // there instead of being copied and promoted. The spec fuzzer took about a tenth less CPU per input.
    execArgv: ['--max-semi-space-size=32'],
  },
});
