import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:quick`, the everyday loop: every test that needs no Swift, Maven or browser, with the long
 * property runs cut down, in under a minute on two cores. `npm test` (what CI runs) is still the whole suite.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        'test/swift.test.ts',
        'test/swift-root-manifest.test.ts',
        'test/kotlin.test.ts',
        'test/revision-bindings.test.ts',
        'test/hand-vectors-bindings.test.ts',
        'test/python.test.ts',
        'test/quicktype.test.ts',
        'test/site.test.ts',
      ],
      // Set here, so they win over the larger counts a CI variable would choose.
      env: { FUZZ_RUNS: '100', REVISION_RUNS: '20', KILLS: '15' },
    },
  }),
);
