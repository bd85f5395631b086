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
  tests: { loop: 'full', files: ['test/swift.test.ts', 'test/swift-root-manifest.test.ts'] },
  readmeExample: 'swift/Tests/ElementModelTests/ReadmeExampleTests.swift',
  // Swift's MCP SDK cannot be fetched on this machine (docs/testing.md).
  mcp: null,
};
