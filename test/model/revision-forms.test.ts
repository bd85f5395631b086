import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { emitAll } from '../../generator/emit/index.js';
import { BINDINGS } from '../../generator/emit/targets.js';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { currentExample } from '../../generator/model/examples.js';
import { buildVectors } from '../../generator/emit/conformance/index.js';
import { specData } from '../../generator/emit/kit/spec-data.js';
import { readmeExample } from '../../generator/emit/shared/readme-example.js';
import { generateInMemory } from '../../generator/pipeline.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { expectMatchesGolden } from '../helpers/golden.js';
import { specWithFixture } from '../helpers/revision.js';
import { realModel } from '../helpers/spec.js';

/**
 * The revisions maintainers write next, and the slips they make writing them (spec/README.md, "Changing the
 * protocol"): each fixture folder is an RFC laid over the live spec, or an edit of it, and `expected.json` holds
 * the exact diagnostics; `recorded.json` names released versions whose record is written first, so the fixture's
 * RFCs are checked against a frozen release (test/helpers/revision.ts). Every one either builds a model every target emits, or fails with located diagnostics;
 * none ends in an internal error. `UPDATE=1` rewrites the expected files (read the diff before committing it).
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/revision-forms');
const quiet = { out: () => {}, err: () => {} };

interface Expected {
  builds: boolean;
  diagnostics: { severity: string; ruleId: string; file: string; line: number; column: number; message: string }[];
}

const role = (m: CanonicalModel, name: string) => m.roles.find((r) => r.name === name);
const appleTo = (m: CanonicalModel, name: string) => m.appleRoles.find((a) => a.name === name)?.role;

/** What each fixture that builds must have changed in the model, beyond building. */
const MODEL_CHECKS: Record<string, (m: CanonicalModel, real: CanonicalModel) => void> = {
  'lowercase-header': (m, real) => {
    // Only header text changed: the same model, place for place, but for the RFC's text itself.
    const withoutText = (x: CanonicalModel) => ({ ...x, rfcs: x.rfcs.map((r) => ({ ...r, body: [] })) });
    expect(withoutText(m)).toEqual(withoutText(real));
  },
  'remove-role-and-move-its-apple-role': (m) => {
    expect(role(m, 'Page')).toBeUndefined();
    expect(appleTo(m, 'Page')).toBe('Document');
    expect(role(m, 'Document')?.covers).toEqual(['WebArea', 'Page']);
  },
  'deprecate-names': (m) => {
    const element = m.types.find((t) => t.name === 'Element') as { fields: CanonicalModel['attributes'] & { deprecated?: unknown }[] };
    // A restated row keeps its deprecation, whichever order the tables stand in; Use instead is kept as written.
    expect(element.fields.find((f) => f.name === 'url')).toMatchObject({ meaning: 'An address for the thing, restated', deprecated: { useInstead: '`attributes`', useInsteadName: 'attributes', version: '0.2.1', source: { document: 'RFC-0002', line: 23 } } });
    expect(role(m, 'Cell')?.deprecated).toMatchObject({ useInstead: '`Text`', useInsteadName: 'Text', version: '0.2.1' });
    expect(m.attributes.find((a) => a.name === 'author')?.deprecated).toMatchObject({ useInstead: null, useInsteadName: null });
    expect(m.operations.find((o) => o.name === 'locate')?.deprecated?.version).toBe('0.2.1');
    expect(m.requirements.find((r) => r.id === 'R7')?.deprecated?.useInstead).toBe('`R1`, read the whole tree');
    // Nothing else is deprecated, and the additive RFC says so in its changes.
    expect(m.roles.filter((r) => r.deprecated).map((r) => r.name)).toEqual(['Cell']);
    expect(m.rfcs.at(-1)?.changes.filter((c) => c.rule === 'deprecated').map((c) => c.subject)).toEqual(['Element.url', 'R7', 'attribute author', 'operation locate', 'role Cell']);
  },
  'rename-role-with-alias': (m) => {
    expect(role(m, 'Page')).toBeUndefined();
    expect(role(m, 'Document')?.aliases).toEqual([{ name: 'Page', version: '0.3.0', source: expect.objectContaining({ document: 'RFC-0002', line: 19 }) }]);
    // Breaking only for the Apple role that moved: the role itself is renamed, not removed.
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}`)).toEqual([
      'breaking mapping-changed Apple AXPage',
      'additive mapping-added role Document',
      'additive deprecated role Page',
    ]);
  },
  'rename-role-twice': (m) => {
    // Page became Document, then Document became Screen: Page is not dropped with Document, it reads as Screen too.
    expect(role(m, 'Document')).toBeUndefined();
    expect(role(m, 'Screen')?.aliases).toEqual([
      { name: 'Page', version: '0.3.0', source: expect.objectContaining({ document: 'RFC-0002', line: 19 }) },
      { name: 'Document', version: '0.4.0', source: expect.objectContaining({ document: 'RFC-0003', line: 23 }) },
    ]);
    expect(m.rfcs.at(-1)?.changes.filter((c) => c.rule === 'deprecated' || c.rule === 'role-removed').map((c) => c.subject)).toEqual(['role Document']);
  },
  'move-apple-role': (m) => {
    expect(appleTo(m, 'TabGroup')).toBe('Group');
    expect(role(m, 'Window')?.covers).toEqual(['Sheet', 'Drawer', 'Popover']);
    expect(role(m, 'Window')?.coversNote).toBe('A pane says so in the subrole');
    expect(role(m, 'Group')?.covers).toContain('TabGroup');
  },
  'second-requirement-on-a-rule': (m) => {
    expect(m.requirements.filter((r) => r.rule === 'state-reachable').map((r) => r.id)).toEqual(['R6', 'R9']);
  },
  'remove-requirement-operation-attribute': (m, real) => {
    expect(m.requirements.map((r) => r.id)).toEqual(real.requirements.map((r) => r.id).filter((id) => id !== 'R7'));
    expect(m.operations.map((o) => o.name)).toEqual(['current']);
    expect(m.attributes.map((a) => a.name)).toEqual(['related']);
    const element = m.types.find((t) => t.name === 'Element');
    expect(element?.kind === 'record' && element.fields.map((f) => f.name)).toEqual(
      (real.types.find((t) => t.name === 'Element') as { fields: { name: string }[] }).fields.map((f) => f.name).filter((n) => n !== 'url' && n !== 'focused'),
    );
    // The state goes with its field; the other states stay as they were.
    expect(m.states.map((st) => st.field)).toEqual(['selected', 'visible']);
    expect(m.removed.filter((r) => r.version === '0.3.0').map((r) => `${r.kind} ${r.from}.${r.name}`)).toEqual([
      'requirement Requirements.R7', 'operation Operations.locate', 'attribute Attributes.author', 'field Element.url', 'field Element.focused',
    ]);
    // Each has its own kind of change; none is a name an answer held that a provider must stop sending.
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.rule} ${c.subject}`)).toEqual([
      'field-removed Element.focused', 'field-removed Element.url', 'requirement-removed R7', 'attribute-removed attribute author', 'operation-removed operation locate', 'state-removed state focused',
    ]);
  },
  'remove-unique-id': (m, real) => {
    expect(m.requirements.map((r) => r.id)).toEqual(real.requirements.map((r) => r.id).filter((id) => id !== 'R4'));
    // `—` in Replaced by: nothing replaced it.
    expect(m.removed.filter((r) => r.version === '0.3.0')).toEqual([expect.objectContaining({ name: 'R4', from: 'Requirements', kind: 'requirement', replacedBy: null })]);
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)).toEqual(['breaking requirement-removed R4: Requirement R4 removed']);
  },
  'rejected-and-withdrawn': (m) => {
    // Only the counted RFC changed the model; the closed ones are read, and give no warning.
    expect(m.rfcs.map((r) => r.id)).toEqual(['RFC-0001', 'RFC-0002']);
    expect(m.protocolVersion).toBe('0.2.1');
    expect((m.types.find((t) => t.name === 'Related') as { fields: { name: string }[] }).fields.map((f) => f.name)).toEqual(['relation', 'id', 'url', 'label']);
  },
  'restate-keeps-since': (m, real) => {
    const since = <T extends { since: string }>(list: T[], pick: (x: T) => boolean) => list.find(pick)?.since;
    const related = (x: CanonicalModel) => (x.types.find((t) => t.name === 'Related') as { fields: { name: string; since: string; meaning: string }[] }).fields;
    // Restated rows take the new wording and keep the version they came in; new rows carry this RFC's version.
    expect(related(m).find((f) => f.name === 'url')).toMatchObject({ since: '0.2.0', meaning: 'An address, restated' });
    expect(since(related(m), (f) => f.name === 'label')).toBe('0.2.1');
    expect(related(m).map((f) => f.name)).toEqual([...related(real).map((f) => f.name), 'label']);
    expect(since(m.types, (t) => t.name === 'Related')).toBe('0.2.0');
    expect(m.attributes.find((a) => a.name === 'author')).toMatchObject({ since: '0.2.0', meaning: 'Who wrote the thing, restated' });
    expect(since(m.attributes, (a) => a.name === 'language')).toBe('0.2.1');
    expect(since(m.roles, (r) => r.name === 'Image')).toBe('0.2.0');
    expect(m.roles.find((r) => r.name === 'Chart')).toMatchObject({ since: '0.2.1', kind: 'Pictures and pages', appleName: false, covers: [] });
    expect(m.roleKinds.find((k) => k.name === 'Pictures and pages')?.roles).toEqual(['Image', 'Page', 'Chart']);
    // A role restated in its own kind keeps its place and its Apple claims.
    expect(m.roles.find((r) => r.name === 'Image')).toMatchObject({ appleName: real.roles.find((r) => r.name === 'Image')?.appleName, covers: real.roles.find((r) => r.name === 'Image')?.covers });
    expect(m.operations.find((o) => o.name === 'locate')).toMatchObject({ since: '0.2.0', takes: 'string', returns: null });
    expect(since(m.operations, (o) => o.name === 'peek')).toBe('0.2.1');
    expect(m.requirements.find((r) => r.id === 'R7')).toMatchObject({ since: '0.2.0', requirement: 'Restated', checkable: false, rule: null });
    expect(since(m.requirements, (r) => r.id === 'R9')).toBe('0.2.1');
    expect(m.appleRoles).toEqual(real.appleRoles);
  },
  'move-role-to-another-kind': (m, real) => {
    expect(m.protocolVersion).toBe(real.protocolVersion);
    expect(m.roleKinds.find((k) => k.name === 'Containers')?.roles).toEqual(['Group', 'List', 'Table', 'Image']);
    expect(m.roleKinds.find((k) => k.name === 'Pictures and pages')?.roles).toEqual(['Page']);
    expect(m.roles.find((r) => r.name === 'Image')).toMatchObject({ kind: 'Containers', since: '0.2.0' });
    expect(m.roles.map((r) => r.name).sort()).toEqual(real.roles.map((r) => r.name).sort());
    expect(m.notReported.find((n) => n.name === 'controls')?.reason).toBe('A provider does not report controls, restated');
    expect(m.notReported.map((n) => n.name)).toEqual(real.notReported.map((n) => n.name));
    expect(m.rfcs.at(-1)?.changes.map((c) => c.rule).sort()).toEqual(['role-moved']);
  },
  'checkable-without-rule': (m) => {
    expect(m.requirements.filter((r) => r.id === 'R9' || r.id === 'R10').map((r) => [r.id, r.checkable, r.rule])).toEqual([['R9', true, null], ['R10', false, null]]);
  },
  'reorder-roles': (m, real) => {
    // The kinds and the roles a Kind table restates take its order, in the places they held; nothing else moves.
    expect(m.roleKinds.map((k) => k.name)).toEqual(['Containers', 'The app and its windows', 'Entries', 'Text', 'Pictures and pages', 'Added by this protocol']);
    expect(m.roles.map((r) => r.name)).toEqual(['Table', 'List', 'Group', 'Application', 'Window', 'Row', 'Cell', 'Text', 'Heading', 'Link', 'Image', 'Page', 'Document']);
    expect(m.protocolVersion).toBe(real.protocolVersion);
    expect(m.appleRoles).toEqual(real.appleRoles);
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)).toEqual([
      'editorial roles-reordered role kinds: The kinds of roles are in another order: Containers, The app and its windows, were The app and its windows, Containers',
      'editorial roles-reordered roles of Containers: The roles of Containers are in another order: Table, List, Group, were Group, List, Table',
    ]);
  },
  'reorder-fields': (m) => {
    const fields = (type: string) => (m.types.find((t) => t.name === type) as { fields: { name: string; since: string }[] }).fields;
    expect(fields('Related').map((f) => f.name)).toEqual(['url', 'id', 'relation']);
    // Only the two rows the table restates trade places.
    expect(fields('Element').map((f) => f.name)).toEqual(['id', 'role', 'title', 'subrole', 'content', 'url', 'selected', 'focused', 'visible', 'children', 'attributes']);
    expect(fields('Element').every((f) => f.since === '0.2.0')).toBe(true);
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)).toEqual([
      'editorial fields-reordered fields of Element: The fields of Element are in another order: title, subrole, were subrole, title',
      'editorial fields-reordered fields of Related: The fields of Related are in another order: url, id, relation, were relation, id, url',
    ]);
  },
  'reorder-other-tables': (m, real) => {
    // Each table's restated rows take its order; nothing else changes, and the version stays.
    expect(m.protocolVersion).toBe(real.protocolVersion);
    expect(m.operations.map((o) => o.name)).toEqual(['locate', 'current']);
    expect(m.attributes.map((a) => a.name)).toEqual(['related', 'author']);
    expect(m.requirements.map((r) => r.id)).toEqual(['R2', 'R1', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8']);
    expect(role(m, 'Window')?.covers).toEqual(['Drawer', 'Sheet', 'Popover', 'TabGroup']);
    expect(m.notReported.map((n) => n.name)).toEqual(['menus', 'controls', ...real.notReported.map((n) => n.name).slice(2)]);
    expect(m.operations.every((o) => o.since === '0.2.0')).toBe(true);
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)).toEqual([
      'editorial attributes-reordered attributes: The reserved attributes are in another order: related, author, were author, related',
      'editorial not-reported-reordered classes not reported: The classes not reported are in another order: menus, controls, were controls, menus',
      'editorial covers-reordered covers of Window: The Apple roles Window also covers are in another order: Drawer, Sheet, were Sheet, Drawer',
      'editorial operations-reordered operations: The operations are in another order: locate, current, were current, locate',
      'editorial requirements-reordered requirements: The requirements are in another order: R2, R1, were R1, R2',
    ]);
  },
  'reorder-enum-values': (m) => {
    const orientation = m.types.find((t) => t.name === 'Orientation');
    expect(orientation?.kind === 'enum' && orientation.values.map((v) => `${v.value} ${v.since}`)).toEqual(['vertical 0.2.1', 'horizontal 0.2.1']);
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)).toEqual([
      'editorial values-reordered values of Orientation: The values of Orientation are in another order: vertical, horizontal, were horizontal, vertical',
    ]);
  },
  'reorder-requirements-on-one-rule': (m) => {
    expect(m.requirements.filter((r) => r.rule === 'state-reachable').map((r) => r.id)).toEqual(['R9', 'R6']);
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)).toEqual([
      'editorial requirements-reordered requirements: The requirements are in another order: R9, R7, R8, R6, were R6, R7, R8, R9',
      'breaking rule-requirement-changed rule state-reachable: The findings of rule state-reachable name R9, named R6',
    ]);
    // Every checker names the findings after the first requirement on the rule: the vectors say R9 now.
    const reachable = buildVectors(m, [m.protocolVersion]).flatMap((v) => v.findings).filter((f) => f.rule === 'state-reachable');
    expect(reachable.length).toBeGreaterThan(0);
    expect(new Set(reachable.map((f) => f.requirement))).toEqual(new Set(['R9']));
  },
  'two-rfcs-one-version': (m, real) => {
    // RFC-0002 restates RFC-0001's step, so both make 0.2.0, and what RFC-0002 adds comes in 0.2.0.
    expect(m.protocolVersion).toBe('0.2.0');
    expect(m.rfcs.map((r) => [r.id, r.effect, r.from, r.version])).toEqual([['RFC-0001', 'breaking', '0.1.0', '0.2.0'], ['RFC-0002', 'breaking', '0.1.0', '0.2.0']]);
    const element = m.types.find((t) => t.name === 'Element') as { fields: { name: string; since: string }[] };
    expect(element.fields.find((f) => f.name === 'note')?.since).toBe('0.2.0');
    expect(m.roles.find((r) => r.name === 'Chart')).toMatchObject({ since: '0.2.0', kind: 'Pictures and pages' });
    // 0.2.0's changes from 0.1 are listed once, each with the first RFC that made it: Chart is RFC-0002's.
    const [first, second] = m.rfcs;
    expect(second?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}`)).toEqual(['additive role-added role Chart']);
    expect(first?.changes.map((c) => c.subject)).not.toContain('role Chart');
    expect(first?.changes.length).toBe((real.rfcs[0]?.changes.length ?? 0));
  },
  'two-rfcs-released-together': (m) => {
    // Released together, each stamped: neither is a late RFC for a released version.
    expect(m.rfcs.map((r) => [r.id, r.version, r.metadata['Released in']])).toEqual([['RFC-0001', '0.2.0', '0.2.0'], ['RFC-0002', '0.2.0', '0.2.0 (2026-12-04)']]);
  },
  'amend-unreleased-rfc': (m) => {
    const type = (name: string) => m.types.find((t) => t.name === name) as { since: string; fields: { name: string; since: string; type: unknown }[] };
    expect(m.protocolVersion).toBe('0.2.1');
    expect(m.rfcs.slice(1).map((r) => [r.id, r.effect, r.from, r.version])).toEqual([['RFC-0002', 'additive', '0.2.0', '0.2.1'], ['RFC-0003', 'additive', '0.2.0', '0.2.1']]);
    // The field and its record share the version they first appear in together.
    expect(type('Element').fields.find((f) => f.name === 'shortcut')).toMatchObject({ since: '0.2.1', type: { kind: 'named', name: 'Shortcut' } });
    expect(type('Shortcut').since).toBe('0.2.1');
    // hint came and went in 0.2.1: no version held it, so nothing records its removal.
    expect(type('Element').fields.map((f) => f.name)).not.toContain('hint');
    expect(m.removed.filter((r) => r.name === 'hint')).toEqual([]);
    // 0.2.1's changes from 0.2.0, once: additive, with no trace of the string shortcut that never was released.
    expect(m.rfcs.slice(1).map((r) => r.changes.map((c) => `${c.class} ${c.rule} ${c.subject}`))).toEqual([['additive field-added Element.shortcut'], ['additive type-added Shortcut']]);
  },
  'step-to-one': (m, real) => {
    expect(m.rfcs.map((r) => r.version)).toEqual(['0.2.0', '1.0.0', '1.1.0']);
    expect(m.protocolVersion).toBe('1.1.0');
    // The rule for 0.x stands as RFC-0001 published it; 1.0.0 only moves to its other column.
    expect(m.versioning).toEqual(real.versioning);
    const element = m.types.find((t) => t.name === 'Element') as { fields: { name: string; since: string }[] };
    expect(element.fields.find((f) => f.name === 'note')?.since).toBe('1.1.0');
  },
  'step-to-one-additive': (m, real) => {
    // Declared Breaking, with only an addition: the class it states is what 1.0.0 is, and the next additive step is
    // the "From 1.0" column's (minor).
    expect(m.rfcs.map((r) => `${r.id} ${r.effect} ${r.from} ${r.version}`)).toEqual(['RFC-0001 breaking 0.1.0 0.2.0', 'RFC-0002 breaking 0.2.0 1.0.0', 'RFC-0003 additive 1.0.0 1.1.0']);
    expect(m.rfcs[1]?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}`)).toEqual(['additive field-added Element.note']);
    expect(m.versioning).toEqual(real.versioning);
    // A breaking step ends what a package reads of older versions: 1.0.0's answers are read by 1.1.0, 0.2.0's not.
    expect(specData(m).readsAlso).toEqual(['1.0.0']);
  },
  'step-to-one-declared': (m, real) => {
    expect(m.protocolVersion).toBe('1.0.0');
    expect(m.rfcs.at(-1)).toMatchObject({ effect: 'breaking', from: '0.2.0', changes: [] });
    expect(m.types).toEqual(real.types);
  },
  'required-fields-with-example': (m) => {
    // RFC-0001's example lacks the new required fields: the README example is RFC-0002's, the newest that is an answer.
    expect(currentExample(m)?.source.document).toBe('RFC-0002');
    const example = readmeExample(m);
    expect('missing' in example ? example.missing : JSON.parse(example.answer)).toMatchObject({ protocol: '0.3.0', app: 'Planner', root: { title: 'Planner' } });
  },
  'readme-example-without-deprecated': (m) => {
    // RFC-0002's example is newer, but uses url, which RFC-0003 deprecated: the README takes RFC-0001's, which gets
    // no finding, and prints no findings for it.
    expect(currentExample(m)?.source.document).toBe('RFC-0001');
    const example = readmeExample(m);
    expect('missing' in example ? example.missing : example.output).toBe('answer.json: no findings\n7 elements\n');
  },
  'additive-released-over-unreleased': (m) => {
    // 0.2.0 was never released and 0.2.1 only added a field: an answer of 0.2.0 is read by 0.2.1's rules, no error.
    expect(specData(m).readsAlso).toEqual(['0.2.0']);
    const vector = buildVectors(m, ['0.2.1']).find((v) => v.name === 'example-rfc-0001-3');
    expect(vector).toMatchObject({ input: { protocol: '0.2.0' }, findings: [] });
  },
  'enum-field': (m) => {
    const orientation = m.types.find((t) => t.name === 'Orientation');
    expect(orientation).toMatchObject({ kind: 'enum', since: '0.2.1', meaning: 'Which way a container lays out its children' });
    expect(orientation?.kind === 'enum' && orientation.values.map((v) => [v.value, v.meaning, v.since])).toEqual([
      ['horizontal', 'Side by side, in reading order', '0.2.1'],
      ['vertical', 'One above the other, top first', '0.2.1'],
    ]);
    const element = m.types.find((t) => t.name === 'Element');
    expect(element?.kind === 'record' && element.fields.find((f) => f.name === 'orientation')).toMatchObject({ type: { kind: 'named', name: 'Orientation' }, required: false });
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}`)).toEqual(['additive field-added Element.orientation', 'additive type-added Orientation']);
  },
  'enum-values-change': (m) => {
    const orientation = m.types.find((t) => t.name === 'Orientation');
    // A value added goes last; a restated one keeps its place and version; a removed one is gone.
    expect(orientation?.kind === 'enum' && orientation.values.map((v) => `${v.value} ${v.since} ${v.meaning}`)).toEqual([
      'horizontal 0.2.1 Side by side, in reading order, restated',
      'diagonal 0.2.2 Corner to corner',
    ]);
    const changes = (id: string) => m.rfcs.find((r) => r.id === id)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}`);
    expect(changes('RFC-0003')).toEqual(['additive enum-value-added Orientation.diagonal', 'editorial wording-changed Orientation.horizontal']);
    // Removing a value is breaking, and only enum-value-removed says so (no name-removed beside it).
    expect(changes('RFC-0004')).toEqual(['breaking enum-value-removed Orientation.vertical']);
    expect(m.protocolVersion).toBe('0.3.0');
    // The removed value is recorded as what it is, with its row and what replaced it.
    expect(m.removed.filter((r) => r.version === '0.3.0').map((r) => `${r.kind} ${r.from}.${r.name} ${r.replacedBy} ${r.source.document}:${r.source.line}`)).toEqual([
      'value Orientation.vertical `diagonal` RFC-0004:15',
    ]);
  },
  'reword-type': (m, real) => {
    // A restated Types row takes its new Meaning, and diff says so: the type is reworded, editorially, not in silence.
    expect(m.types.find((t) => t.name === 'Related')?.meaning).toBe('A link from one element to another thing, other than containment');
    expect(m.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)).toEqual(['editorial wording-changed Related: The meaning of Related was reworded']);
    expect((m.types.find((t) => t.name === 'Related') as { fields: unknown[] }).fields).toEqual((real.types.find((t) => t.name === 'Related') as { fields: unknown[] }).fields);
  },
  'draft-with-problems': (m, real) => {
    expect(m.protocolVersion).toBe(real.protocolVersion);
    expect(m.types).toEqual(real.types);
  },
};

