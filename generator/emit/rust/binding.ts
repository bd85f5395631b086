import type { Binding } from '../core/binding.js';

/** The Rust crate's place in the toolchain: cargo test, clippy and cargo package (scripts/rust-test.sh). */
export const RUST_BINDING: Binding = {
  title: 'Rust',
  toolchain: 'rust',
  runner: 'scripts/rust-test.sh',
  types: 'rust/src/model.rs',
  fieldCase: 'snake_case',
  conformance: {
    filter: 'conformance',
    counted: { filter: 'conformance', pattern: 'conformance: (\\d+) vectors from', each: false, extra: 0 },
    appleRoles: 'checked {n} Apple roles from',
  },
  suites: {
    // Whole: the README's example is a doc test; clippy -D warnings passes with the deprecated names.
    readme: { filter: '', said: 'cargo package' },
    deprecation: { filter: '', said: 'cargo package' },
    operations: { filter: 'operations', said: 'operations' },
    revised: { filter: '', said: 'validator-cases: ran' },
  },
  validator: { kind: 'runner' },
  tests: { loop: 'full' },
  readmeExample: 'rust/README.md',
  mcp: 'test/bindings/rust/rust-mcp.test.ts',
  // In the target folder the Rust scripts share, under their lock (scripts/rust-test.sh).
  buildOnly: [
    'env="$(bash "$ROOT/scripts/rust-env.sh")" || exit $?',
    'eval "$env"; mkdir -p "$CARGO_TARGET_DIR"; exec 9>"$CARGO_TARGET_DIR.lock"; flock 9',
    'cargo check --locked -q --lib --bins 2>&1',
  ].join('\n'),
  declares: { generated: ['src/spec.rs'], fileNames: [] },
  bench: {
    module: 'bench/bindings/rust.mjs',
    rounds: true,
    builds: [
      {
        key: 'rust',
        env: {},
        build: 'Rust (release build)',
        decodes: 'parse_answer (read, check, decode)',
        validates: 'validate_text (read and check)',
        ratio: { label: 'Rust (release) parse_answer', target: 1.0 },
      },
    ],
  },
};
