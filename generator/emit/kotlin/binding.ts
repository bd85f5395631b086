import type { Binding } from '../core/binding.js';

/** The Kotlin package's place in the toolchain: built by Maven (scripts/kotlin-test.sh). */
export const KOTLIN_BINDING: Binding = {
  title: 'Kotlin',
  toolchain: 'maven',
  runner: 'scripts/kotlin-test.sh',
  types: 'kotlin/src/main/kotlin/dev/elementmodel/Element.kt',
  fieldCase: 'lowerCamel',
  conformance: {
    filter: 'ConformanceTest',
    // Surefire counts the Apple roles test among the conformance tests.
    counted: { filter: 'ConformanceTest', pattern: 'Tests run: (\\d+),.* in dev\\.elementmodel\\.ConformanceTest', each: false, extra: 1 },
    appleRoles: null,
  },
  suites: {
    readme: { filter: 'ConformanceTest*,*ReadmeExampleTest', said: 'ReadmeExampleTest' },
    deprecation: { filter: 'ConformanceTest*,*DeprecationTest', said: 'DeprecationTest' },
    operations: { filter: 'OperationsTest', said: 'OperationsTest' },
    revised: { filter: '', said: 'validator-cases: ran' },
  },
  validator: { kind: 'runner' },
  tests: { loop: 'full', files: ['test/kotlin.test.ts'] },
  readmeExample: 'kotlin/src/test/kotlin/dev/elementmodel/readme/ReadmeExampleTest.kt',
  mcp: 'test/kotlin-mcp.test.ts',
};
