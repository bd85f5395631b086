import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { emitTarget } from '../generator/emit/index.js';
import { transpile } from '../generator/emit/typescript/transpile.js';
import type { CanonicalModel } from '../generator/model/types.js';
import { GENERATED, realModel } from './helpers/spec.js';
import { vectors } from './helpers/sdk.js';

/** The operations in the SDKs (issue 29, item 7): tool definitions from the Operations table, in every binding. */

type Schema = Record<string, unknown>;
type Tool = { name: string; description: string; inputSchema: Schema; outputSchema?: Schema };

const model = await realModel();
const published = JSON.parse(await readFile(join(GENERATED, 'schema/tools.json'), 'utf8')) as Tool[];
const settings = { regenerate: 'npm run generate', versions: [model] };
const compile = (s: Schema) => addFormats.default(new Ajv2020({ strict: false, allErrors: true })).compile(s);

/** The JSON texts a Swift, Kotlin or Rust source holds in its raw strings, after the `inputSchema`/`outputSchema` labels. */
function rawSchemas(source: string, language: 'swift' | 'kotlin' | 'rust'): unknown[] {
  if (language === 'rust') return [...source.matchAll(/_schema: (?:Some\()?r(#+)"([\s\S]*?)"\1/g)].map((m) => JSON.parse(m[2] as string));
  const kotlin = language === 'kotlin';
  const re = kotlin ? /Schema = """\n([\s\S]*?)\n\s*"""\.trimIndent\(\)/g : /Schema: (#+)"""\n([\s\S]*?)\n\s*"""\1/g;
  return [...source.matchAll(re)].map((m) => JSON.parse((kotlin ? (m[1] as string).replace(/\$\{'\$'\}/g, '$') : (m[2] as string))));
}

const schemasOf = (tools: Tool[]) => tools.flatMap((t) => [t.inputSchema, ...(t.outputSchema ? [t.outputSchema] : [])]);

describe('the tool definitions (generated/schema/tools.json)', () => {
  it('has one tool per operation, in the spec\'s order, named for it and described by its Meaning', () => {
    expect(published.map((t) => t.name)).toEqual(model.operations.map((o) => o.name));
    for (const t of published) expect(t.description.length).toBeGreaterThan(0);
  });

  it('is accepted by the MCP SDK\'s ToolSchema, every tool', () => {
    for (const t of published) {
      const parsed = ToolSchema.safeParse(t);
      expect(parsed.success, `${t.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    // It can fail: a schema without "type": "object" is refused.
    const { type: _type, ...untyped } = published[0]?.inputSchema ?? {};
    expect(ToolSchema.safeParse({ ...published[0], inputSchema: untyped }).success).toBe(false);
  });

  it('takes nothing as an empty object, a non-record value as one required property named for its type, and returns the answer by its schema', async () => {
    for (const o of model.operations) {
      const tool = published.find((t) => t.name === o.name) as Tool;
      const accepts = compile(tool.inputSchema);
      if (o.takes === null) {
        expect(accepts({})).toBe(true);
        expect(accepts({ anything: 1 })).toBe(false);
      } else if (o.takes === 'string') {
        expect(tool.inputSchema.required).toEqual(['string']);
        expect(accepts({ string: 'an-id' })).toBe(true);
        expect(accepts({})).toBe(false);
        expect(accepts({ string: 1 })).toBe(false);
      }
      expect(tool.outputSchema === undefined).toBe(o.returns === null);
    }
    // What a tool returns is checked leniently by the host's MCP client: the answer's output schema takes every
    // vector that decodes (the vectors' hand-kept verdict), so an answer with a finding reaches the host's checker
    // instead of failing the call, and still refuses what no binding can read.
    const answer = published.find((t) => model.operations.find((o) => o.name === t.name)?.returns === model.tree.answer);
    const check = compile(answer?.outputSchema ?? {});
    const all = await vectors();
    expect(all.filter((v) => v.decodes && !v.strictValid).length).toBeGreaterThan(3);
    expect(all.filter((v) => !v.decodes).length).toBeGreaterThan(3);
    for (const v of all) expect(check(v.input), v.name).toBe(v.decodes);
  });
});

describe('every binding carries the same tool definitions', () => {
  it('TypeScript: TOOL_DEFINITIONS is tools.json, and dist/operations.* is what TypeScript makes of src/operations.ts', async () => {
    const { TOOL_DEFINITIONS } = (await import(join(GENERATED, 'typescript/dist/index.js'))) as { TOOL_DEFINITIONS: Tool[] };
    expect(TOOL_DEFINITIONS).toEqual(published);
    for (const t of TOOL_DEFINITIONS) expect(ToolSchema.safeParse(t).success, t.name).toBe(true);
    const source = await readFile(join(GENERATED, 'typescript/src/operations.ts'), 'utf8');
    const made = transpile('src/operations.ts', source);
    const strip = (s: string) => s.replace(/^\/\/.*\n/gm, '').replace(/\s+/g, ' ').trim();
    expect(strip(await readFile(join(GENERATED, 'typescript/dist/operations.js'), 'utf8'))).toBe(strip(made.js));
    expect(strip(await readFile(join(GENERATED, 'typescript/dist/operations.d.ts'), 'utf8')).replace(/\/\*\*.*?\*\//g, '')).toBe(strip(made.dts).replace(/\/\*\*.*?\*\//g, ''));
  });

  it('Python: TOOL_DEFINITIONS, read as a Python literal, is tools.json', async () => {
    const source = await readFile(join(GENERATED, 'python/src/element_model/operations.py'), 'utf8');
    const literal = source.slice(source.indexOf('TOOL_DEFINITIONS: Final'), source.lastIndexOf('"""The operations as MCP'));
    const json = execFileSync('python3', ['-c', 'import ast, json, sys; print(json.dumps(ast.literal_eval(sys.stdin.read().split("=", 1)[1])))'], { input: literal, encoding: 'utf8' });
    expect(JSON.parse(json)).toEqual(published);
  });

  it.for([
    ['Swift', 'swift/Sources/ElementModel/Operations.swift', 'swift'],
    ['Kotlin', 'kotlin/src/main/kotlin/dev/elementmodel/Operations.kt', 'kotlin'],
    ['Rust', 'rust/src/operations.rs', 'rust'],
  ] as const)('%s: the schemas\' JSON texts are tools.json\'s', async ([, path, language]) => {
    const source = await readFile(join(GENERATED, path), 'utf8');
    expect(rawSchemas(source, language)).toEqual(schemasOf(published));
    for (const t of published) expect(source).toContain(`${JSON.stringify(t.description)}`);
  });

  it('Go: the module bundles tools.json for its own test (operations_test.go), byte for byte', async () => {
    const bundled = await readFile(join(GENERATED, 'go/testdata/tools.json'), 'utf8');
    expect(bundled).toBe(await readFile(join(GENERATED, 'schema/tools.json'), 'utf8'));
    const source = await readFile(join(GENERATED, 'go/operations.go'), 'utf8');
    for (const t of published) expect(source).toContain(`Name:        ${JSON.stringify(t.name)},`);
  });

  it('Rust: the copy of tools.json its crate tests against is tools.json', async () => {
    expect(await readFile(join(GENERATED, 'rust/tests/tools.json'), 'utf8')).toBe(await readFile(join(GENERATED, 'schema/tools.json'), 'utf8'));
  });
});

describe('an operation the spec adds reaches every binding', () => {
  /** The model with one more operation, as an RFC's Operations row would add it. */
  const added: CanonicalModel = {
    ...model,
    operations: [...model.operations, { name: 'describe', takes: `${model.tree.node}[]`, returns: 'string', meaning: 'Says what the elements are', since: model.protocolVersion, source: model.operations[0]?.source ?? model.roleRules.source }],
  };

  it.for([
    ['schema', 'schema/tools.json', '"describe"'],
    ['typescript', 'typescript/src/operations.ts', 'describe(request: DescribeRequest): Promise<DescribeResponse>;'],
    ['python', 'python/src/element_model/operations.py', 'async def describe(self, request: DescribeRequest) -> DescribeResponse:'],
    ['swift', 'swift/Sources/ElementModel/Operations.swift', 'func describe(_ request: DescribeRequest) async throws -> DescribeResponse'],
    ['kotlin', 'kotlin/src/main/kotlin/dev/elementmodel/Operations.kt', 'suspend fun describe(request: DescribeRequest): DescribeResponse'],
    ['go', 'go/operations.go', 'Describe(ctx context.Context, request DescribeRequest) (DescribeResponse, error)'],
    ['rust', 'rust/src/operations.rs', 'fn describe(&self, request: DescribeRequest) -> impl Future<Output = Result<DescribeResponse, Self::Error>> + Send;'],
  ] as const)('%s declares it', async ([target, path, text]) => {
    const { files, diagnostics } = await emitTarget(target, added, settings);
    expect(diagnostics).toEqual([]);
    const file = files.find((f) => f.path === path);
    expect(file?.contents).toContain(text);
    // A list of a record is wrapped in an object, under the property named for the type.
    const key = `${model.tree.node.charAt(0).toLowerCase()}${model.tree.node.slice(1)}List`;
    if (target === 'schema') {
      const tool = (JSON.parse(file?.contents ?? '[]') as Tool[]).find((t) => t.name === 'describe');
      expect(tool?.inputSchema.required).toEqual([key]);
      expect(tool?.outputSchema?.required).toEqual(['string']);
      expect(ToolSchema.safeParse(tool).success).toBe(true);
    } else expect(file?.contents).toContain(key);
  });
});

describe('a request or response type a model type is already named', () => {
  const taking = model.operations.find((o) => o.takes !== null) as CanonicalModel['operations'][number];
  const name = `${taking.name.charAt(0).toUpperCase()}${taking.name.slice(1)}Request`;
  const record = model.types.find((t) => t.kind === 'record' && t.name !== model.tree.answer && t.name !== model.tree.node);
  // The model with a record of that name (a copy of another record): an RFC's Types row would add it.
  const clashing: CanonicalModel = { ...model, types: [...model.types, ...(record ? [{ ...record, name }] : [])] };

  it.for(['python', 'swift', 'kotlin', 'typescript', 'go', 'rust'] as const)('%s: the run reports it at the operation, as an emitter error', async (target) => {
    expect(record).toBeDefined();
    const { diagnostics } = await emitTarget(target, clashing, settings);
    const found = diagnostics.filter((d) => d.message.includes(name));
    expect(found.length, JSON.stringify(diagnostics)).toBeGreaterThan(0);
    expect(found.every((d) => d.ruleId === 'emitter' && d.severity === 'error')).toBe(true);
  });
});
