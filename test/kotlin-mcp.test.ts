import { describe, expect, it } from 'vitest';
import { mavenMissing, requireTool, runScript } from './helpers/toolchain.js';
import { realModel } from './helpers/spec.js';

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
});
