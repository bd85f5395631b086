import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { inCase } from '../../../generator/emit/kit/naming.js';
import { SWIFT_NAMING } from '../../../generator/emit/swift/naming.js';
import { type BindingExpectations, schemasOf } from '../../helpers/binding-expectations.js';

/** What the tests expect of the Swift package's code (test/helpers/binding-expectations.ts). */
export const EXPECTED: BindingExpectations = {
  declarations: {
    pattern: /\b(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)/g,
    // `JSONValue` is no type's name: a type `JSONValue` is `JsonValue`.
    spelt: (n) => inCase(n, 'UpperCamelKeeping'),
    reserved: () => SWIFT_NAMING.reservedTypes,
  },
  collision: { name: 'Tree', file: 'swift/Sources/ElementModel/TreeType.swift', holds: null },
  findings: { reportedIn: ['Check.swift', 'Nested.swift', 'Validate.swift'], spelling: (id) => `.${inCase(id, 'lowerCamel')}`, printedIn: 'swift/Sources/ElementModel/Spec.swift' },
  reportsMissingRecord: true,
  // The schemas' JSON texts, in its raw strings after the `inputSchema`/`outputSchema` labels, are tools.json's.
  carriesTools: async (generated, tools) => {
    const source = await readFile(join(generated, 'swift/Sources/ElementModel/Operations.swift'), 'utf8');
    const schemas = [...source.matchAll(/Schema: (#+)"""\n([\s\S]*?)\n\s*"""\1/g)].map((m) => JSON.parse(m[2] as string) as unknown);
    expect(schemas).toEqual(schemasOf(tools));
    for (const t of tools) expect(source).toContain(JSON.stringify(t.description));
  },
  describeOperation: { path: 'swift/Sources/ElementModel/Operations.swift', text: 'func describe(_ request: DescribeRequest) async throws -> DescribeResponse' },
  findOperation: [
    {
      path: 'swift/Sources/ElementModel/Operations.swift',
      texts: ['public struct FindRequest: Codable, Sendable, Hashable {', 'public typealias FindResponse = Element', 'func find(_ request: FindRequest) async throws -> FindResponse', 'name: "find"'],
    },
  ],
  deprecationMarks: async (read) => {
    const swift = await read('swift/Sources/ElementModel/Element.swift');
    expect(swift).toContain('@available(*, deprecated, message: "Deprecated since 0.2.1; use attributes.")\n    public var url: String? {');
    expect(swift).not.toMatch(/self\.url =/);
    // A deprecated case is marked; the package makes it only through init(rawValue:), so its own build stays clean.
    const role = await read('swift/Sources/ElementModel/Role.swift');
    expect(role).toContain('    @available(*, deprecated, message: "Deprecated since 0.2.1; use Text.")\n    case cell\n');
    expect(role).toContain('    @available(*, deprecated, renamed: "screen", message: "Deprecated since 0.3.0; use Screen.")\n    public static var page: Role { .screen }\n');
    expect(role.replace(/static func deprecatedCase\(rawValue[^]*$/, '')).not.toMatch(/= \.cell\b|^\s*\.cell,$/m);
    expect(await read('swift/Sources/ElementModel/AppleRoleMapping.swift')).toContain('.role(Role(rawValue: "Cell"))');
  },
  versions: {
    // A SwiftPM package is the repository's tag: the README's dependency line names it.
    manifest: { path: 'swift/README.md', pattern: /\.package\(url: "[^"]*", from: "([^"]+)"\)/ },
    sdk: { path: 'swift/Sources/ElementModel/SDKVersion.swift', pattern: /public let sdkVersion = "([^"]+)"/ },
    protocol: [{ path: 'swift/Sources/ElementModel/SDKVersion.swift', pattern: /public let protocolVersion = "([^"]+)"/ }],
  },
  install: (v) => ({ fence: 'swift', text: `from: "${v}"),\n// and in a target's dependencies:\n.product(name: "ElementModel"`, whole: false }),
  readme: { fence: 'swift', output: (example) => `${example.noFindings}\\n${example.elements} elements\\n` },
};
