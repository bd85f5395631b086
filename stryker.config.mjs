// StrykerJS over the spec reader, the model and the TypeScript runtime, with the fast tests
// (test/mutation/vitest.config.ts). `npm run mutation` (scripts/mutation.mjs) runs it once per area, as
// MUTATION_AREA=extract|model|runtime, so each area's report stands on its own and a rerun can take one area;
// scripts/mutation-summary.mjs sums the reports up in bench/results/mutation.json.
const AREAS = {
  extract: ['generator/extract/**/*.ts'],
  model: ['generator/model/**/*.ts'],
  runtime: ['templates/typescript/runtime/**/*.ts'],
};
const area = process.env.MUTATION_AREA ?? 'runtime';
if (!AREAS[area]) throw new Error(`MUTATION_AREA must be one of ${Object.keys(AREAS).join(', ')}, not ${area}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: AREAS[area],
  coverageAnalysis: 'perTest',
  // A static mutant (code run while the tests load, such as the model built once in a beforeAll) needs the whole
  // suite per mutant: about a minute each, over two thousand of them. They are reported as ignored, and counted
  // in bench/results/mutation.json, rather than left out silently.
  ignoreStatic: true,
  // Two cores, shared with other work: at most two test processes, and time enough for a loaded machine.
  concurrency: 2,
  timeoutMS: 20_000,
  // Reruns test only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: `test-output/mutation/incremental-${area}.json`,
  reporters: ['json', 'clear-text', 'progress'],
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  jsonReporter: { fileName: `test-output/mutation/${area}.json` },
  // One folder per area, so areas can run side by side.
  tempDirName: `.stryker-tmp-${area}`,
  ignorePatterns: ['.stryker-tmp*', 'test-output', 'bench/results/tmp'],
  cleanTempDir: true,
};
