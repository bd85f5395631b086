import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_NAME } from '../../../generator/emit/typescript/package.js';
import { readmeExample } from '../../../generator/emit/shared/readme-example.js';
import { fenced } from '../../helpers/readme.js';
import { sdk, vectors } from '../../helpers/sdk.js';
import { GENERATED, ROOT, realModel } from '../../helpers/spec.js';

/**
 * The TypeScript package with MCP's TypeScript SDK, as a consumer uses them: its types against MCP's under
 * `exactOptionalPropertyTypes`, the README's "Use with MCP" provider and host run as written, and every conformance
 * vector sent by MCP's own server over stdio to MCP's own client, which checks it with the package's `check`.
 */

const run = promisify(execFile);
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const FLAGS = ['--strict', '--exactOptionalPropertyTypes', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', '--types', 'node'];
const model = await realModel();
const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name ?? '';
const lib = await sdk();

/** A scratch project that has the package and MCP's SDK in its node_modules (links, as `npm install` of a folder makes). */
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'element-mcp-'));
  await mkdir(join(dir, 'node_modules/@modelcontextprotocol'), { recursive: true });
  await mkdir(join(dir, `node_modules/${PACKAGE_NAME.split('/')[0]}`), { recursive: true });
  await symlink(join(ROOT, 'node_modules/@modelcontextprotocol/sdk'), join(dir, 'node_modules/@modelcontextprotocol/sdk'));
  await symlink(join(ROOT, 'node_modules/@types'), join(dir, 'node_modules/@types'));
  await symlink(join(GENERATED, 'typescript'), join(dir, 'node_modules', PACKAGE_NAME));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const tsc = (files: string[]) => run(process.execPath, [TSC, ...FLAGS, '--allowJs', '--checkJs', ...files], { cwd: dir });

describe("the package's types with MCP's", () => {
  it('an Answer is a tool result\'s structuredContent, and content blocks assign to MCP\'s and back, under exactOptionalPropertyTypes', async () => {
    await writeFile(join(dir, 'types.ts'), [
      "import type { CallToolResult, ContentBlock as McpContentBlock } from '@modelcontextprotocol/sdk/types.js';",
      `import type { Answer, ContentBlock } from '${PACKAGE_NAME}';`,
      'declare const answer: Answer;',
      'declare const ours: ContentBlock;',
      'declare const theirs: McpContentBlock;',
      "export const result: CallToolResult = { content: [], structuredContent: answer };",
      'export const toMcp: McpContentBlock = ours;',
      'export const fromMcp: ContentBlock = theirs;',
      '',
    ].join('\n'));
    await tsc(['types.ts']);
    // Not vacuous: a block that is no kind of MCP's does not assign.
    await writeFile(join(dir, 'bad.ts'), `import type { ContentBlock } from '${PACKAGE_NAME}';\nexport const bad: ContentBlock = { type: 'text' };\n`);
    await expect(tsc(['bad.ts'])).rejects.toMatchObject({ stdout: expect.stringContaining('bad.ts') });
  }, 120_000);
});

describe("the README's Use with MCP example", () => {
  it('type-checks, and the host finds nothing in the answer the provider returns', async () => {
    const readme = await readFile(join(GENERATED, 'typescript/README.md'), 'utf8');
    const example = readmeExample(model);
    if ('missing' in example) throw new Error(example.missing);
    const provider = fenced(readme, 'js', '## Use with MCP');
    const host = fenced(readme, 'js', 'and `host.mjs`');
    expect(provider).toContain('StdioServerTransport');
    expect(host).toContain('StdioClientTransport');
    await writeFile(join(dir, 'provider.mjs'), provider);
    await writeFile(join(dir, 'host.mjs'), host);
    await writeFile(join(dir, example.file), example.answer);
    await tsc(['provider.mjs', 'host.mjs']);
    const { stdout } = await run(process.execPath, ['host.mjs'], { cwd: dir });
    expect(stdout).toBe('[]\n');
    // Not vacuous: an answer with an error is refused by the provider's parseAnswer, which returns a tool error (not a
    // JSON-RPC error), and the host reads isError first: exit 1, the provider's message on standard error.
    const broken = JSON.parse(example.answer) as Record<string, Record<string, unknown>>;
    const root = broken[model.tree.root];
    if (root) delete root[model.tree.id];
    await writeFile(join(dir, example.file), JSON.stringify(broken));
    const failed = await run(process.execPath, ['host.mjs'], { cwd: dir }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/^tool error: \[\{"type":"text","text":".+"\}\]\n$/) });
    expect((failed as { stderr: string }).stderr).not.toContain('-32603');
  }, 120_000);
});

describe('every conformance vector, from MCP\'s server over stdio to MCP\'s client', () => {
  it('gets the verdict it has on disk: the schema refuses what does not decode, check finds the vector\'s findings', async () => {
    const all = await vectors();
    const started = performance.now();
    const client = new Client({ name: 'host', version: '0.0.0' });
    const args = [join(ROOT, 'test/helpers/mcp-provider.mjs'), join(GENERATED, 'conformance/vectors'), tool];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: ROOT, stderr: 'pipe' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([tool]);
      // The output schema tools.json publishes for the tool, apart from the package's copy the provider states.
      const published = (JSON.parse(await readFile(join(GENERATED, 'schema/tools.json'), 'utf8')) as { name: string; outputSchema?: unknown }[]).find((t) => t.name === tool);
      expect(published?.outputSchema).toBeDefined();
      expect(tools[0]?.outputSchema).toEqual(published?.outputSchema);
      let refused = 0;
      for (const v of all) {
        const call = client.callTool({ name: tool, arguments: { vector: v.name } });
        if (!v.decodes) {
          await expect(call, v.name).rejects.toThrow();
          refused++;
          continue;
        }
        const result = await call;
        expect(result.structuredContent, v.name).toEqual(v.input);
        const found = lib.check(result.structuredContent).map(({ message: _message, ...f }) => f);
        expect(found, v.name).toEqual(v.findings);
      }
      expect(refused).toBeGreaterThan(0);
      expect(refused).toBeLessThan(all.length);
    } finally {
      await client.close();
    }
    console.log(`${all.length} vectors over stdio in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  }, 60_000);
});