/** Every role's list and the Apple table say the same mapping. */
function expectMappingAgrees(m: CanonicalModel): void {
  const fromRoles = new Map<string, string>();
  for (const r of m.roles) {
    if (r.appleName) fromRoles.set(r.name, r.name);
    for (const c of r.covers) fromRoles.set(c, r.name);
  }
  const fromTable = new Map(m.appleRoles.filter((a) => a.role !== null).map((a) => [a.name, a.role as string]));
  expect(fromTable).toEqual(fromRoles);
  const names = new Set(m.roles.map((r) => r.name));
  for (const a of m.appleRoles) if (a.role !== null) expect(names).toContain(a.role);
}

describe('revision forms and slips: each reads into the expected model or the expected located diagnostics', () => {
  for (const name of readdirSync(FIXTURES).sort()) {
    it(name, async () => {
      const folder = join(FIXTURES, name);
      const s = await specWithFixture(folder);
      try {
        // With the records a fixture's recorded.json writes (none otherwise), as generate reads them.
        const { model, diagnostics } = await assembleModel(await readSpecFiles(s.spec, s.out));
        const actual: Expected = {
          builds: model !== null,
          diagnostics: diagnostics.items.map(({ severity, ruleId, file, line, column, message }) => ({ severity, ruleId, file, line, column, message })),
        };
        await expectMatchesGolden(join(folder, 'expected.json'), actual, name);
        if (!model) return;
        expectMappingAgrees(model);
        MODEL_CHECKS[name]?.(model, await realModel());
      } finally {
        await s.dispose();
      }
    }, 60_000);
  }
});

