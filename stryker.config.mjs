// StrykerJS over the spec reader, the model and the TypeScript runtime, with the fast tests
// (test/mutation/vitest.config.ts). `npm run mutation` (scripts/mutation.mjs) runs it per group of source files,
// as MUTATION_AREA=read|model|runtime and MUTATION_FILES=<path>,<path>, so each group's report stands on its
// own, a run cut short keeps the groups it finished, and a rerun can take one group; scripts/mutation-summary.mjs
// sums the reports up per area in bench/results/mutation.json.
export const AREAS = {
  read: 'generator/read',
  model: 'generator/model',
  runtime: 'runtime/typescript',
};
const area = process.env.MUTATION_AREA ?? 'runtime';
if (!AREAS[area]) throw new Error(`MUTATION_AREA must be one of ${Object.keys(AREAS).join(', ')}, not ${area}`);
const files = process.env.MUTATION_FILES ? process.env.MUTATION_FILES.split(',') : null;
for (const f of files ?? []) if (!f.startsWith(`${AREAS[area]}/`)) throw new Error(`${f} is not in ${AREAS[area]}`);
/** The report's name: the files' paths below the area, or the whole area. */
export const slugOf = (area, files) => (files ? files.map((f) => f.slice(AREAS[area].length + 1).replace(/\.ts$/, '').replace(/\//g, '-')).join('+') : 'all');
const slug = slugOf(area, files);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: files ?? [`${AREAS[area]}/**/*.ts`],
  coverageAnalysis: 'perTest',
  // A static mutant (code run while the tests load: a module's constants, the runtime's checker for the current
  // version) needs the whole suite per mutant. They are reported as ignored, and counted in
  // bench/results/mutation.json, rather than left out silently.
  ignoreStatic: true,
  // Two cores, shared with other work: at most two test processes, and time enough for a loaded machine.
  concurrency: 2,
  timeoutMS: 20_000,
  // Reruns test only the mutants whose code or covering tests changed.
  incremental: true,
  // Committed beside the reports, so a rerun on a fresh clone tests only what changed since.
  incrementalFile: `bench/results/mutation/incremental/${area}-${slug}.json`,
  reporters: ['json', 'clear-text', 'progress'],
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  // Committed: bench/results/mutation.json is summed up from these, so a run of one group keeps the others.
  jsonReporter: { fileName: `bench/results/mutation/${area}-${slug}.json` },
  // One folder per area and file, so runs can go side by side.
  tempDirName: `.stryker-tmp-${area}-${slug}`,
  ignorePatterns: ['.stryker-tmp*', 'test-output', 'bench/results'],
  cleanTempDir: true,
};
