import { describe, expect, it } from 'vitest';
import { mavenMissing, requireTool, runScript } from '../../helpers/toolchain.js';
import { GENERATED, ROOT, realModel } from '../../helpers/spec.js';
import { KOTLIN_MCP_SDK } from '../../../generator/emit/kotlin/index.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The Kotlin binding with MCP's Java SDK (io.modelcontextprotocol.sdk:mcp, pinned in test/kotlin-mcp/pom.xml): a
 * provider process and a host over stdio, every conformance vector built with the binding's types and checked with
 * its `check` (scripts/kotlin-mcp-test.sh). The generated package does not depend on MCP; this module is apart.
 */
describe('Kotlin with MCP\'s Java SDK', () => {
  it('sends every conformance vector from MCP\'s server over stdio to MCP\'s client, each with the verdict it has on disk', { timeout: 600_000 }, async (ctx) => {
    requireTool(ctx, mavenMissing());
    const model = await realModel();
    const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name;
    expect(tool).toBeDefined();
    const { code, output } = await runScript('scripts/kotlin-mcp-test.sh', ['', '', '', tool ?? '']);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Tests run: 1, Failures: 0, Errors: 0, Skipped: 0/);
    expect(output).toMatch(/^McpRoundTripTest: \d+ vectors over stdio in [\d.]+ s$/m);
  });

  it('the README names the MCP SDK version the round trip runs with', async () => {
    const pom = await readFile(join(ROOT, 'test/kotlin-mcp/pom.xml'), 'utf8');
    expect(/<mcp\.version>([^<]+)<\/mcp\.version>/.exec(pom)?.[1]).toBe(KOTLIN_MCP_SDK.version);
    expect(await readFile(join(GENERATED, 'kotlin/README.md'), 'utf8')).toContain(`\`${KOTLIN_MCP_SDK.group}:${KOTLIN_MCP_SDK.artifact}:${KOTLIN_MCP_SDK.version}\``);
  });
});
