/**
 * The folded model against expectations a person wrote by reading the spec (test/expected/), not derived from the
 * generator: a reader bug that changes the model cannot also change what it is compared with.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel, FieldDefault } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { type SpecEdit, applyEditScript } from '../helpers/spec-edits.js';
import { SPEC, scratch } from '../helpers/spec.js';

const EXPECTED = join(import.meta.dirname, '../expected');
const readJson = async (name: string) => JSON.parse(await readFile(join(EXPECTED, name), 'utf8')) as Record<string, unknown>;

/** A default as test/expected/model.json writes it (see its $defaultsNotation). */
function defaultOf(d: FieldDefault | null): unknown {
  if (d === null) return null;
  return d.kind === 'value' ? d.value : { parent: true, root: d.root };
}

/** Each entry of test/expected/model.json, as the same projection of the folded model. */
const PROJECTIONS: Record<string, (m: CanonicalModel) => unknown> = {
  protocolVersion: (m) => m.protocolVersion,
  versionField: (m) => ({ record: m.tree.answer, field: m.tree.version }),
  tree: ({ tree: t }) => ({ answer: t.answer, root: t.root, node: t.node, children: t.children, id: t.id, role: t.role, attributes: t.attributes, content: t.content }),
  types: (m) => m.types.map((t) => ({ name: t.name, kind: t.kind })),
  records: (m) => Object.fromEntries(m.types.flatMap((t) => (t.kind === 'record'
    ? [[t.name, t.fields.map((f) => ({ name: f.name, type: f.notation, required: f.required, default: defaultOf(f.default) }))]]
    : []))),
  states: (m) => m.states.map((s) => ({ field: s.field, record: s.type, reachable: s.reachable, path: s.path })),
  roleKinds: (m) => m.roleKinds.map((k) => ({ kind: k.name, roles: k.roles })),
  rolesWithApplesName: (m) => m.roles.filter((r) => r.appleName).map((r) => r.name),
  rolesOfThisProtocol: (m) => m.roles.filter((r) => !r.appleName).map((r) => r.name),
  covers: (m) => Object.fromEntries(m.roles.filter((r) => r.covers.length > 0).map((r) => [r.name, { apple: r.covers, note: r.coversNote }])),
  roleRules: ({ roleRules: r }) => ({ root: r.root, unknown: r.unknown, fallback: r.fallback }),
  notReported: (m) => m.notReported.map((n) => ({ name: n.name, reason: n.reason })),
  attributes: (m) => m.attributes.map((a) => ({ name: a.name, type: a.notation })),
  operations: (m) => m.operations.map((o) => ({ name: o.name, takes: o.takes, returns: o.returns })),
  requirements: (m) => m.requirements.map((r) => ({ id: r.id, checkable: r.checkable, rule: r.rule })),
  privacySubjects: (m) => m.privacy.map((p) => p.subject),
  versioning: (m) => m.versioning.map((v) => ({ change: v.change, beforeOne: v.beforeOne, fromOne: v.fromOne })),
  removed: (m) => m.removed.map((r) => ({ name: r.name, from: r.from })),
};

/** The Apple mapping by Name, in the shape of test/expected/apple-mapping.json. */
function appleMappingOf(m: CanonicalModel) {
  const content = m.appleRoles.filter((a) => a.class === 'content');
  const others = m.appleRoles.filter((a) => a.class !== 'content' && a.role === null);
  return { content: Object.fromEntries(content.map((a) => [a.name, a.role])), notReported: Object.fromEntries(others.map((a) => [a.name, a.class])) };
}

let model: CanonicalModel;
let expected: Record<string, unknown>;
let apple: { content: Record<string, string>; notReported: Record<string, string> };

beforeAll(async () => {
  // Folded here from the live spec, not taken from generated/ or a shared cache.
  const { model: built, diagnostics } = await assembleModel(await readSpecFiles(SPEC));
  if (!built) throw new Error(`the live spec does not build: ${JSON.stringify(diagnostics.items)}`);
  model = built;
  expected = await readJson('model.json');
  apple = (await readJson('apple-mapping.json')) as typeof apple;
});

