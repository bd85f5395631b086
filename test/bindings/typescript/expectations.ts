import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { typescriptNames } from '../../../generator/emit/typescript/naming.js';
import { transpile } from '../../../generator/emit/typescript/transpile.js';
import type { BindingExpectations, Tool } from '../../helpers/binding-expectations.js';

/** What the tests expect of the TypeScript package's code (test/helpers/binding-expectations.ts). */
export const EXPECTED: BindingExpectations = {
  declarations: {
    pattern: /^export\s+(?:declare\s+)?(?:interface|type|class|const|function|enum|abstract class)\s+([A-Za-z_]\w*)/gm,
    // TypeScript keeps the model's names.
    spelt: (n) => n,
    reserved: (model) => typescriptNames(model).config.reservedTypes,
  },
  collision: { name: 'SpecData', file: 'typescript/src/model.ts', holds: /^export interface SpecDataType \{/m },
  findings: { reportedIn: ['check.ts', 'nested.ts', 'scan.ts'], spelling: (id) => `'${id}'`, printedIn: 'typescript/src/model.ts' },
  // Its emitter writes the model's types as they are named, and tsc judges them; it has no record emitter to report from.
  reportsMissingRecord: false,
  // TOOL_DEFINITIONS is tools.json, and dist/operations.* is what TypeScript makes of src/operations.ts.
  carriesTools: async (generated, tools) => {
    const { TOOL_DEFINITIONS } = (await import(join(generated, 'typescript/dist/index.js'))) as { TOOL_DEFINITIONS: Tool[] };
    expect(TOOL_DEFINITIONS).toEqual(tools);
    for (const t of TOOL_DEFINITIONS) expect(ToolSchema.safeParse(t).success, t.name).toBe(true);
    const source = await readFile(join(generated, 'typescript/src/operations.ts'), 'utf8');
    const made = transpile('src/operations.ts', source);
    const strip = (s: string) => s.replace(/^\/\/.*\n/gm, '').replace(/\s+/g, ' ').trim();
    expect(strip(await readFile(join(generated, 'typescript/dist/operations.js'), 'utf8'))).toBe(strip(made.js));
    expect(strip(await readFile(join(generated, 'typescript/dist/operations.d.ts'), 'utf8')).replace(/\/\*\*.*?\*\//g, '')).toBe(strip(made.dts).replace(/\/\*\*.*?\*\//g, ''));
  },
  describeOperation: { path: 'typescript/src/operations.ts', text: 'describe(request: DescribeRequest): Promise<DescribeResponse>;' },
  findOperation: [
    {
      path: 'typescript/src/operations.ts',
      texts: ['export interface FindRequest {\n  string: string;\n}', 'export type FindResponse = Element;', 'find(request: FindRequest): Promise<FindResponse>;', '"name": "find"'],
    },
    // And its declarations, as the package publishes them.
    { path: 'typescript/dist/operations.d.ts', texts: ['export type FindResponse = Element;', 'find(request: FindRequest): Promise<FindResponse>;'] },
  ],
  deprecationMarks: async (read) => {
    const model = await read('typescript/src/model.ts');
    expect(model).toContain('@deprecated Since 0.2.1. Use attributes instead.');
    expect(model).toContain('@deprecated Since 0.2.1.\n');
    expect(model).toContain('Deprecated: Cell (since 0.2.1; use Text), Page (since 0.3.0; an alias that reads as Screen).');
  },
  versions: {
    manifest: { path: 'typescript/package.json', pattern: /^ {2}"version": "([^"]+)"/m },
    sdk: { path: 'typescript/src/model.ts', pattern: /export const SDK_VERSION = "([^"]+)"/ },
    protocol: [{ path: 'typescript/src/model.ts', pattern: /export const PROTOCOL_VERSION = "([^"]+)"/ }],
  },
  install: (v) => ({ fence: 'sh', text: `npm install @element-model/sdk@${v}\n`, whole: true }),
  // The package reads its README's example from the spec's answer (test/bindings/typescript/typescript.test.ts).
  readme: null,
};
