import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, ROOT, realModel } from '../../helpers/spec.js';

/**
 * What the Go README says of MCP's Go SDK (github.com/modelcontextprotocol/go-sdk, pinned in test/go-mcp/go.mod). The
 * README's "Use with MCP" code runs once per suite, in the Go consumer after the publish (test/bindings/go/consumer.ts):
 * a provider process and a host over stdio, every conformance vector, with the module installed from the registry.
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
});