describe('the folded model matches test/expected/model.json, written by hand from RFC-0001', () => {
  it('has a comparison for every expectation written, and an expectation for every comparison', () => {
    const written = Object.keys(expected).filter((k) => !k.startsWith('$'));
    expect(written.sort()).toEqual(Object.keys(PROJECTIONS).sort());
  });

  it.each(Object.keys(PROJECTIONS))('%s', (key) => {
    const project = PROJECTIONS[key] as (m: CanonicalModel) => unknown;
    expect(project(model), `the model's ${key} differs from "${key}" in test/expected/model.json (which was read from the RFC by hand)`).toEqual(expected[key]);
  });

  it("each role's kind is the kind that lists it, and the roles are the kinds' roles in order", () => {
    const byKind = (expected.roleKinds as { kind: string; roles: string[] }[]).flatMap((k) => k.roles.map((role) => ({ role, kind: k.kind })));
    expect(model.roles.map((r) => ({ role: r.name, kind: r.kind })), 'roles in order, with their kind').toEqual(byKind);
  });
});

describe("the model's Apple mapping matches test/expected/apple-mapping.json, written by hand from spec/reference/apple-roles.md", () => {
  it('maps every Apple content role, by its Name, to the protocol role RFC-0001 gives it', () => {
    expect(appleMappingOf(model).content, 'Apple content role Name -> protocol role').toEqual(apple.content);
  });

  it('maps no other Apple role to a protocol role, and keeps each one under its class', () => {
    const mapped = model.appleRoles.filter((a) => a.class !== 'content' && a.role !== null);
    expect(mapped.map((a) => `${a.name} -> ${a.role}`), 'Apple roles that are not reported, yet mapped').toEqual([]);
    expect(appleMappingOf(model).notReported, 'Apple role Name -> class not reported').toEqual(apple.notReported);
  });

  it("agrees with the hand-written model: each role with Apple's name maps from that name, each covered name to its role", () => {
    // Two hand-written files, checked against each other, so a slip in either shows here.
    for (const role of expected.rolesWithApplesName as string[]) expect(apple.content[role], role).toBe(role);
    for (const [role, { apple: names }] of Object.entries(expected.covers as Record<string, { apple: string[] }>)) {
      for (const name of names) expect(apple.content[name], name).toBe(role);
    }
    const covered = Object.values(expected.covers as Record<string, { apple: string[] }>).flatMap((c) => c.apple);
    expect(Object.keys(apple.content).sort()).toEqual([...(expected.rolesWithApplesName as string[]), ...covered].sort());
  });
});

describe('the comparison notices a wrong model', () => {
  /** Which hand-written expectations a model breaks: the keys of model.json, and "apple" for the mapping. */
  const broken = (m: CanonicalModel) => [
    ...Object.entries(PROJECTIONS).filter(([key, project]) => !isDeepStrictEqual(project(m), expected[key])).map(([key]) => key),
    ...(isDeepStrictEqual(appleMappingOf(m), { content: apple.content, notReported: apple.notReported }) ? [] : ['apple']),
  ];
  const rfc = 'rfcs/0001-element-model.md';

  // Each edit stands for a reader bug the issue names: the model changes, and the comparison must say where.
  it.for<[string, SpecEdit[], string[]]>([
    ['a wrong default', [{ file: rfc, find: '| The user selected this. Absent means false |', replace: '| The user selected this. Absent means true |' }], ['records']],
    ['AXSheet mapped to Group', [
      { file: rfc, find: '| `Window` | `Sheet`, `Drawer`,', replace: '| `Window` | `Drawer`,' },
      { file: rfc, find: '| `Group` | `SplitGroup`,', replace: '| `Group` | `Sheet`, `SplitGroup`,' },
    ], ['covers', 'apple']],
    ['the last requirement dropped', [{ file: rfc, find: '| R7 | A provider gives a subrole to each thing that is the app\'s own | Not checkable from outside | — |\n', replace: '' }], ['requirements']],
    ['a privacy row dropped', [{ file: rfc, find: '| The tree | A tree invites a provider to report more of what is open than a list did |\n', replace: '' }], ['privacySubjects']],
  ])('%s', { timeout: 30_000 }, async ([what, edits, keys]) => {
    expect(broken(model), 'the live spec breaks nothing').toEqual([]);
    const s = await scratch();
    try {
      await applyEditScript(s.spec, { why: what, edits }, what);
      const { model: changed } = await assembleModel(await readSpecFiles(s.spec));
      if (!changed) throw new Error(`${what}: the edited spec does not build`);
      expect(broken(changed)).toEqual(keys);
    } finally {
      await s.dispose();
    }
  });
});
