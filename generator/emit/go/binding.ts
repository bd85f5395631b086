import type { Binding } from '../core/binding.js';

const CONFORMANCE = 'TestEveryVectorIsHere|TestFindings|TestDecodeVerdict|TestParseAnswer|TestAppleRoles';

/** The Go module's place in the toolchain: go test, go vet, staticcheck and gofmt (scripts/go-test.sh). */
export const GO_BINDING: Binding = {
  title: 'Go',
  toolchain: 'go',
  runner: 'scripts/go-test.sh',
  types: 'go/types.go',
  fieldCase: 'UpperCamel',
  conformance: {
    filter: CONFORMANCE,
    // The verbose run lists each vector's findings test by the vector's name.
    counted: { filter: CONFORMANCE, pattern: '--- PASS: TestFindings/', each: true, extra: 0 },
    appleRoles: '--- PASS: TestAppleRoles',
  },
  suites: {
    readme: {
      filter: 'Example|TestEveryVectorIsHere|TestFindings|TestDecodeVerdict|TestParseAnswer',
      said: '--- PASS: Example',
    },
    // Whole: go vet and staticcheck pass with the deprecated names in the package.
    deprecation: { filter: '', said: '(^|\\n)ok\\s' },
    operations: { filter: 'TestOperations', said: 'TestOperations' },
    revised: { filter: '', said: 'validator-cases: ran' },
  },
  // Its runner runs every package test before the validator; a batch of cases needs the validator alone.
  validator: { kind: 'go-build', main: './cmd/element-model-validate' },
  tests: { loop: 'full' },
  readmeExample: 'go/example_test.go',
  mcp: 'test/bindings/go/go-mcp.test.ts',
  // go vet type-checks every package of the module, its tests' too, without running them.
  buildOnly:
    'GOCACHE="$ELEMENT_TOOLCHAIN_CACHE/go-build" GOPATH="$ELEMENT_TOOLCHAIN_CACHE/go-path" GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local go vet ./...',
  declares: { generated: ['spec.go'], fileNames: [] },
  bench: {
    module: 'bench/bindings/go.mjs',
    rounds: true,
    builds: [
      {
        key: 'go',
        env: {},
        build: 'Go',
        decodes: 'ParseAnswer (read, check, decode)',
        validates: 'ValidateText (read and check)',
        ratio: { label: 'Go ParseAnswer (decode + check)', target: 1.5 },
      },
    ],
  },
};
