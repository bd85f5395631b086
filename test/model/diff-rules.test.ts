import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Change, classify, diffModels, placeOfChange } from '../../generator/model/diff.js';
import type { CanonicalModel, Field, RecordType } from '../../generator/model/types.js';
import { GENERATED } from '../helpers/spec.js';

// diffModels rule by rule, on the committed model and one edit of a copy of it, written here by hand: the exact
// changes each edit must give (rule, class, subject, message), and where placeOfChange finds each.
const base = JSON.parse(readFileSync(join(GENERATED, 'model/model.json'), 'utf8')) as CanonicalModel;
const copy = (): CanonicalModel => structuredClone(base);
const record = (m: CanonicalModel, name: string) => m.types.find((t) => t.name === name) as RecordType;
const field = (m: CanonicalModel, type: string, name: string) => record(m, type).fields.find((f) => f.name === name) as Field;
const lines = (changes: Change[]) => changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`);
const mcp = (m: CanonicalModel) => m.external.find((e) => e.name === 'ContentBlock') as CanonicalModel['external'][number];
const at = () => ({ file: 'spec/rfcs/0002-x.md', line: 9, column: 3, document: 'RFC-0002', section: '1' });

/** The model with an enum, Orientation (horizontal, vertical): the base of the enum cases, before and after. */
const withEnum = (m: CanonicalModel): CanonicalModel => {
  const value = (v: string) => ({ value: v, meaning: `${v} way`, since: m.protocolVersion, source: at() });
  m.types.push({ name: 'Orientation', kind: 'enum', meaning: 'Which way', values: [value('horizontal'), value('vertical')], since: m.protocolVersion, source: at() });
  return m;
};
const values = (m: CanonicalModel) => (m.types.find((t) => t.name === 'Orientation') as Extract<CanonicalModel['types'][number], { kind: 'enum' }>).values;

const CASES: { name: string; edit: (m: CanonicalModel) => void; expected: string[]; before?: (m: CanonicalModel) => CanonicalModel }[] = [
  {
    name: 'an enum added: the type alone, its values not listed one by one',
    edit: (m) => { withEnum(m); },
    expected: ['additive type-added Orientation: Type Orientation added'],
  },
  {
    name: "an enum's value added, one removed, one reworded",
    before: withEnum,
    edit: (m) => {
      withEnum(m);
      const list = values(m);
      list.splice(1, 1, { ...(list[0] as (typeof list)[number]), value: 'diagonal' });
      (list[0] as (typeof list)[number]).meaning = 'Side by side';
    },
    expected: [
      'additive enum-value-added Orientation.diagonal: Value diagonal added to Orientation',
      'editorial wording-changed Orientation.horizontal: The meaning of Orientation.horizontal was reworded',
      'breaking enum-value-removed Orientation.vertical: Value vertical removed from Orientation',
    ],
  },
  {
    name: 'a type added, with its fields not listed one by one',
    edit: (m) => m.types.push({ ...record(m, 'Related'), name: 'Extra' }),
    expected: ['additive type-added Extra: Type Extra added'],
  },
  { name: 'a type removed', edit: (m) => { m.types = m.types.filter((t) => t.name !== 'Related'); }, expected: ['breaking type-removed Related: Type Related removed'] },
  {
    name: 'a type of another kind',
    edit: (m) => { const t = m.types.find((x) => x.name === 'Related'); if (t) Object.assign(t, { kind: 'attributes' }); },
    // A record's fields go with it.
    expected: [
      'breaking type-kind-changed Related: Type Related changed from record to attributes',
      'breaking field-removed Related.id: Field Related.id removed',
      'breaking field-removed Related.relation: Field Related.relation removed',
      'breaking field-removed Related.url: Field Related.url removed',
    ],
  },
  { name: 'a type reworded', edit: (m) => { record(m, 'Related').meaning = 'Another link'; }, expected: ['editorial wording-changed Related: The meaning of Related was reworded'] },
  {
    name: 'an optional field added and a required one',
    edit: (m) => {
      const r = record(m, 'Related');
      r.fields.push({ ...field(m, 'Related', 'url'), name: 'label', required: false }, { ...field(m, 'Related', 'url'), name: 'kind', required: true });
    },
    expected: ['breaking required-field-added Related.kind: Required field Related.kind added', 'additive field-added Related.label: Optional field Related.label added'],
  },
  { name: 'a field removed', edit: (m) => { record(m, 'Related').fields = record(m, 'Related').fields.filter((f) => f.name !== 'url'); }, expected: ['breaking field-removed Related.url: Field Related.url removed'] },
  {
    name: 'a field of another type, named in its notation',
    edit: (m) => { field(m, 'Related', 'url').type = { kind: 'array', items: { kind: 'primitive', name: 'string' } }; },
    expected: ['breaking field-type-changed Related.url: Related.url changed type from string to string[]'],
  },
  { name: 'a field made required', edit: (m) => { field(m, 'Related', 'url').required = true; }, expected: ['breaking field-made-required Related.url: Related.url became required'] },
  { name: 'a field made optional', edit: (m) => { field(m, 'Related', 'relation').required = false; }, expected: ['breaking field-made-optional Related.relation: Related.relation became optional'] },
  { name: 'a default changed', edit: (m) => { field(m, 'Element', 'selected').default = { kind: 'value', value: true }; }, expected: ['breaking field-default-changed Element.selected: The default of Element.selected changed'] },
  { name: 'a field reworded', edit: (m) => { field(m, 'Related', 'url').meaning = 'Where'; }, expected: ['editorial wording-changed Related.url: The meaning of Related.url was reworded'] },
  {
    name: 'a name removed that the model never held, its replacement without backticks',
    edit: (m) => m.removed.push({ from: 'Element', name: 'kind', kind: 'field', replacedBy: '`role`', version: m.protocolVersion, source: at() }),
    expected: ['breaking name-removed Element.kind: Element.kind removed; replaced by role'],
  },
  {
    name: 'a name removed with `—` in Replaced by: no replacement, not "replaced by —"',
    edit: (m) => m.removed.push({ from: 'Element', name: 'kind', kind: 'field', replacedBy: null, version: m.protocolVersion, source: at() }),
    expected: ['breaking name-removed Element.kind: Element.kind removed; with no replacement'],
  },
  {
    // The Removed rows that took them out are no answer's names: only the lists' own changes say they went.
    name: 'a requirement, an operation and a reserved attribute removed by Removed rows: their own kinds, never name-removed',
    edit: (m) => {
      m.requirements = m.requirements.filter((r) => r.id !== 'R4');
      m.operations = m.operations.filter((o) => o.name !== 'locate');
      m.attributes = m.attributes.filter((a) => a.name !== 'author');
      m.removed.push(
        { from: 'Requirements', name: 'R4', kind: 'requirement', replacedBy: null, version: m.protocolVersion, source: at() },
        { from: 'Operations', name: 'locate', kind: 'operation', replacedBy: 'Nothing', version: m.protocolVersion, source: at() },
        { from: 'Attributes', name: 'author', kind: 'attribute', replacedBy: null, version: m.protocolVersion, source: at() },
      );
    },
    expected: [
      'breaking requirement-removed R4: Requirement R4 removed',
      'breaking attribute-removed attribute author: Reserved attribute author removed',
      'breaking operation-removed operation locate: Operation locate removed',
    ],
  },
  {
    name: 'a reserved attribute the model never held, removed (the version before the model\'s)',
    edit: (m) => m.removed.push({ from: 'Attributes', name: 'payload', kind: 'attribute', replacedBy: '`related`', version: m.protocolVersion, source: at() }),
    expected: ['breaking attribute-removed attribute payload: Reserved attribute payload removed; replaced by related'],
  },
  {
    name: 'a role added, one moved, a mapping gained and one lost, and the Apple name given up',
    edit: (m) => {
      m.roles.push({ ...(m.roles[0] as CanonicalModel['roles'][number]), name: 'Chart', covers: [] });
      const group = m.roles.find((r) => r.name === 'Group');
      if (group) { group.kind = 'Somewhere else'; group.covers = ['AXChart', ...group.covers.slice(1)]; group.appleName = !group.appleName; }
    },
    expected: [
      'additive role-added role Chart: Role Chart added to The app and its windows',
      `additive mapping-added role Group: Group now also covers Apple's AXChart`,
      `breaking mapping-changed role Group: Whether Group carries an Apple name changed`,
      `breaking mapping-removed role Group: Group no longer covers Apple's ${base.roles.find((r) => r.name === 'Group')?.covers[0]}`,
      `editorial role-moved role Group: Role Group moved from ${base.roles.find((r) => r.name === 'Group')?.kind} to Somewhere else`,
    ],
  },
  {
    name: 'a field, a role, an attribute, an operation and a requirement deprecated: additive, with what to use instead',
    edit: (m) => {
      const dep = (useInstead: string | null) => ({ useInstead, useInsteadName: useInstead?.replace(/`/g, '') ?? null, version: m.protocolVersion, source: at() });
      field(m, 'Related', 'url').deprecated = dep('`id`');
      (m.roles.find((r) => r.name === 'Image') as CanonicalModel['roles'][number]).deprecated = dep('`Group`');
      (m.attributes[0] as CanonicalModel['attributes'][number]).deprecated = dep(null);
      (m.operations[0] as CanonicalModel['operations'][number]).deprecated = dep(null);
      (m.requirements[0] as CanonicalModel['requirements'][number]).deprecated = dep('R2');
    },
    expected: [
      `additive deprecated ${base.requirements[0]?.id}: ${base.requirements[0]?.id} deprecated; use R2`,
      'additive deprecated Related.url: Related.url deprecated; use id',
      `additive deprecated attribute ${base.attributes[0]?.name}: attribute ${base.attributes[0]?.name} deprecated`,
      `additive deprecated operation ${base.operations[0]?.name}: operation ${base.operations[0]?.name} deprecated`,
      'additive deprecated role Image: role Image deprecated; use Group',
    ],
  },
  {
    name: 'a role removed with a deprecated alias of its new name: deprecated, not removed',
    edit: (m) => {
      m.roles = m.roles.filter((r) => r.name !== 'Image');
      const group = m.roles.find((r) => r.name === 'Group') as CanonicalModel['roles'][number];
      group.aliases = [{ name: 'Image', version: m.protocolVersion, source: at() }];
      m.removed.push({ from: 'Role', name: 'Image', kind: 'role', replacedBy: '`Group`', version: m.protocolVersion, source: at() });
    },
    expected: ['additive deprecated role Image: Role Image renamed: a deprecated alias of Group'],
  },
  { name: 'a role removed', edit: (m) => { m.roles = m.roles.filter((r) => r.name !== 'Image'); }, expected: ['breaking role-removed role Image: Role Image removed'] },
  {
    name: 'the root, unknown and fallback roles',
    edit: (m) => { m.roleRules = { ...m.roleRules, root: 'Window', unknown: 'Text', fallback: 'Text' }; },
    expected: [
      'breaking role-rule-changed role rule fallback: The fallback role changed from Group to Text',
      'breaking role-rule-changed role rule root: The root role changed from Application to Window',
      'breaking role-rule-changed role rule unknown: The unknown role changed from Group to Text',
    ],
  },
  {
    name: 'an Apple role that becomes another, and one no longer reported',
    edit: (m) => {
      const sheet = m.appleRoles.find((a) => a.value === 'AXSheet');
      if (sheet) sheet.role = 'Group';
      const app = m.appleRoles.find((a) => a.value === 'AXApplication');
      if (app) { app.role = null; app.class = 'controls'; }
    },
    expected: [
      `breaking mapping-changed Apple AXApplication: Apple's AXApplication now becomes not reported (controls), was Application`,
      `breaking mapping-changed Apple AXSheet: Apple's AXSheet now becomes Group, was Window`,
    ],
  },
  {
    name: 'a class not reported added, and one reported again',
    edit: (m) => { m.notReported = [...m.notReported.slice(1), { name: 'gauges', reason: 'No', source: at() }]; },
    expected: [`breaking not-reported-removed class ${base.notReported[0]?.name}: Class ${base.notReported[0]?.name} is reported again`, 'additive not-reported-added class gauges: Class gauges is not reported'],
  },
  {
    name: 'a state added, one changed in each of its columns, and one removed',
    edit: (m) => {
      const [selected, focused, visible] = m.states;
      if (!selected || !focused || !visible) throw new Error('three states');
      m.states = [{ ...selected, path: !selected.path }, { ...focused, field: 'hovered' }, { ...visible, reachable: !visible.reachable }];
    },
    expected: [
      'breaking state-removed state focused: State focused removed',
      'additive state-added state hovered: State hovered added',
      'breaking state-changed state selected: State selected changed',
      'breaking state-changed state visible: State visible changed',
    ],
  },
  { name: 'a state of another type', edit: (m) => { const s = m.states[0]; if (s) s.type = 'Answer'; }, expected: ['breaking state-changed state selected: State selected changed'] },
  {
    name: 'an attribute added, one of another type, one removed',
    edit: (m) => {
      const [author, related] = m.attributes;
      if (!author || !related) throw new Error('two attributes');
      m.attributes = [{ ...author, type: { kind: 'primitive', name: 'number' } }, { ...author, name: 'language' }];
    },
    expected: [
      'breaking attribute-type-changed attribute author: Reserved attribute author changed type',
      'additive attribute-added attribute language: Reserved attribute language added',
      'breaking attribute-removed attribute related: Reserved attribute related removed',
    ],
  },
  {
    name: 'an operation added, one changed, one reworded, one removed',
    edit: (m) => {
      const [current, locate] = m.operations;
      if (!current || !locate) throw new Error('two operations');
      m.operations = [{ ...current, returns: 'Element' }, { ...locate, name: 'find' }];
    },
    expected: ['breaking operation-changed operation current: Operation current changed what it takes or returns', 'additive operation-added operation find: Operation find added', 'breaking operation-removed operation locate: Operation locate removed'],
  },
  { name: 'an operation that takes something else', edit: (m) => { const o = m.operations[1]; if (o) o.takes = 'number'; }, expected: ['breaking operation-changed operation locate: Operation locate changed what it takes or returns'] },
  { name: 'an operation reworded', edit: (m) => { const o = m.operations[0]; if (o) o.meaning = 'Now'; }, expected: ['editorial wording-changed operation current: The meaning of current was reworded'] },
  {
    name: 'requirements added, tightened (another rule, or checkable now), reworded and removed',
    edit: (m) => {
      const byId = new Map(m.requirements.map((r) => [r.id, r]));
      const get = (id: string) => byId.get(id) as CanonicalModel['requirements'][number];
      m.requirements = [
        { ...get('R1'), rule: get('R3').rule },
        { ...get('R2'), requirement: 'Said again' },
        { ...get('R3'), check: 'Look again' },
        { ...get('R5'), checkable: true, rule: get('R4').rule },
        get('R6'),
        { ...get('R7'), requirement: 'Said again' },
        get('R8'),
        { ...get('R6'), id: 'R99' },
      ];
    },
    expected: [
      'breaking requirement-tightened R1: Requirement R1 is now checked differently',
      'editorial wording-changed R2: Requirement R2 was reworded',
      'editorial wording-changed R3: Requirement R3 was reworded',
      'breaking requirement-removed R4: Requirement R4 removed',
      'breaking requirement-tightened R5: Requirement R5 is now checked differently',
      'editorial wording-changed R7: Requirement R7 was reworded',
      'additive requirement-added R99: Requirement R99 added',
    ],
  },
  { name: 'the versioning rule', edit: (m) => { const v = m.versioning[0]; if (v) v.beforeOne = 'major'; }, expected: ['breaking versioning-changed versioning: The versioning rule changed'] },
  // MCP's version and content kinds are on the wire (issue 29): a move is at least additive.
  { name: "the other specification's version moved", edit: (m) => { mcp(m).protocolVersion = '2026-01-01'; }, expected: [`additive external-version-changed external ContentBlock: ContentBlock follows 2026-01-01, was ${mcp(base).protocolVersion}`] },
  {
    // Order is part of the model: a receiver reads no role and no field by its place, so a new order is editorial.
    name: 'two kinds of roles swapped, and two roles of a kind; a role moved to another kind is only moved',
    edit: (m) => {
      const [apps, containers, ...rest] = m.roleKinds;
      if (!apps || !containers) throw new Error('two kinds');
      m.roleKinds = [{ ...containers, roles: ['Table', 'List', 'Group'] }, apps, ...rest];
      const byName = new Map(m.roles.map((r) => [r.name, r]));
      m.roles = m.roleKinds.flatMap((k) => k.roles.map((n) => byName.get(n) as CanonicalModel['roles'][number]));
    },
    expected: [
      'editorial roles-reordered role kinds: The kinds of roles are in another order: Containers, The app and its windows, were The app and its windows, Containers',
      'editorial roles-reordered roles of Containers: The roles of Containers are in another order: Table, List, Group, were Group, List, Table',
    ],
  },
  {
    name: 'fields in another order, only the stretch that moved named',
    edit: (m) => {
      const [relation, id, url] = record(m, 'Related').fields;
      if (!relation || !id || !url) throw new Error('three fields');
      record(m, 'Related').fields = [relation, url, id];
    },
    expected: ['editorial fields-reordered fields of Related: The fields of Related are in another order: url, id, were id, url'],
  },
  {
    name: "the tree's id now another field that was there before: breaking, as every checker reads the tree by it",
    edit: (m) => { m.tree = { ...m.tree, id: 'subrole' }; },
    expected: ["breaking tree-changed tree id: The tree's id is subrole, was id"],
  },
  {
    name: "the tree's content field removed: said by the removal alone",
    edit: (m) => { record(m, 'Element').fields = record(m, 'Element').fields.filter((f) => f.name !== 'content'); m.tree = { ...m.tree, content: null }; },
    expected: ['breaking field-removed Element.content: Field Element.content removed'],
  },
  {
    name: 'a content kind added',
    edit: (m) => {
      mcp(m).definitions.VideoContent = { type: 'object', properties: { type: { type: 'string', const: 'video' } }, required: ['type'] };
      (mcp(m).schema.anyOf as unknown[]).push({ $ref: '#/$defs/VideoContent' });
      mcp(m).kinds.push('video');
    },
    expected: ['additive content-kind-added external ContentBlock: ContentBlock gains the kind video'],
  },
  {
    name: 'a content kind removed',
    edit: (m) => {
      mcp(m).schema.anyOf = (mcp(m).schema.anyOf as { $ref: string }[]).filter((r) => r.$ref !== '#/$defs/AudioContent');
      mcp(m).kinds = mcp(m).kinds.filter((k) => k !== 'audio');
    },
    expected: ['breaking content-kind-removed external ContentBlock: ContentBlock loses the kind audio'],
  },
  {
    name: 'a content kind changed in its own definition',
    edit: (m) => { (mcp(m).definitions.ImageContent as { required: string[] }).required.push('title'); },
    expected: ["breaking content-kind-changed external ContentBlock: ContentBlock's kind image changed its form"],
  },
];

describe('diffModels, one rule at a time', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const after = copy();
      c.edit(after);
      const changes = diffModels(c.before ? c.before(copy()) : copy(), after);
      expect(lines(changes)).toEqual(c.expected);
    });
  }

  it('finds nothing between a model and a copy with its keys in another order', () => {
    const reorder = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(reorder);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reorder(x)]));
      return v;
    };
    expect(diffModels(copy(), reorder(copy()) as CanonicalModel)).toEqual([]);
    expect(diffModels(base, base)).toEqual([]);
  });

  it('reads a key set to undefined as a key not there, and a shorter list as a change', () => {
    const after = copy();
    Object.assign(field(after, 'Related', 'url'), { extra: undefined });
    expect(diffModels(copy(), after)).toEqual([]);
    const longer = copy();
    longer.versioning.push({ ...(longer.versioning[0] as CanonicalModel['versioning'][number]) });
    expect(lines(diffModels(copy(), longer))).toEqual(['breaking versioning-changed versioning: The versioning rule changed']);
    const typed = copy();
    field(typed, 'Element', 'children').type = { kind: 'array', items: { kind: 'named', name: 'Related' } } as Field['type'];
    expect(lines(diffModels(copy(), typed))).toEqual(['breaking field-type-changed Element.children: Element.children changed type from Element[] to Related[]']);
  });

  it('from nothing, everything is added and no rule is said to change', () => {
    const changes = diffModels(null, copy());
    const rules = new Set(changes.map((c) => c.rule));
    expect([...rules].sort()).toEqual(['attribute-added', 'mapping-added', 'name-removed', 'operation-added', 'requirement-added', 'role-added', 'state-added', 'type-added', 'not-reported-added'].filter((r) => rules.has(r)).sort());
    expect(rules.has('role-rule-changed')).toBe(false);
    expect(rules.has('versioning-changed')).toBe(false);
    expect(rules.has('field-added')).toBe(false);
    expect(changes.filter((c) => c.rule === 'type-added')).toHaveLength(base.types.length);
    expect(changes.filter((c) => c.rule === 'role-added')).toHaveLength(base.roles.length);
    expect(changes.filter((c) => c.rule === 'name-removed')).toHaveLength(base.removed.length);
    // Sorted by subject, then rule.
    const keys = changes.map((c) => [c.subject, c.rule] as const);
    expect(keys).toEqual([...keys].sort(([a, r], [b, s]) => (a < b ? -1 : a > b ? 1 : r < s ? -1 : r > s ? 1 : 0)));
  });

  it('a removed field is not also a removed name', () => {
    const after = copy();
    record(after, 'Related').fields = record(after, 'Related').fields.filter((f) => f.name !== 'url');
    after.removed.push({ from: 'Related', name: 'url', kind: 'field', replacedBy: 'nothing', version: after.protocolVersion, source: at() });
    expect(lines(diffModels(copy(), after))).toEqual(['breaking field-removed Related.url: Field Related.url removed']);
  });
});

