// A provider over stdio for test/bindings/typescript/mcp-sdks.test.ts: MCP's own server (@modelcontextprotocol/sdk), whose tool returns a
// conformance vector's answer, typed as the generated package's Answer, stating the outputSchema of the package's own
// definition of the tool (TOOL_DEFINITIONS). Usage: node mcp-provider.mjs VECTORS-FOLDER TOOL
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

import { TOOL_DEFINITIONS } from '../../generated/typescript/dist/index.js';

const [vectors = '.', tool = ''] = process.argv.slice(2);
const outputSchema = TOOL_DEFINITIONS.find((t) => t.name === tool)?.outputSchema;
if (!outputSchema) throw new Error(`the package defines no tool ${tool}`);
const server = new Server({ name: 'provider', version: '0.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [{ name: tool, inputSchema: { type: 'object', properties: { vector: { type: 'string' } }, required: ['vector'] }, outputSchema }],
}));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const name = String(request.params.arguments?.['vector']);
  /** @type {import('../../generated/typescript/dist/index.js').Answer} */
  const answer = JSON.parse(readFileSync(join(vectors, `${name}.json`), 'utf8')).input;
  return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
});
await server.connect(new StdioServerTransport());