describe('revision forms and slips: every target emits each model that builds, and the CLI never ends in exit 3', () => {
  /** A diagnostic as expected.json pins it, as one comparable line, so two lists compare in any order. */
  const line = (d: Expected['diagnostics'][number]) => JSON.stringify([d.severity, d.ruleId, d.file, d.line, d.column, d.message]);
  for (const name of readdirSync(FIXTURES).sort()) {
    it(name, async () => {
      const folder = join(FIXTURES, name);
      const s = await specWithFixture(folder);
      try {
        const expected = JSON.parse(readFileSync(join(folder, 'expected.json'), 'utf8')) as Expected;
        // What generate does before it writes: every target emits the model that built, adding no diagnostic of
        // its own to the reader's (a target that cannot emit it says so here, by name).
        const generated = await generateInMemory(s.spec, s.out);
        expect(generated.model !== null).toBe(expected.builds);
        expect(generated.diagnostics.map(line).sort()).toEqual(expected.diagnostics.map(line).sort());
        if (expected.builds) expect(generated.files).not.toHaveLength(0);
        // The CLI agrees with the verdict: exit 1 on errors, never 3 (a spec that builds is written by generate's
        // writer, which test/cli/build.test.ts and test/cli/cli.test.ts run).
        else expect(await main(['generate', '--spec', s.spec, '--out', s.out], quiet)).toBe(1);
      } finally {
        await s.dispose();
      }
    }, 60_000);
  }
});

