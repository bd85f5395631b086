import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../generator/emit/kit/declarations.js';
import type { Decl, TypeView } from '../../generator/emit/kit/decl-types.js';
import { fixedRootRole, reachedDecls, requestReach } from '../../generator/emit/kit/request-reach.js';
import { swiftNames } from '../../generator/emit/swift/naming.js';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { withRevisionsTogether } from '../helpers/revision.js';
import { realModel } from '../helpers/spec.js';

/**
 * What a request reaches and must refuse there (kit/request-reach.ts), the one account every binding's request
 * types read, held to the specs' own tables: the request fixture (test/fixtures/revisions/request) names its
 * operations' Takes (arrange an Arrangement, byRole a Role, orient an Orientation, match an Element, replay an
 * Answer) and which of Arrangement's fields are a role, an enum or a record, the enum fixture the link's fields of
 * the enum, RFC-0001 the element's fields and the root's role, and the additive fixture a fourth state. The
 * bindings' operations suites run the checks against tools.json's verdicts (requests.json); this says which types
 * they cover.
 */

const ref = (name: string, declares: 'record' | 'roles' | 'enum'): TypeView => ({ kind: 'ref', name, declares });

function kitOf(model: CanonicalModel): Decl[] {
  return declarations(model, swiftNames()).decls;
}

describe('what a request reaches', () => {
  let revised: CanonicalModel;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const s = await withRevisionsTogether();
    dispose = s.dispose;
    const { model } = await assembleModel(await readSpecFiles(s.spec));
    if (!model) throw new Error('the revised spec has errors');
    revised = model;
  }, 60_000);
  afterAll(() => dispose());

  it('follows each Takes in the spec\'s order, depth first, to the records, the role, the enum and the content', () => {
    const reached = reachedDecls(requestReach(revised), kitOf(revised));
    // arrange reaches Arrangement, its Orientation, the Role, Related; match the element, its attributes and
    // content blocks; replay the answer.
    expect(reached.records.map((r) => r.decl.key)).toEqual(['Arrangement', 'Related', 'Element', 'Answer']);
    // target, labels and animate are a string, strings and a boolean: their types refuse what the schema does.
    expect(reached.records[0]?.fields.map((f) => f.key)).toEqual(['orientation', 'role', 'near', 'around']);
    // The link's relation, id and url are strings; its direction and sides are of the enum fixture's Orientation.
    expect(reached.records[1]?.fields.map((f) => f.key)).toEqual(['direction', 'sides']);
    // RFC-0001's element: its role, content blocks, children and attributes, and the enum fixture's orientation;
    // the rest are strings and booleans.
    expect(new Set(reached.records[2]?.fields.map((f) => f.key))).toEqual(
      new Set(['role', 'content', 'children', 'attributes', 'orientation']),
    );
    expect(reached.roles?.key).toBe('Role');
    expect(reached.enums.map((e) => e.key)).toEqual(['Orientation']);
    expect(reached.unions.map((u) => u.key)).toEqual(['ContentBlock']);
  });

  it('refuses the states\' names among the attributes (the additive fixture\'s too), and checks their links', () => {
    const { attributes } = reachedDecls(requestReach(revised), kitOf(revised));
    expect(new Set(attributes?.refused)).toEqual(new Set(['selected', 'focused', 'visible', 'hovered']));
    expect(attributes?.reserved.map((f) => f.key)).toEqual(['related']);
    const shape = requestReach(revised).shapes.find((s) => s.kind === 'attributes');
    expect(shape?.kind === 'attributes' && new Set(shape.refused)).toEqual(new Set(attributes?.refused));
  });

  it('fixes the root\'s role of the answer replay takes whole, and of no answer or element held deeper', () => {
    const reach = requestReach(revised);
    const { requests, shapes } = reach;
    // RFC-0001: the tree is rooted at the application; match takes an element, not the answer.
    expect(fixedRootRole(reach, 'replay')?.toLowerCase()).toBe('application');
    expect(fixedRootRole(reach, 'match')).toBeNull();
    const replay = requests.find((r) => r.operation === 'replay');
    expect(replay?.record).toBe('Answer');
    const byName = new Map(shapes.map((s) => [s.name, s]));
    const root = replay?.fields.find((f) => f.key === 'root')?.want;
    const rootShape = root?.kind === 'shape' ? byName.get(root.name) : undefined;
    expect(rootShape?.kind).toBe('record');
    const role = rootShape?.kind === 'record' ? rootShape.fields.find((f) => f.key === 'role')?.want : undefined;
    const roleShape = role?.kind === 'shape' ? byName.get(role.name) : undefined;
    // RFC-0001: the tree is rooted at the application.
    expect(roleShape?.kind === 'values' && roleShape.values.map((v) => v.toLowerCase())).toEqual(['application']);
    // The element match takes, and every child, keeps the language's every role.
    const element = byName.get('Element');
    const childRole = element?.kind === 'record' ? element.fields.find((f) => f.key === 'role')?.want : undefined;
    expect(childRole).toEqual({ kind: 'shape', name: 'Role' });
    const roles = byName.get('Role');
    expect(roles?.kind === 'values' && roles.values.length).toBeGreaterThan(10);
  });

  it('reaches nothing on the real spec, whose only Takes is a string', async () => {
    const model = await realModel();
    const reach = requestReach(model);
    expect(reach.requests.map((r) => r.fields.map((f) => f.want))).toEqual([[{ kind: 'string' }]]);
    const none = reachedDecls(reach, kitOf(model));
    expect(none.records).toEqual([]);
    expect(none.roles).toBeNull();
    expect(none.checked({ kind: 'string' })).toBe(false);
    expect(none.checked({ kind: 'array', items: { kind: 'array', items: ref('Role', 'roles') } })).toBe(false);
  });

  it('checks a value of a reached type at any depth of lists, and nothing else', () => {
    const { checked } = reachedDecls(requestReach(revised), kitOf(revised));
    expect(checked({ kind: 'array', items: { kind: 'array', items: ref('Role', 'roles') } })).toBe(true);
    expect(checked(ref('Related', 'record'))).toBe(true);
    expect(checked({ kind: 'array', items: { kind: 'boolean' } })).toBe(false);
  });
});
