import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { emitTarget } from '../../generator/emit/index.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { GENERATED, realModel } from '../helpers/spec.js';
import { type Tool, withExpectations } from '../helpers/binding-expectations.js';
import { vectors } from '../helpers/sdk.js';

/** The operations in the SDKs (issue 29, item 7): tool definitions from the Operations table, in every binding. */

type Schema = Record<string, unknown>;

const model = await realModel();
const BINDINGS = await withExpectations();
const published = JSON.parse(await readFile(join(GENERATED, 'schema/tools.json'), 'utf8')) as Tool[];
const settings = { regenerate: 'npm run generate', versions: [model] };
const compile = (s: Schema) => addFormats.default(new Ajv2020({ strict: false, allErrors: true })).compile(s);

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

// How each package holds them (its test/bindings/<name>/expectations.ts): as data it exports, as JSON texts in its sources, or as
// a copy of tools.json its own tests read.
describe('every binding carries the same tool definitions', () => {
  it.for(BINDINGS)('%s carries tools.json\'s', async ([, , expected]) => {
    await expected.carriesTools(GENERATED, published);
  });
});

describe('an operation the spec adds reaches every binding', () => {
  /** The model with one more operation, as an RFC's Operations row would add it. */
  const added: CanonicalModel = {
    ...model,
    operations: [...model.operations, { name: 'describe', takes: `${model.tree.node}[]`, returns: 'string', meaning: 'Says what the elements are', since: model.protocolVersion, source: model.operations[0]?.source ?? model.roleRules.source }],
  };

  const declaring = [['schema', 'schema/tools.json', '"describe"'], ...BINDINGS.map(([, b, { describeOperation }]) => [b.name, describeOperation.path, describeOperation.text])] as const;

  it.for(declaring)('%s declares it', async ([target, path, text]) => {
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

  it.for(BINDINGS.map(([, b]) => b.name))('%s: the run reports it at the operation, as an emitter error', async (target) => {
    expect(record).toBeDefined();
    const { diagnostics } = await emitTarget(target, clashing, settings);
    const found = diagnostics.filter((d) => d.message.includes(name));
    expect(found.length, JSON.stringify(diagnostics)).toBeGreaterThan(0);
    expect(found.every((d) => d.ruleId === 'emitter' && d.severity === 'error')).toBe(true);
    // At the operation's row (TypeScript's once stopped the whole target, reported at 1:1), and never "stopped".
    expect(found.map((d) => `${d.file}:${d.line}:${d.column}`)).toEqual(found.map(() => `${taking.source.file}:${taking.source.line}:${taking.source.column}`));
    expect(found.some((d) => d.message.includes('stopped'))).toBe(false);
  });
});
