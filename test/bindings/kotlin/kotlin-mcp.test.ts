import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KOTLIN_MCP_SDK } from '../../../generator/emit/kotlin/index.js';
import { fencedIn } from '../../helpers/readme.js';
import { GENERATED } from '../../helpers/spec.js';

/**
 * The Kotlin binding with MCP's Java SDK: the round trip (every conformance vector from MCP's server over stdio to
 * MCP's client, through the README's "Use with MCP" code as written) runs once, in the consumer of the released package
 * (test/bindings/kotlin/consumer.ts, with test/kotlin-mcp's provider and test around the README's code), built against
 * the SDK version the README names. What is left here is what holds that version to the README.
 */
describe('Kotlin with MCP\'s Java SDK', () => {
  it('the README names the MCP SDK version and shows code that builds a server it serves from', async () => {
    const readme = await readFile(join(GENERATED, 'kotlin/README.md'), 'utf8');
    expect(readme).toContain(`\`${KOTLIN_MCP_SDK.group}:${KOTLIN_MCP_SDK.artifact}:${KOTLIN_MCP_SDK.version}\``);
    // McpServer.sync(...) with no .build() compiles and serves nothing (issue 36): the builder is built.
    const [code] = fencedIn(readme, 'kotlin', '## Use with MCP');
    expect(code).toMatch(/McpServer\.sync\([\s\S]*\n\s*\.build\(\)\n/);
  });
});
