import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { KOTLIN_VERSIONS } from '../../../generator/emit/kotlin/index.js';
import { type Consume, step } from '../../helpers/consumers.js';
import { fencedIn } from '../../helpers/readme.js';
import { ROOT, realModel } from '../../helpers/spec.js';

/**
 * A fresh Maven project on the README's `<dependency>` block, fetched from the Maven repository `element-spec publish`
 * deployed to (named as a `<repository>`, the one thing a user adds for a repository beside Maven Central), compiled
 * with Kotlin's -Werror and javac's -Xlint:all -Werror, whose tests run the README's examples as written: "## Use" in
 * Kotlin and in Java, each printing the README's text block, and "Use with MCP" against the MCP Java SDK version the
 * README names, every conformance vector served over stdio by MCP's server to MCP's client (the harness around it is
 * test/kotlin-mcp: Provider.kt and McpRoundTripTest.kt).
 */
export const consume: Consume = async (setup) => {
  const dir = setup.work;
  const [dependency] = fencedIn(setup.readme, 'xml', '## Install');
  expect(dependency).toContain(`<version>${setup.sdk}</version>`);
  const [describe] = fencedIn(setup.readme, 'kotlin', '## Use');
  const [fromJava] = fencedIn(setup.readme, 'java', '## Use');
  const [shown] = fencedIn(setup.readme, 'text', '## Use');
  expect(shown).toBe(setup.example.output);
  const [mcpCode] = fencedIn(setup.readme, 'kotlin', '## Use with MCP');
  const mcpSection = setup.readme.slice(setup.readme.indexOf('\n## Use with MCP\n'));
  const sdk = /`(io\.modelcontextprotocol\.sdk):([\w.-]+):(\d[\w.-]*)`/.exec(mcpSection);
  expect(sdk, 'the README names the MCP Java SDK it is written against').not.toBeNull();
  const javaClass = /^public final class (\w+)/m.exec(fromJava ?? '')?.[1];
  expect(javaClass, 'the Java example declares its class').toBeTruthy();

  await writeFile(join(dir, 'pom.xml'), pom(dependency ?? '', setup.published.maven, sdk?.slice(1, 4) ?? []));
  const kotlin = join(dir, 'src/test/kotlin');
  const java = join(dir, 'src/test/java');
  const mcp = join(kotlin, 'dev/elementmodel/mcp');
  await mkdir(mcp, { recursive: true });
  await mkdir(java, { recursive: true });
  await writeFile(join(dir, setup.example.file), setup.example.answer);
  // The examples as written; the MCP one in the package of the harness that calls it.
  await writeFile(join(kotlin, 'Describe.kt'), describe ?? '');
  await writeFile(join(mcp, 'ReadmeMcp.kt'), `package dev.elementmodel.mcp\n\n${mcpCode ?? ''}`);
  await writeFile(join(java, `${javaClass}.java`), fromJava ?? '');
  for (const file of ['Provider.kt', 'McpRoundTripTest.kt']) await copyFile(join(ROOT, 'test/kotlin-mcp', file), join(mcp, file));
  const literal = (text: string) => JSON.stringify(text);
  await writeFile(join(kotlin, 'ReadmeTest.kt'), [
    'import org.junit.jupiter.api.Assertions.assertEquals',
    'import org.junit.jupiter.api.Test',
    '',
    'class ReadmeTest {',
    '    @Test',
    `    fun readmeExample() = assertEquals(${literal(shown ?? '').replace(/\$/g, '\\$')}, describeAnswer(${literal(setup.example.file)}))`,
    '}',
    '',
  ].join('\n'));
  await writeFile(join(java, 'JavaReadmeTest.java'), [
    'import static org.junit.jupiter.api.Assertions.assertEquals;',
    '',
    'import org.junit.jupiter.api.Test;',
    '',
    'class JavaReadmeTest {',
    '    @Test',
    '    void readmeExample() throws java.io.IOException {',
    `        assertEquals(${literal(shown ?? '')}, ${javaClass}.describeAnswer(${literal(setup.example.file)}));`,
    '    }',
    '}',
    '',
  ].join('\n'));

  const model = await realModel();
  const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name ?? '';
  const env = {
    ...process.env,
    ELEMENT_CONFORMANCE_DIR: join(setup.generated, 'conformance'),
    ELEMENT_TOOLS: join(setup.generated, 'schema/tools.json'),
    ELEMENT_TOOL: tool,
  };
  const tested = await step('bash', [join(ROOT, 'scripts/lib/mvn-kotlin.sh'), '-B', '-ntp', 'test'], { cwd: dir, env });
  const output = `${tested.out}${tested.err}`;
  expect(tested.code, output).toBe(0);
  for (const test of ['ReadmeTest', 'JavaReadmeTest', 'dev.elementmodel.mcp.McpRoundTripTest']) {
    expect(output, test).toMatch(new RegExp(`Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, .* in ${test.replaceAll('.', '\\.')}$`, 'm'));
  }
  expect(output).toMatch(/^McpRoundTripTest: \d+ vectors over stdio in [\d.]+ s$/m);
};

/** The consumer's pom: the README's dependency block, the repository it was deployed to, MCP's SDK, strict compilers. */
function pom(dependency: string, repository: string, [group, artifact, version]: readonly string[]): string {
  const v = KOTLIN_VERSIONS;
  const plugin = (coordinates: string, configuration: string, executions = '') => {
    const [g, a, pv] = coordinates.split(':');
    return `      <plugin>\n        <groupId>${g}</groupId>\n        <artifactId>${a}</artifactId>\n        <version>${pv}</version>\n        <configuration>${configuration}</configuration>${executions}\n      </plugin>`;
  };
  const dep = (g: string, a: string, dv: string, scope = '') => `    <dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${dv}</version>${scope}</dependency>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>test.consumer</groupId>
  <artifactId>consumer</artifactId>
  <version>1</version>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <repositories>
    <repository><id>element-model</id><url>${repository}</url></repository>
  </repositories>
  <dependencies>
${dependency.trimEnd().replace(/^/gm, '    ')}
${dep(group ?? '', artifact ?? '', version ?? '')}
${dep('org.junit.jupiter', 'junit-jupiter', v.junit, '<scope>test</scope>')}
  </dependencies>
  <build>
    <testSourceDirectory>src/test/kotlin</testSourceDirectory>
    <plugins>
${plugin(`org.jetbrains.kotlin:kotlin-maven-plugin:${v.kotlin}`, `<jvmTarget>${v.jvmTarget}</jvmTarget><args><arg>-Werror</arg></args>`, '<executions><execution><id>test-compile</id><goals><goal>test-compile</goal></goals></execution></executions>')}
${plugin('org.apache.maven.plugins:maven-compiler-plugin:3.14.0', `<release>${v.jvmTarget}</release><compilerArgs><arg>-Xlint:all</arg><arg>-Werror</arg></compilerArgs>`, '<executions><execution><id>java-test-compile</id><phase>test-compile</phase><goals><goal>testCompile</goal></goals><configuration><compileSourceRoots><root>${project.basedir}/src/test/java</root></compileSourceRoots></configuration></execution></executions>')}
${plugin(`org.apache.maven.plugins:maven-surefire-plugin:${v.surefire}`, '')}
    </plugins>
  </build>
</project>
`;
}