describe('a requirement checkable from outside, with no checker rule', () => {
  it('is counted apart in the reference and the TypeScript README, not as one that cannot be checked', async () => {
    const s = await specWithFixture(join(FIXTURES, 'checkable-without-rule'));
    try {
      const { model, versions } = await assembleModel(await readSpecFiles(s.spec));
      const out = await emitAll(model as CanonicalModel, { regenerate: 'x', versions }, ['conformance', 'docs', 'typescript']);
      const file = (path: string) => out.files.find((f) => f.path === path)?.contents ?? '';
      expect(file('docs/conformance.md')).toContain('6 of 10 are implemented; [R9](#r9) can be checked from outside, but no checker rule checks it yet;');
      expect(file('docs/conformance.md')).toMatch(/\| \[R9\]\(#r9\) \|.*\| not yet \| — \|/);
      expect(file('docs/conformance.md')).toMatch(/\| \[R10\]\(#r10\) \|.*\| no \| — \|/);
      expect(file('typescript/README.md')).toContain('every requirement a checker rule checks\n  (R1, R2, R3, R4, R6, R8); R9 can be checked from outside, but no checker rule checks it yet.');
    } finally {
      await s.dispose();
    }
  });
});

describe('two requirements on one checker rule', () => {
  it('the vectors and the generated TypeScript checker both name the first of them', async () => {
    const s = await specWithFixture(join(FIXTURES, 'second-requirement-on-a-rule'));
    try {
      expect(await main(['generate', '--spec', s.spec, '--out', s.out], quiet)).toBe(0);
      const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
      const index = JSON.parse(readFileSync(join(s.out, 'conformance/index.json'), 'utf8')) as { vectors: string[] };
      let compared = 0;
      for (const name of index.vectors) {
        const vector = JSON.parse(readFileSync(join(s.out, 'conformance/vectors', `${name}.json`), 'utf8'));
        const found = sdk.check(vector.input).map(({ requirement, rule, severity, elementId, path }: Record<string, unknown>) => ({ requirement, rule, severity, elementId, path }));
        expect(found, name).toEqual(vector.findings);
        compared += vector.findings.filter((f: { requirement: string }) => f.requirement === 'R6').length;
      }
      expect(compared).toBeGreaterThan(0);
    } finally {
      await s.dispose();
    }
  }, 120_000);
});

describe('a README example with deprecated names, when no RFC example of the version is free of them', () => {
  it("prints what the generated checker prints for it, in the README and in the example's tests", async () => {
    const s = await specWithFixture(join(FIXTURES, 'deprecate-what-the-example-uses'));
    try {
      expect(await main(['generate', '--spec', s.spec, '--out', s.out], quiet)).toBe(0);
      const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
      const { model } = await assembleModel(await readSpecFiles(s.spec));
      const example = readmeExample(model as CanonicalModel);
      if ('missing' in example) throw new Error(example.missing);
      // The oracle: the generated TypeScript validator on the answer, as the README's describe.mjs runs it.
      const findings = sdk.validateText(example.answer);
      const real = `${sdk.formatFindings(findings, example.file)}${sdk.effectiveElements(sdk.parseAnswer(example.answer).answer).length} elements\n`;
      expect(findings.length).toBe(6);
      expect(example.output).toBe(real);
      expect(example.output).toContain('\n  /root/children/0/children/0/children/0/children/0/role (element "sel-4")\n    warning "Text" is deprecated since 0.2.1; use Group  deprecated-name\n');
      const read = (path: string) => readFileSync(join(s.out, path), 'utf8');
      // Every README prints it, and every binding's own README test holds its example to the warnings.
      for (const b of BINDINGS) {
        expect(read(`${b.outDir}/README.md`), b.name).toContain(`\`\`\`text\n${real}\`\`\``);
        if (b.readmeExample) expect(read(b.readmeExample), b.name).toContain('0 errors, 6 warnings');
      }
    } finally {
      await s.dispose();
    }
  }, 120_000);
});

describe("an enum's value in a Deprecated table", () => {
  it('is refused at its row with a hint that names what to do instead', async () => {
    const s = await specWithFixture(join(FIXTURES, 'deprecate-enum-value'));
    try {
      const { diagnostics } = await assembleModel(await readSpecFiles(s.spec));
      const [refused, ...rest] = diagnostics.items;
      expect(rest).toEqual([]);
      expect(refused?.hint).toMatch(/restate its Value row.*send horizontal instead.*a Removed row whose From is Orientation/);
    } finally {
      await s.dispose();
    }
  });
});

describe('a value taken out of an enum, in what generate writes', () => {
  it('the types page and the migration page list it; the bindings\' data leaves it to the enum\'s own list', async () => {
    const s = await specWithFixture(join(FIXTURES, 'enum-values-change'));
    try {
      const { model, versions } = await assembleModel(await readSpecFiles(s.spec));
      const out = await emitAll(model as CanonicalModel, { regenerate: 'x', versions }, ['docs', 'typescript']);
      const file = (path: string) => out.files.find((f) => f.path === path)?.contents ?? '';
      const migration = file('docs/migrating-from-0.2.2.md');
      expect(migration).toContain('## Values no longer in an enum');
      expect(migration).toMatch(/^\| `vertical` \| \[`Orientation`\]\(element\.md#orientation\) \| `diagonal` \|/m);
      // Not among the names whose sending fails the checker: a value outside its enum is a warning.
      expect(migration).not.toMatch(/^## Orientation$/m);
      const types = file('docs/element.md');
      const enumSection = types.slice(types.indexOf('Orientation'));
      expect(enumSection).toMatch(/`vertical`.*0\.3\.0/);
      expect(specData(model as CanonicalModel).removed.map((r) => r.name)).not.toContain('vertical');
    } finally {
      await s.dispose();
    }
  }, 60_000);
});

describe('removing a requirement, an operation or a reserved attribute, in what generate writes', () => {
  const generated = async (name: string) => {
    const s = await specWithFixture(join(FIXTURES, name));
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], quiet)).toBe(0);
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    const read = (path: string) => readFileSync(join(s.out, path), 'utf8');
    const vectors = (JSON.parse(read('conformance/index.json')) as { vectors: string[] }).vectors.map((v) => JSON.parse(read(`conformance/vectors/${v}.json`)));
    return { s, sdk, read, vectors };
  };
  const answer = (children: unknown[]) => ({ protocol: '0.3.0', instance: 'i', root: { id: 'app', role: 'Application', children } });

  it('a removed rule is no longer checked, and its vectors go with it', async () => {
    const { s, sdk, vectors } = await generated('remove-unique-id');
    try {
      expect(sdk.check(answer([{ id: 'a', role: 'Row' }, { id: 'a', role: 'Row' }]))).toEqual([]);
      expect(vectors.map((v) => v.name)).not.toContain('unique-id-repeat');
      expect(vectors.flatMap((v) => v.findings).filter((f: { rule: string }) => f.rule === 'unique-id')).toEqual([]);
      // No name an answer held: the binding's data lists only names a checker reports.
      expect(sdk.SPEC.removed.map((r: { name: string }) => r.name)).not.toContain('R4');
    } finally {
      await s.dispose();
    }
  }, 120_000);

  it('a removed reserved attribute is reported where it stands; the migration page says each removal in its own words', async () => {
    const { s, sdk, read, vectors } = await generated('remove-requirement-operation-attribute');
    try {
      expect(sdk.check(answer([{ id: 'a', role: 'Row', attributes: { author: 'Ada', note: 'kept' } }])).map((f: Record<string, unknown>) => `${f.rule} ${f.severity} ${f.path}: ${f.message}`)).toEqual([
        'structure error /root/children/0/attributes/author: "author" was removed in 0.3.0; use An attribute of the app\'s choosing',
      ]);
      expect(vectors.find((v) => v.name === 'removed-attributes-author')).toMatchObject({ strictValid: false, findings: [{ rule: 'structure', severity: 'error', path: '/root/children/0/attributes/author' }] });
      expect(sdk.SPEC.removed.filter((r: { version: string }) => r.version === '0.3.0').map((r: { name: string }) => r.name)).toEqual(['author', 'url', 'focused']);
      const migration = read('docs/migrating-from-0.2.md');
      expect(migration).toContain('## Requirements no longer checked');
      expect(migration).toContain('- `R7`, replaced by Nothing');
      expect(migration).toContain('## Operations no longer offered');
      expect(migration).not.toMatch(/^\| `(R7|locate)` \|/m);
      expect(migration).toMatch(/^\| `author` \|/m);
      expect(read('docs/rfcs/rfc-0002.md')).not.toContain('name-removed');
    } finally {
      await s.dispose();
    }
  }, 120_000);
});
