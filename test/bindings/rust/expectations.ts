import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { inCase } from '../../../generator/emit/kit/naming.js';
import { RUST_NAMING } from '../../../generator/emit/rust/naming.js';
import { type BindingExpectations, schemasOf } from '../../helpers/binding-expectations.js';

/** What the tests expect of the Rust crate's code (test/helpers/binding-expectations.ts). */
export const EXPECTED: BindingExpectations = {
  declarations: {
    pattern: /\b(?:struct|enum|trait|type)\s+([A-Z]\w*)/g,
    spelt: (n) => inCase(n, 'UpperCamel'),
    reserved: () => RUST_NAMING.reservedTypes,
  },
  collision: { name: 'Requirement', file: 'rust/src/model.rs', holds: /^pub struct RequirementType \{/m },
  findings: { reportedIn: ['check.rs', 'versions.rs', 'nested.rs', 'validate.rs'], spelling: (id) => `"${id}"`, printedIn: 'rust/src/spec.rs' },
  reportsMissingRecord: true,
  // The schemas' JSON texts, in its raw strings after the `_schema` fields, are tools.json's, and the copy of
  // tools.json its crate tests against is tools.json.
  carriesTools: async (generated, tools) => {
    const source = await readFile(join(generated, 'rust/src/operations.rs'), 'utf8');
    const schemas = [...source.matchAll(/_schema: (?:Some\()?r(#+)"([\s\S]*?)"\1/g)].map((m) => JSON.parse(m[2] as string) as unknown);
    expect(schemas).toEqual(schemasOf(tools));
    for (const t of tools) expect(source).toContain(JSON.stringify(t.description));
    expect(await readFile(join(generated, 'rust/tests/tools.json'), 'utf8')).toBe(await readFile(join(generated, 'schema/tools.json'), 'utf8'));
  },
  describeOperation: { path: 'rust/src/operations.rs', text: 'fn describe(&self, request: DescribeRequest) -> impl Future<Output = Result<DescribeResponse, Self::Error>> + Send;' },
  findOperation: [
    {
      path: 'rust/src/operations.rs',
      texts: ['pub struct FindRequest {', 'pub type FindResponse = Element;', 'fn find(&self, request: FindRequest) -> impl Future<Output = Result<FindResponse, Self::Error>> + Send;', 'name: "find",'],
    },
  ],
  // Rust's #[deprecated]; the crate itself allows what it reads and writes, and an alias is a constant of its role.
  deprecationMarks: async (read) => {
    const rust = await read('rust/src/model.rs');
    expect(rust).toContain('    #[deprecated(note = "Deprecated since 0.2.1; use Text.")]\n    Cell,\n');
    expect(rust).toContain('    #[deprecated(note = "Deprecated since 0.3.0; use Screen.")]\n    #[allow(non_upper_case_globals)]\n    pub const Page: Role = Role::Screen;\n');
    expect(rust).toMatch(/#\[deprecated\(note = "Deprecated since 0\.2\.1; use attributes\."\)\]\n( {4}#\[serde\([^\n]*\)\]\n)? {4}pub url: /);
    expect(await read('rust/src/lib.rs')).toContain('#![allow(deprecated)]');
  },
  versions: {
    manifest: { path: 'rust/Cargo.toml', pattern: /^version = "([^"]+)"$/m },
    sdk: { path: 'rust/src/lib.rs', pattern: /^pub const SDK_VERSION: &str = "([^"]+)";/m },
    protocol: [{ path: 'rust/src/spec.rs', pattern: /^pub const PROTOCOL_VERSION: &str = "([^"]+)";/m }],
  },
  install: (v) => ({ fence: 'toml', text: `[dependencies]\nelement-model = "=${v}"\n`, whole: true }),
  // The README is its own test: cargo test runs its example as a doc test, which asserts the output.
  readme: { fence: 'rust', output: (example) => `"${example.file}${example.noFindings}\\n${example.elements} elements\\n"` },
};
