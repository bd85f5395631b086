import type { CanonicalModel } from '../../model/types.js';

/**
 * The version of MCP's TypeScript SDK the README names, which its examples are run and type-checked against (the
 * repository's devDependency; test/bindings/typescript/consumer.ts holds the two to each other).
 */
export const MCP_TYPESCRIPT_SDK = '1.32.2';

/**
 * The README's "Use with MCP" example: a provider (MCP's own server, over stdio) whose tool returns the answer in a
 * file, and a host (MCP's own client) that starts it, calls the tool and checks what arrives. JavaScript with JSDoc
 * types, so it runs as it is and type-checks as TypeScript; test/bindings/typescript/mcp-sdks.test.ts runs both and type-checks them.
 * Null when no operation returns the answer.
 */
export function mcpExample(
  model: CanonicalModel,
  packageName: string,
  answerFile: string,
): { provider: string; host: string } | null {
  const operation = model.operations.find((o) => o.returns === model.tree.answer);
  if (!operation) return null;
  const tool = JSON.stringify(operation.name).replace(/"/g, "'");
  const provider = `import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_DEFINITIONS, parseAnswer } from '${packageName}';

// The package's own definition of the tool: what it takes by the strict schema, what it returns by the lenient one.
const tool = TOOL_DEFINITIONS.find((t) => t.name === ${tool});
if (!tool) throw new Error('the package defines no tool ${operation.name}');
const server = new Server({ name: 'provider', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [tool] }));
server.setRequestHandler(CallToolRequestSchema, () => {
  try {
    /** @type {import('${packageName}').Answer} */
    const answer = parseAnswer(readFileSync('${answerFile}', 'utf8')).answer;
    return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
  } catch (error) {
    // No answer to give (bad JSON, a version it does not read, errors): a tool error the host sees as one.
    return { content: [{ type: 'text', text: String(error instanceof Error ? error.message : error) }], isError: true };
  }
});
await server.connect(new StdioServerTransport());
`;
  const host = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { check } from '${packageName}';

const client = new Client({ name: 'host', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: ['provider.mjs'] }));
await client.listTools(); // the client checks each tool's result against the outputSchema it states
const result = await client.callTool({ name: ${tool}, arguments: {} });
if (result.isError) {
  // The provider had no answer to give; what it said is in the text content.
  console.error('tool error:', JSON.stringify(result.content));
  process.exitCode = 1;
} else {
  console.log(JSON.stringify(check(result.structuredContent)));
}
await client.close();
`;
  return { provider, host };
}
