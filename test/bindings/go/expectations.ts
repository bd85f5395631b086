import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { GO_NAMING, initialisms } from '../../../generator/emit/go/naming.js';
import { inCase } from '../../../generator/emit/kit/naming.js';
import type { BindingExpectations } from '../../helpers/binding-expectations.js';

/** What the tests expect of the Go module's code (test/helpers/binding-expectations.ts). */
export const EXPECTED: BindingExpectations = {
  declarations: {
    pattern: /^(?:type|func)\s+([A-Z]\w*)/gm,
    spelt: (n) => initialisms(inCase(n, 'UpperCamel')),
    reserved: () => GO_NAMING.reservedTypes,
  },
  collision: { name: 'RoleAlias', file: 'go/types.go', holds: /^type RoleAliasType struct/m },
  findings: { reportedIn: ['checkrun.go', 'checkwalk.go', 'versions.go', 'nested.go'], spelling: (id) => `"${id}"`, printedIn: 'go/spec.go' },
  reportsMissingRecord: true,
  // The module bundles tools.json for its own test (operations_test.go), byte for byte, and names each tool.
  carriesTools: async (generated, tools) => {
    const bundled = await readFile(join(generated, 'go/testdata/tools.json'), 'utf8');
    expect(bundled).toBe(await readFile(join(generated, 'schema/tools.json'), 'utf8'));
    const source = await readFile(join(generated, 'go/operations.go'), 'utf8');
    for (const t of tools) expect(source).toContain(`Name:        ${JSON.stringify(t.name)},`);
  },
  describeOperation: { path: 'go/operations.go', text: 'Describe(ctx context.Context, request DescribeRequest) (DescribeResponse, error)' },
  findOperation: [
    {
      path: 'go/operations.go',
      texts: ['type FindRequest struct {', 'type FindResponse = Element', 'Find(ctx context.Context, request FindRequest) (FindResponse, error)', 'Name:        "find",'],
    },
  ],
  // Go's tools know a paragraph that starts "Deprecated: "; an alias is a deprecated constant of the role it reads as.
  deprecationMarks: async (read) => {
    const go = await read('go/types.go');
    expect(go).toMatch(/\t\/\/\n\t\/\/ Deprecated: since 0\.2\.1; use attributes\.\n\tURL \*string\n/);
    expect(go).toMatch(/\t\/\/ Deprecated: since 0\.2\.1; use Text\.\n\tRoleCell +Role = "Cell"\n/);
    expect(go).toMatch(/\t\/\/ Deprecated: since 0\.3\.0; use Screen\.\n\tRolePage += RoleScreen\n/);
  },
  versions: {
    // A Go module's version is its tag: the README's go get line names it.
    manifest: { path: 'go/README.md', pattern: /^go get \S+@v(\S+)$/m },
    sdk: { path: 'go/spec.go', pattern: /^const SDKVersion = "([^"]+)"/m },
    protocol: [{ path: 'go/spec.go', pattern: /^const ProtocolVersion = "([^"]+)"/m }],
  },
  install: (v) => ({ fence: 'sh', text: `@v${v}\n`, whole: false }),
  // Example() in example_test.go, whose Output comment go test holds the example's output to.
  readme: { fence: 'go', output: (example) => `// Output:\n\t// ${example.file}${example.noFindings}\n\t// ${example.elements} elements\n` },
};
