import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { inCase } from '../../../generator/emit/kit/naming.js';
import { KOTLIN_NAMING } from '../../../generator/emit/kotlin/naming.js';
import { type BindingExpectations, schemasOf } from '../../helpers/binding-expectations.js';

/** What the tests expect of the Kotlin package's code (test/helpers/binding-expectations.ts). */
export const EXPECTED: BindingExpectations = {
  declarations: {
    // Top-level only: a class nested in another (Spec.kt's `StateDefault.Value`) is named through its outer one.
    pattern: /^(?:(?:internal|private|public|data|sealed|open|abstract|enum|value|fun)\s+)*(?:class|object|interface|typealias)\s+([A-Z]\w*)/gm,
    spelt: (n) => inCase(n, 'UpperCamel'),
    reserved: () => KOTLIN_NAMING.reservedTypes,
  },
  collision: { name: 'Check', file: 'kotlin/src/main/kotlin/dev/elementmodel/CheckType.kt', holds: null },
  findings: { reportedIn: ['Check.kt', 'Nested.kt', 'Validate.kt'], spelling: (id) => `FindingEntry.${inCase(id, 'SCREAMING_SNAKE')}`, printedIn: 'kotlin/src/main/kotlin/dev/elementmodel/Spec.kt' },
  reportsMissingRecord: true,
  // The schemas' JSON texts, in its raw strings after the `inputSchema`/`outputSchema` labels, are tools.json's.
  carriesTools: async (generated, tools) => {
    const source = await readFile(join(generated, 'kotlin/src/main/kotlin/dev/elementmodel/Operations.kt'), 'utf8');
    const schemas = [...source.matchAll(/Schema = """\n([\s\S]*?)\n\s*"""\.trimIndent\(\)/g)].map((m) => JSON.parse((m[1] as string).replace(/\$\{'\$'\}/g, '$')) as unknown);
    expect(schemas).toEqual(schemasOf(tools));
    for (const t of tools) expect(source).toContain(JSON.stringify(t.description));
  },
  describeOperation: { path: 'kotlin/src/main/kotlin/dev/elementmodel/Operations.kt', text: 'suspend fun describe(request: DescribeRequest): DescribeResponse' },
  findOperation: [
    {
      path: 'kotlin/src/main/kotlin/dev/elementmodel/Operations.kt',
      texts: ['data class FindRequest(', 'typealias FindResponse = Element', 'suspend fun find(request: FindRequest): FindResponse', 'name = "find"'],
    },
  ],
  deprecationMarks: async (read) => {
    const kotlin = await read('kotlin/src/main/kotlin/dev/elementmodel/Role.kt');
    expect(kotlin).toContain('@Deprecated("Deprecated since 0.2.1; use Text.", ReplaceWith("Role.Text"))');
    expect(kotlin).toContain('@Deprecated("Deprecated since 0.3.0; use Screen.", ReplaceWith("Role.Screen"))\n        val Page: Role\n            get() = Screen\n');
    expect(kotlin).toMatch(/^@file:Suppress\("DEPRECATION"\)$/m);
  },
  versions: {
    manifest: { path: 'kotlin/pom.xml', pattern: /<artifactId>element-model<\/artifactId>\s*<version>([^<]+)<\/version>/ },
    sdk: { path: 'kotlin/src/main/kotlin/dev/elementmodel/ElementJson.kt', pattern: /const val SDK_VERSION: String = "([^"]+)"/ },
    protocol: [
      { path: 'kotlin/src/main/kotlin/dev/elementmodel/ElementJson.kt', pattern: /const val PROTOCOL_VERSION: String = "([^"]+)"/ },
      { path: 'kotlin/pom.xml', pattern: /<element\.protocol\.version>([^<]+)</ },
    ],
  },
  install: (v) => ({ fence: 'xml', text: `<groupId>dev.elementmodel</groupId>\n  <artifactId>element-model</artifactId>\n  <version>${v}</version>`, whole: false }),
  readme: { fence: 'kotlin', output: (example) => `${example.noFindings}\\n${example.elements} elements\\n` },
};
