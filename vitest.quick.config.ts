import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { BINDINGS } from './generator/emit/targets.js';
import base from './vitest.config.js';
import { BINDINGS_DIR, testGlobOf } from './test/helpers/binding-folders.js';

/**
 * The test folder of each binding in the full loop, from the target registry (a binding that needs a toolchain
 * runs there: its own tests and its MCP round trip), the files beside those folders, which run every binding, and
 * the files that need a browser or an editor: left to `npm test`.
 */
const NEEDS_TOOLCHAINS = [
  ...BINDINGS.filter((b) => b.tests.loop === 'full').map((b) => testGlobOf(b.name)),
  `${BINDINGS_DIR}/*.test.ts`,
  'test/emit/site.test.ts',
  'test/release/release.test.ts',
  'test/release/workflow.test.ts',
  'test/fuzz/differential.test.ts',
  // Installs the extension's pinned tools (vsce) from the npm registry the first time.
  'test/release/vscode-extension.test.ts',
  // A real editor: Debian's Neovim.
  'test/lsp/lsp-neovim.test.ts',
];

/** Files that copy the whole repository and run tests of their own inside the copy: left to `npm test`. */
const WHOLE_REPOSITORY = ['test/project/fresh-clone.test.ts'];

/**
 * Files that need no toolchain but take seconds a test: the test folder of each binding in the slow loop (the
 * TypeScript package is packed, installed and type-checked, with MCP's SDK too), a bundler builds the site, the checker runs four ways, processes are killed mid-write, servers speak over
 * stdio. Their own project, "slow": `npm run test:quick` leaves it out; CI's run on Node 24 (.ci/run) takes it with
 * the rest of this config.
 */
const SLOW = [
  ...BINDINGS.filter((b) => b.tests.loop === 'slow').map((b) => testGlobOf(b.name)),
  'test/emit/docs-site-build.test.ts',
  'test/cli/build.test.ts',
  'test/write/faults.test.ts',
  'test/fuzz/generate.test.ts',
  'test/lsp/lsp-stdio.test.ts',
];

/** Files that mock modules or stub the environment: each runs in a fresh module registry of its own. */
const NEEDS_ISOLATION = ['test/read/file-order.test.ts', 'test/project/golden.test.ts', 'test/project/seeded.test.ts', 'test/project/seventh-language.test.ts', 'test/project/toolchain.test.ts'];

/** Set here, so they win over the larger counts a CI variable would choose. */
const QUICK_ENV = { FUZZ_RUNS: '100', REVISION_RUNS: '20', KILLS: '15' };

/**
 * Every test that needs no Swift, Maven or browser, with the long property runs cut down: what CI runs on Node 24.
 * `npm run test:quick`, the everyday loop, is its projects "isolated" and "shared" (all but SLOW), in under a minute
 * on two cores. `npm test` (what CI runs on Node 20) is still the whole suite.
 * The other files share each worker's loaded modules (isolate: false), so the generator and its dependencies are
 * loaded once a worker rather than once a file.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      env: QUICK_ENV,
      projects: [
        // Not extending the base, whose include list would be added to this one.
        { test: { name: 'isolated', include: NEEDS_ISOLATION, testTimeout: base.test?.testTimeout, env: QUICK_ENV } },
        { extends: true, test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...NEEDS_TOOLCHAINS, ...WHOLE_REPOSITORY, ...NEEDS_ISOLATION, ...SLOW] } },
        { test: { name: 'slow', include: SLOW, testTimeout: base.test?.testTimeout, env: QUICK_ENV } },
      ],
    },
  }),
);
