import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { MODEL_SCHEMA } from '../../generator/model/schema.js';
import { loadModelJson, modelProblems } from '../../generator/model/validate.js';
import { GENERATED, realModel } from '../helpers/spec.js';

describe('the real RFC folds into the expected model', () => {
  it('has protocol 0.2.0 from RFC-0001, a breaking change from 0.1', async () => {
    const model = await realModel();
    expect(model.protocolVersion).toBe('0.2.0');
    expect(model.rfcs.map((r) => [r.id, r.status, r.effect, r.from, r.version])).toEqual([['RFC-0001', 'Accepted', 'breaking', '0.1.0', '0.2.0']]);
  });

  it('has thirteen roles in six kinds, eleven with Apple names', async () => {
    const model = await realModel();
    expect(model.roles).toHaveLength(13);
    expect(model.roleKinds).toHaveLength(6);
    expect(model.roleKinds.map((k) => k.roles.length)).toEqual([2, 3, 2, 3, 2, 1]);
    expect(model.roles.filter((r) => r.appleName)).toHaveLength(11);
    expect(model.roles.filter((r) => !r.appleName).map((r) => r.name).sort()).toEqual(['Document', 'Text']);
    expect(model.roleRules).toMatchObject({ root: 'Application', unknown: 'Group', fallback: 'Group' });
  });

  it("has the element's fields with types, requiredness and defaults", async () => {
    const model = await realModel();
    const element = model.types.find((t) => t.name === 'Element');
    if (element?.kind !== 'record') throw new Error('no Element record');
    expect(element.fields.map((f) => [f.name, f.notation, f.required])).toEqual([
      ['id', 'string', true], ['role', 'Role', true], ['subrole', 'string', false], ['title', 'string', false],
      ['content', 'ContentBlock[]', false], ['url', 'string', false], ['selected', 'boolean', false],
      ['focused', 'boolean', false], ['visible', 'boolean', false], ['children', 'Element[]', false],
      ['attributes', 'Attributes', false],
    ]);
    const byName = Object.fromEntries(element.fields.map((f) => [f.name, f]));
    expect(byName.selected?.default).toEqual({ kind: 'value', value: false });
    expect(byName.focused?.default).toEqual({ kind: 'value', value: false });
    expect(byName.visible?.default).toEqual({ kind: 'inherit', root: true });
    expect(byName.id?.source).toMatchObject({ document: 'RFC-0001', section: '4.1', file: 'spec/rfcs/0001-element-model.md' });
    expect(byName.id?.source.line).toBeGreaterThan(1);
  });

  it('has R1-R8, with R5 and R7 not checkable from outside', async () => {
    const model = await realModel();
    expect(model.requirements.map((r) => r.id)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8']);
    expect(model.requirements.filter((r) => !r.checkable).map((r) => r.id)).toEqual(['R5', 'R7']);
    expect(model.requirements.find((r) => r.id === 'R4')?.check).toBe('Reject a repeat');
  });

  it('has every Apple mapping row of the RFC, and an answer for every Apple role', async () => {
    const model = await realModel();
    const covers = Object.fromEntries(model.roles.filter((r) => r.covers.length).map((r) => [r.name, r.covers]));
    expect(covers).toEqual({
      Window: ['Sheet', 'Drawer', 'Popover', 'TabGroup'],
      Document: ['WebArea'],
      Group: ['SplitGroup', 'ScrollArea', 'LayoutArea', 'LayoutItem'],
      List: ['Outline', 'Browser'],
      Table: ['Grid'],
      Text: ['StaticText', 'TextField', 'TextArea'],
    });
    const apple = Object.fromEntries(model.appleRoles.map((a) => [a.value, a.role ?? a.class]));
    expect(apple).toMatchObject({ AXSheet: 'Window', AXWebArea: 'Document', AXGrid: 'Table', AXColumn: 'columns', AXButton: 'controls', AXMenu: 'menus', AXBusyIndicator: 'indicators', AXScrollBar: 'window furniture', AXApplication: 'Application', AXHeading: 'Heading' });
    expect(model.appleRoles.every((a) => a.role !== null || model.notReported.some((n) => n.name === a.class))).toBe(true);
  });

  it('has the removed 0.1 names, reserved attributes, operations and the answer', async () => {
    const model = await realModel();
    expect(model.removed.map((r) => `${r.from}.${r.name}`)).toEqual(['Element.type', 'Element.parent', 'Element.locatable', 'Element.payload', 'Answer.focus', 'Answer.items']);
    expect(model.attributes.map((a) => [a.name, a.notation])).toEqual([['author', 'string'], ['related', 'Related[]']]);
    expect(model.operations.map((o) => o.name)).toEqual(['current', 'locate']);
    const answer = model.types.find((t) => t.name === 'Answer');
    expect(answer?.kind === 'record' && answer.fields.map((f) => f.name)).toEqual(['protocol', 'instance', 'root']);
    expect(model.tree).toMatchObject({ answer: 'Answer', root: 'root', node: 'Element', children: 'children', id: 'id', role: 'role', version: 'protocol' });
  });

  it('takes content blocks from the pinned MCP package and records its version', async () => {
    const model = await realModel();
    const [mcp] = model.external;
    const pinned = JSON.parse(await readFile(join(import.meta.dirname, '../../package.json'), 'utf8')).dependencies['@modelcontextprotocol/sdk'];
    expect(mcp).toMatchObject({ name: 'ContentBlock', package: '@modelcontextprotocol/sdk', packageVersion: pinned });
    expect(mcp?.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(mcp?.definitions ?? {})).toEqual(expect.arrayContaining(['TextContent', 'ImageContent', 'AudioContent', 'ResourceLink', 'EmbeddedResource', 'McpRole']));
  });
});

describe('the model schema', () => {
  it('is a valid 2020-12 schema, and the model validates against it', async () => {
    const ajv = new Ajv2020({ strict: true });
    expect(ajv.validateSchema(MODEL_SCHEMA)).toBe(true);
    expect(modelProblems(await realModel())).toEqual([]);
  });

  it('rejects a model that breaks it, naming the path', async () => {
    const broken = structuredClone(await realModel()) as unknown as Record<string, unknown>;
    (broken.roles as Record<string, unknown>[])[0]!.appleName = 'yes';
    expect(modelProblems(broken)).toEqual([expect.stringContaining('/roles/0/appleName')]);
  });

  it('the committed generated/model/model.json loads and validates', async () => {
    const model = loadModelJson(await readFile(join(GENERATED, 'model/model.json'), 'utf8'));
    expect(model.protocolVersion).toBe((await realModel()).protocolVersion);
    expect(() => loadModelJson('{"format": 1}')).toThrow(/does not match its schema/);
  });
});
