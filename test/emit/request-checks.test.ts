import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../generator/emit/kit/declarations.js';
import type { Decl, TypeView } from '../../generator/emit/kit/decl-types.js';
import { requestChecks } from '../../generator/emit/kit/request-checks.js';
import { swiftNames } from '../../generator/emit/swift/naming.js';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { withRevisionsTogether } from '../helpers/revision.js';
import { realModel } from '../helpers/spec.js';

/**
 * What the Swift and Kotlin request types look for beyond what their lenient types refuse (kit/request-checks.ts),
 * held to the specs' own tables: the request fixture (test/fixtures/revisions/request) names which of Arrangement's
 * fields are a role, an enum or a record, the enum fixture the link's fields of the enum, and RFC-0001 which fields
 * are states. The bindings' operations suites run
 * the checks against tools.json's verdicts (requests.json); this says which types they cover.
 */

const ref = (name: string, declares: 'record' | 'roles' | 'enum'): TypeView => ({ kind: 'ref', name, declares });

function kitOf(model: CanonicalModel): Decl[] {
  return declarations(model, swiftNames()).decls;
}

describe('the checks a request needs', () => {
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

  it('follow a record request to its role, its enum and its nested record, and no further', () => {
    const checks = requestChecks(revised, kitOf(revised), [ref('Arrangement', 'record')]);
    expect(checks.records.map((r) => r.decl.key)).toEqual(['Arrangement', 'Related']);
    // target, labels and animate are a string, strings and a boolean: their types refuse what the schema does.
    expect(checks.records[0]?.fields.map((f) => f.key)).toEqual(['orientation', 'role', 'near', 'around']);
    // The link's relation, id and url are strings; its direction and sides are of the enum fixture's Orientation.
    expect(checks.records[1]?.fields.map((f) => f.key)).toEqual(['direction', 'sides']);
    expect(checks.roles?.key).toBe('Role');
    expect(checks.enums.map((e) => e.key)).toEqual(['Orientation']);
    expect(checks.attributes).toBeNull();
    expect(checks.content).toBeNull();
  });

  it('follow a list of elements to the attributes, whose states and removed names are refused, and the content', () => {
    const checks = requestChecks(revised, kitOf(revised), [{ kind: 'array', items: ref('Element', 'record') }]);
    expect(checks.records.map((r) => r.decl.key)).toEqual(['Element', 'Related']);
    expect(new Set(checks.attributes?.refusedNames)).toEqual(new Set(['selected', 'focused', 'visible', 'hovered']));
    expect(checks.attributes?.reserved.map((f) => f.key)).toEqual(['related']);
    expect(checks.content?.key).toBe('ContentBlock');
  });

  it('find nothing to check in a string, and check a role wherever it is', async () => {
    const model = await realModel();
    const none = requestChecks(model, kitOf(model), [{ kind: 'string' }]);
    expect(none.records).toEqual([]);
    expect(none.roles).toBeNull();
    expect(none.checked({ kind: 'string' })).toBe(false);
    expect(none.checked({ kind: 'array', items: { kind: 'array', items: ref('Role', 'roles') } })).toBe(true);
  });
});
