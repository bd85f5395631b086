import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { expectMatchesGolden } from '../helpers/golden.js';
import { withExpectations } from '../helpers/binding-expectations.js';
import { withRevision } from '../helpers/revision.js';

const BINDINGS = await withExpectations();

/**
 * An RFC that adds an operation (test/fixtures/revisions/operation: `find`, taking a `string` and returning an
 * `Element`) reaches every binding: its tool definition, and its types and method in each SDK. That each binding
 * compiles them is test/bindings/operation-revision-bindings.test.ts, which needs the toolchains.
 */
describe('an additive RFC: a new operation, in every binding', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  let output = '';
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  beforeAll(async () => {
    s = await withRevision('operation');
    const io = { out: (t: string) => { output += t; }, err: (t: string) => { output += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), output).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  it('is additive, and its tool takes {"string": ...} and returns the element, by the lenient schema', async () => {
    const model = JSON.parse(await read('model/model.json')) as { protocolVersion: string; operations: { name: string }[] };
    expect(model.protocolVersion).toBe('0.2.1');
    const tools = JSON.parse(await read('schema/tools.json')) as { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }[];
    expect(tools.map((t) => t.name)).toEqual(model.operations.map((o) => o.name));
    const find = tools.find((t) => t.name === 'find');
    expect(find?.inputSchema).toMatchObject({ type: 'object', required: ['string'], properties: { string: { type: 'string' } }, additionalProperties: false });
    expect(find?.outputSchema).toMatchObject({ type: 'object', $ref: '#/$defs/Element' });
    expect(Object.keys((find?.outputSchema?.$defs ?? {}) as object)).toContain('Element');
    for (const t of tools) expect(ToolSchema.safeParse(t).success, t.name).toBe(true);
    // The new tool whole, without the lenient schema's definitions (the answer schema's own tests hold those).
    const { $defs: _defs, ...output } = find?.outputSchema ?? {};
    await expectMatchesGolden(join(import.meta.dirname, '../expected/tool-find.json'), { ...find, outputSchema: output }, 'the tool of the added operation');
  });

  // What each language declares for it is written in its test/bindings/<name>/expectations.ts.
  it.for(BINDINGS)('%s declares it', async ([, , { findOperation }]) => {
    expect(findOperation.length).toBeGreaterThan(0);
    for (const { path, texts } of findOperation) {
      const source = await read(path);
      for (const text of texts) expect(source, path).toContain(text);
      expect(source, path).toContain('One element of what is open now, by its');
    }
  });
});