describe('classify', () => {
  const change = (cls: Change['class']): Change => ({ rule: 'wording-changed', class: cls, subject: 's', message: 'm' });
  it('is breaking if any change is, else additive if any is, else editorial', () => {
    expect(classify([])).toBe('editorial');
    expect(classify([change('editorial')])).toBe('editorial');
    expect(classify([change('editorial'), change('additive')])).toBe('additive');
    expect(classify([change('additive'), change('breaking'), change('editorial')])).toBe('breaking');
  });
});

describe('placeOfChange', () => {
  const after = copy();
  const here = (subject: string, before: CanonicalModel | null = copy()) => placeOfChange({ rule: 'wording-changed', class: 'editorial', subject, message: '' }, before, after);
  const line = (subject: string, before?: CanonicalModel | null) => here(subject, before)?.line ?? null;
  const source = <T extends { source: { line: number } }>(list: T[], pick: (x: T) => boolean) => list.find(pick)?.source.line;

  it('finds each kind of subject at the row that states it in the newer model', () => {
    expect(line('role Window')).toBe(source(base.roles, (r) => r.name === 'Window'));
    expect(line('role rule root')).toBe(base.roleRules.source.line);
    expect(line('Apple AXSheet')).toBe(source(base.roles, (r) => r.name === 'Window'));
    expect(line(`class ${base.notReported[0]?.name}`)).toBe(base.notReported[0]?.source.line);
    expect(line('state focused')).toBe(source(base.states, (s) => s.field === 'focused'));
    expect(line('attribute author')).toBe(source(base.attributes, (a) => a.name === 'author'));
    expect(line('operation locate')).toBe(source(base.operations, (o) => o.name === 'locate'));
    expect(line('R3')).toBe(source(base.requirements, (r) => r.id === 'R3'));
    expect(line('Related')).toBe(source(base.types, (t) => t.name === 'Related'));
    expect(line('Related.url')).toBe(record(base, 'Related').fields.find((f) => f.name === 'url')?.source.line);
    expect(here('versioning')).toBeNull();
    expect(line('external ContentBlock')).toBe(mcp(base).source.line);
  });

  it('finds a new order at the first name that moved, and a tree part at its field', () => {
    const reordered = copy();
    const [relation, id, url] = record(reordered, 'Related').fields;
    if (!relation || !id || !url) throw new Error('three fields');
    record(reordered, 'Related').fields = [relation, url, id];
    const [apps, containers, ...rest] = reordered.roleKinds;
    if (!apps || !containers) throw new Error('two kinds');
    reordered.roleKinds = [{ ...containers, roles: ['Group', 'Table', 'List'] }, apps, ...rest];
    const placed = (subject: string) => placeOfChange({ rule: 'fields-reordered', class: 'editorial', subject, message: '' }, copy(), reordered)?.line;
    expect(placed('fields of Related')).toBe(url.source.line);
    expect(placed('roles of Containers')).toBe(source(base.roles, (r) => r.name === 'Table'));
    expect(placed('role kinds')).toBe(source(base.roles, (r) => r.name === 'Group'));
    expect(line('tree id')).toBe(record(base, 'Element').fields.find((f) => f.name === 'id')?.source.line);
    expect(line('tree root')).toBe(record(base, 'Answer').fields.find((f) => f.name === 'root')?.source.line);
  });

  it('finds what the newer model no longer has at its Removed row of this version, or nowhere', () => {
    const removedAt = base.removed.find((r) => r.version === base.protocolVersion && r.from === 'Element' && r.name === 'type');
    expect(removedAt).toBeDefined();
    expect(line('Element.type')).toBe(removedAt?.source.line);
    expect(line('Element.nothing')).toBeNull();
    expect(line('Nothing')).toBeNull();
    expect(line('role Nothing')).toBeNull();
    expect(line('state nothing')).toBeNull();
    expect(line('attribute nothing')).toBeNull();
    expect(line('operation nothing')).toBeNull();
    expect(line('class nothing')).toBeNull();
    expect(line('Apple AXNothing')).toBeNull();
    // A Removed row of an earlier version does not place a change of this one.
    const older = copy();
    for (const r of older.removed) r.version = '0.1.0';
    expect(placeOfChange({ rule: 'name-removed', class: 'breaking', subject: 'Element.type', message: '' }, null, older)).toBeNull();
  });

  it('places a deprecation at its Deprecated row, not at the row that defines the name', () => {
    const after = copy();
    field(after, 'Related', 'url').deprecated = { useInstead: null, useInsteadName: null, version: after.protocolVersion, source: at() };
    const [change] = diffModels(copy(), after);
    expect(change?.rule).toBe('deprecated');
    expect(placeOfChange(change as Change, copy(), after)).toEqual(at());
  });

  it('places an Apple role the newer model does not report by the role the older one gave it', () => {
    const before = copy();
    const gone = copy();
    const sheet = gone.appleRoles.find((a) => a.value === 'AXSheet');
    if (sheet) sheet.role = null;
    expect(placeOfChange({ rule: 'mapping-changed', class: 'breaking', subject: 'Apple AXSheet', message: '' }, before, gone)?.line).toBe(source(base.roles, (r) => r.name === 'Window'));
    expect(placeOfChange({ rule: 'mapping-changed', class: 'breaking', subject: 'Apple AXSheet', message: '' }, null, gone)).toBeNull();
  });
});
