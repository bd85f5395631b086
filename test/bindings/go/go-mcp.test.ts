import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireTool, runScript, scriptToolMissing } from '../../helpers/toolchain.js';
import { GENERATED, ROOT, realModel } from '../../helpers/spec.js';

/**
 * The Go module with MCP's Go SDK (github.com/modelcontextprotocol/go-sdk, pinned in test/go-mcp/go.mod): a provider
 * process and a host over stdio, every conformance vector built with the module's types and checked with its `Check`,
 * through the README's "Use with MCP" code (scripts/go-mcp-test.sh). The generated module does not depend on MCP; the
 * test module is apart and reaches it through a replace.
 */

const SDK = 'github.com/modelcontextprotocol/go-sdk';

async function answerTool(): Promise<string> {
  const model = await realModel();
  const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name;
  expect(tool).toBeDefined();
  return tool ?? '';
}

describe("Go with MCP's Go SDK", () => {
  it('the README names the SDK at the version the test module pins, and the tool the model says returns the answer', async () => {
    const readme = await readFile(join(GENERATED, 'go/README.md'), 'utf8');
    const goMod = await readFile(join(ROOT, 'test/go-mcp/go.mod'), 'utf8');
    const pinned = new RegExp(`^\\s*${SDK.replace(/\./g, '\\.')} (v\\S+)$`, 'm').exec(goMod)?.[1];
    expect(pinned).toBe('v1.8.0');
    const section = /^## Use with MCP\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
    expect(section).toContain(`go get ${SDK}@${pinned}`);
    // The Go the SDK needs, as its go.mod (and so the test module's) says it.
    const goLine = /^go (\d+\.\d+)/m.exec(goMod)?.[1] ?? '';
    expect(section).toMatch(new RegExp(`needs Go\\s+${goLine.replace('.', '\\.')} or later`));
    const tool = await answerTool();
    expect(section).toMatch(new RegExp(`Name: +${JSON.stringify(tool)},`));
    expect(section).toContain('elementmodel.ToolDefinitions()');
    // The test module's go.sum is committed, so the offline run reads exactly what was fetched.
    expect(await readFile(join(ROOT, 'test/go-mcp/go.sum'), 'utf8')).toContain(`${SDK} ${pinned} h1:`);
  });

  it("sends every conformance vector from MCP's Go server over stdio to MCP's Go client, each with the verdict it has on disk", { timeout: 600_000 }, async (ctx) => {
    const tool = await answerTool();
    const result = await runScript('scripts/go-mcp-test.sh', ['', '', '', tool]);
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/^--- PASS: TestMcpRoundTrip /m);
    expect(result.output).not.toMatch(/^(FAIL|--- FAIL)/m);
    // Every vector on disk went through, those that decode as answers the host checked, the rest as the tool's error.
    const dir = join(GENERATED, 'conformance/vectors');
    const vectors = await Promise.all(
      (await readdir(dir)).filter((f) => f.endsWith('.json')).map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as { decodes: boolean }),
    );
    const refusedOnDisk = vectors.filter((v) => !v.decodes).length;
    const line = /^McpRoundTrip: (\d+) vectors over stdio in [\d.]+ s \((\d+) answers checked, (\d+) refused\)$/m.exec(result.output);
    expect(line, result.output).not.toBeNull();
    const [total, checked, refused] = (line ?? []).slice(1).map(Number);
    expect({ total, checked, refused }).toEqual({ total: vectors.length, checked: vectors.length - refusedOnDisk, refused: refusedOnDisk });
    expect(checked).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
