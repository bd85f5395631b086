import type { Binding } from '../core/binding.js';

/** The TypeScript package's place in the toolchain: Node alone builds it, and vitest tests it in the quick loop. */
export const TYPESCRIPT_BINDING: Binding = {
  title: 'TypeScript',
  toolchain: null,
  runner: null,
  types: 'typescript/src/model.ts',
  fieldCase: 'lowerCamel',
  conformance: null,
  suites: null,
  validator: { kind: 'node-bin', bin: 'typescript/bin/element-model-validate.js' },
  tests: { loop: 'slow' },
  readmeExample: null,
  mcp: 'test/bindings/typescript/mcp-sdks.test.ts',
  buildOnly: '"$NODE" "$ROOT/node_modules/typescript/bin/tsc" -p tsconfig.json --noEmit',
  declares: { generated: ['src/model.ts', 'src/operations.ts'], fileNames: [] },
  bench: null,
};
