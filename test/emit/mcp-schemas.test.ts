import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { GENERATED, realModel } from '../helpers/spec.js';
import { schema, sdk, vectors } from '../helpers/sdk.js';

/** The published answer schemas as MCP sees them: a tool's outputSchema, through the TypeScript SDK itself. */

type Schema = Record<string, unknown>;

const all = await vectors();
const lib = await sdk();
const model = await realModel();
const published = { strict: await schema('strict'), lenient: await schema('lenient') };
const kinds = ['strict', 'lenient'] as const;

const compile = (s: Schema) => addFormats.default(new Ajv2020({ strict: false, allErrors: true })).compile(s);

/** The schema as it was published before it said `"type": "object"` at its top level. */
function before(s: Schema): Schema {
  const { type: _type, ...rest } = s;
  return rest;
}

/** The content union's definition and its branches, each compiled alone against the schema's $defs. */
function contentBranches(s: Schema) {
  const defs = s.$defs as Record<string, Schema>;
  // The union the node's content field holds a list of.
  const node = model.types.find((x) => x.kind === 'record' && x.name === model.tree.node);
  const field = node?.kind === 'record' ? node.fields.find((f) => f.name === model.tree.content) : undefined;
  const union = field?.type.kind === 'array' && field.type.items.kind === 'named' ? field.type.items.name : undefined;
  const def = union ? defs[union] : undefined;
  const branches = (def?.anyOf ?? def?.oneOf ?? []) as Schema[];
  return branches.map((b) => compile({ $schema: s.$schema, $defs: defs, ...b }));
}

function* contentBlocks(answer: unknown): Generator<unknown> {
  const t = model.tree;
  const stack: unknown[] = [answer && typeof answer === 'object' ? (answer as Schema)[t.root] : undefined];
  while (stack.length) {
    const e = stack.pop();
    if (!e || typeof e !== 'object' || Array.isArray(e)) continue;
    const element = e as Schema;
    const content = t.content ? element[t.content] : undefined;
    if (Array.isArray(content)) yield* content;
    const kids = element[t.children];
    if (Array.isArray(kids)) stack.push(...kids);
  }
}

describe.each(kinds)('the %s answer schema', (kind) => {
  const s = published[kind];

  it('says "type": "object" at its top level, as MCP wants of an outputSchema', () => {
    expect(s.type).toBe('object');
    expect(ToolSchema.safeParse({ name: 'current', inputSchema: { type: 'object' }, outputSchema: s }).success).toBe(true);
    // What users saw before: the SDK refused the schema without it.
    const refused = ToolSchema.safeParse({ name: 'current', inputSchema: { type: 'object' }, outputSchema: before(s) });
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues[0]?.path)).toBe(JSON.stringify(['outputSchema', 'type']));
  });

  it('gives every conformance vector the verdict it gave before, and the one the vector states', () => {
    const now = compile(s);
    const then = compile(before(s));
    for (const v of all) {
      expect(now(v.input), v.name).toBe(then(v.input));
      expect(now(v.input), v.name).toBe(kind === 'strict' ? v.strictValid : v.decodes);
    }
    // Not an object is refused either way, at the top now as well as in the answer's definition.
    for (const value of [[], 'answer', 1, null]) expect(now(value)).toBe(false);
  });

  it('discriminates content blocks by their kind: no block of any vector matches two branches', () => {
    const branches = contentBranches(s);
    expect(branches.length).toBeGreaterThan(1);
    let blocks = 0;
    for (const v of all) {
      for (const block of contentBlocks(v.input)) {
        blocks++;
        const matched = branches.filter((b) => b(block)).length;
        expect(matched, `${v.name}: ${JSON.stringify(block)}`).toBeLessThanOrEqual(1);
      }
    }
    expect(blocks).toBeGreaterThan(0);
    // A kind this version does not define: one branch of the lenient schema (its own), none of the strict one.
    const unknown = all.find((v) => v.findings.some((f) => f.rule === 'content-kind'));
    const block = unknown && [...contentBlocks(unknown.input)][0];
    expect(block).toBeDefined();
    expect(branches.filter((b) => b(block)).length).toBe(kind === 'lenient' ? 1 : 0);
  });
});

/** A real server and client of the SDK, in one process: a tool `current` whose outputSchema is the given schema. */
async function connect(outputSchema: Schema, answer: unknown) {
  const server = new McpServer({ name: 'provider', version: '0.0.0' }, { capabilities: { tools: {} } });
  // McpServer.registerTool takes zod shapes only; a provider with a JSON Schema answers on the same server directly.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'current', description: 'What is open on screen', inputSchema: { type: 'object' as const }, outputSchema: outputSchema as { type: 'object' } }],
  }));
  server.server.setRequestHandler(CallToolRequestSchema, () => ({
    content: [{ type: 'text' as const, text: JSON.stringify(answer) }],
    structuredContent: answer as Record<string, unknown>,
  }));
  const client = new Client({ name: 'host', version: '0.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, close: () => Promise.all([client.close(), server.close()]) };
}

describe('a tool stating the lenient schema as its outputSchema, between the SDK\'s own server and client', () => {
  const passing = all.filter((v) => v.decodes && lib.check(v.input).every((f) => f.severity !== 'error'));

  it('is listed, and each answer a receiver reads reaches the client whole and passes check there', async () => {
    expect(passing.length).toBeGreaterThan(3);
    for (const v of passing) {
      const { client, close } = await connect(published.lenient, v.input);
      try {
        const { tools } = await client.listTools();
        expect(tools[0]?.outputSchema).toEqual(published.lenient);
        const result = await client.callTool({ name: 'current', arguments: {} });
        expect(result.structuredContent, v.name).toEqual(v.input);
        expect(lib.check(result.structuredContent).filter((f) => f.severity === 'error'), v.name).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('the client refuses structured content the schema does not describe', async () => {
    const broken = all.find((v) => !v.decodes && v.input && typeof v.input === 'object' && !Array.isArray(v.input));
    expect(broken).toBeDefined();
    const { client, close } = await connect(published.lenient, broken?.input);
    try {
      await client.listTools();
      await expect(client.callTool({ name: 'current', arguments: {} })).rejects.toThrow(/output schema/);
    } finally {
      await close();
    }
  });

  it('the SDK refused the schema as published before: listTools failed at outputSchema.type', async () => {
    const { client, close } = await connect(before(published.lenient), all[0]?.input);
    try {
      await expect(client.listTools()).rejects.toThrow(/outputSchema/);
    } finally {
      await close();
    }
  });
});

describe('the schemas page', () => {
  it('names the lenient schema as the outputSchema, and lists exactly the requirements only check finds', async () => {
    const page = await readFile(join(GENERATED, 'docs/schemas.md'), 'utf8');
    const section = page.slice(page.indexOf('## As an MCP tool'), page.indexOf('## Every version'));
    expect(section).toContain('states the lenient schema, `answer.lenient.schema.json`');
    // Found apart from the page: a requirement with an error in an answer the strict schema takes.
    const strict = compile(published.strict);
    const only = model.requirements.filter((r) => all.some((v) => strict(v.input) && v.findings.some((f) => f.requirement === r.id && f.severity === 'error')));
    expect(only.length).toBeGreaterThan(0);
    const listed = [...section.matchAll(/^\| \[(R\d+)\]/gm)].map((m) => m[1]);
    expect(listed).toEqual(only.map((r) => r.id));
    for (const r of only) expect(section).toContain(`\`${r.rule}\``);
  });
});
