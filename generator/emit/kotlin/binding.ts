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
    counted: {
      filter: 'ConformanceTest',
      pattern: 'Tests run: (\\d+),.* in dev\\.elementmodel\\.ConformanceTest',
      each: false,
      extra: 1,
    },
    appleRoles: null,
  },
  suites: {
    readme: { filter: 'ConformanceTest*,*ReadmeExampleTest', said: 'ReadmeExampleTest' },
    deprecation: { filter: 'ConformanceTest*,*DeprecationTest', said: 'DeprecationTest' },
    operations: { filter: 'OperationsTest', said: 'OperationsTest' },
    revised: { filter: '', said: 'validator-cases: ran' },
  },
  validator: { kind: 'runner' },
  tests: { loop: 'full' },
  readmeExample: 'kotlin/src/test/kotlin/dev/elementmodel/readme/ReadmeExampleTest.kt',
  mcp: 'test/bindings/kotlin/kotlin-mcp.test.ts',
  // mvn compile in a content-named slot of the cache, as scripts/kotlin-test.sh builds (scripts/lib/build-slot.sh):
  // the same module again is not compiled again.
  buildOnly: [
    '. "$ROOT/scripts/lib/build-slot.sh"; builds="$ELEMENT_TOOLCHAIN_CACHE/kotlin-builds"',
    'claim_slot "$builds" "$(content_key . compile target)" . kotlin target; cd "$SLOT/kotlin"',
    'bash "$ROOT/scripts/lib/mvn-kotlin.sh" -B -ntp -q compile 2>&1 || exit 1; prune_slots "$builds"',
  ].join('\n'),
  declares: {
    generated: ['src/main/kotlin/dev/elementmodel/Spec.kt'],
    fileNames: ['src/main/kotlin/dev/elementmodel'],
  },
  bench: {
    module: 'bench/bindings/kotlin.mjs',
    rounds: false,
    builds: [
      {
        key: 'kotlin',
        env: {},
        build: 'Kotlin (JVM, after warm-up)',
        decodes: 'decodeAnswer',
        validates: 'validateText (read and check)',
        ratio: { label: 'Kotlin (warm) decode', target: 1.5 },
      },
    ],
  },
};
