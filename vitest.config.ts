import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { type Plugin, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes, longest first (as `npm run test:slowest` lists them after a CI run), so the longest
 * starts at once and the short ones fill the end. Vitest orders a run by the durations it cached the last time, and
 * a fresh clone has none: it then runs the largest files first, which put small long ones (the fuzz files) last,
 * with one worker idle meanwhile.
 */
const LONGEST_FIRST = [
  'test/bindings/revision-bindings.test.ts',
  'test/release/release.test.ts',
  'test/bindings/kotlin/kotlin.test.ts',
  'test/bindings/revision-deprecation.test.ts',
  'test/emit/site.test.ts',
  'test/project/fresh-clone.test.ts',
  'test/fuzz/spec-1.test.ts',
  'test/fuzz/spec-2.test.ts',
  'test/bindings/operation-revision-bindings.test.ts',
  'test/bindings/swift/swift.test.ts',
  'test/bindings/python/python.test.ts',
  'test/bindings/kotlin/kotlin-mcp.test.ts',
  'test/model/revision-property.test.ts',
  'test/write/faults.test.ts',
  'test/bindings/quicktype.test.ts',
  'test/bindings/swift/swift-root-manifest.test.ts',
  'test/bindings/hand-vectors-bindings.test.ts',
  // After the Swift and Kotlin files: it waits on their builds (the build cache's lock), then runs in seconds.
  'test/fuzz/differential.test.ts',
  'test/bindings/json-test-suite.test.ts',
];

/** Vitest's order, but the files above first, in that order, so both workers finish at about the same time. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(relative(f.project.config.root, f.moduleId));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    const sorted = await super.sort(files);
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

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
    sequence: { sequencer: LongestFirst },
    // Parsing Markdown makes much short-lived garbage: in a young generation twice Node's 16 MB, more of it dies
    // there instead of being copied and promoted. The spec fuzzer took about a tenth less CPU per input.
    execArgv: ['--max-semi-space-size=32'],
    // Keeps the transformed generator and tests on disk (node_modules/, so reinstalling clears it), keyed by content:
    // a rerun of the quick loop transforms only what changed, about a sixth of its time on two cores.
    experimental: { fsModuleCache: true },
  },
});
