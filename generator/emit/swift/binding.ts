import type { Binding } from '../core/binding.js';

/** The Swift package's place in the toolchain: built in the Debian 13 chroot (scripts/swift-test.sh). */
export const SWIFT_BINDING: Binding = {
  title: 'Swift',
  toolchain: 'swift',
  runner: 'scripts/swift-test.sh',
  types: 'swift/Sources/ElementModel/Element.swift',
  fieldCase: 'lowerCamel',
  conformance: {
    filter: 'ConformanceTests',
    counted: { filter: 'ConformanceTests', pattern: 'ConformanceTests: checked (\\d+) vectors', each: false, extra: 0 },
    appleRoles: 'checked {n} Apple roles from',
  },
  suites: {
    readme: { filter: 'ReadmeExampleTests|ConformanceTests', said: 'ReadmeExampleTests' },
    deprecation: { filter: 'ConformanceTests|DeprecationTests', said: 'DeprecationTests' },
    operations: { filter: 'OperationsTests', said: 'OperationsTests' },
    revised: { filter: 'ConformanceTests|HostileInputTests', said: 'validator-cases: ran' },
  },
  validator: { kind: 'runner' },
  tests: { loop: 'full' },
  readmeExample: 'swift/Tests/ElementModelTests/ReadmeExampleTests.swift',
  // Swift's MCP SDK cannot be fetched on this machine (docs/testing.md).
  mcp: null,
  // swift build with warnings as errors, in the chroot, instead of its tests.
  buildOnly:
    'ELEMENT_SWIFT_COMMAND="swift build -Xswiftc -warnings-as-errors" exec bash "$ROOT/scripts/swift-test.sh" "$PWD"',
  declares: { generated: ['Sources/ElementModel/Spec.swift'], fileNames: ['Sources/ElementModel'] },
  bench: {
    module: 'bench/bindings/swift.mjs',
    rounds: false,
    builds: [
      {
        key: 'swiftRelease',
        env: { ELEMENT_SWIFT_RELEASE: '1' },
        build: 'Swift (release build)',
        decodes: 'Answer(jsonData:)',
        validates: 'validateText (read and check)',
        ratio: { label: 'Swift (release) decode', target: 3.0 },
      },
      {
        key: 'swift',
        env: {},
        build: 'Swift (debug build)',
        decodes: 'Answer(jsonData:)',
        validates: null,
        ratio: null,
      },
    ],
  },
};
