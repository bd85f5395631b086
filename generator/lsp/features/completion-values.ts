import { RULES } from '../../diagnostics/codes.js';
import { CHECK_RULES } from '../../model/check-rules.js';
import { bump } from '../../model/fold/index.js';
import type { CanonicalModel } from '../../model/types.js';
import { PRIMITIVES } from '../../read/cells.js';
import {
  CONTENT_CLASS,
  ROLE_RULE_PHRASES,
  type TableKind,
  TYPE_KINDS,
  VERSION_CHANGES,
  VERSION_PARTS,
} from '../../read/signatures.js';
import { versioningOf } from './model-of.js';
import type { NameIndex, NameKind } from './name-index.js';

/** A value a cell may hold: the text to insert, what it is, and whether it is written as code. */
export interface Value {
  text: string;
  what: string;
  code: boolean;
}

/** What a cell of the spec may hold, read from the model, the index of the spec's tables and the toolchain's tables. */
export interface Sources {
  model: CanonicalModel | null;
  index: NameIndex;
  /** The RFC the cursor is in: its number, for the version it steps from; null in another file. */
  rfcNumber: number | null;
  /** The section numbers of the file, for a Types row's Section. */
  sections: string[];
}

const ABSENT = '—';
const unique = (values: Value[]) => [...new Map(values.map((v) => [v.text, v])).values()];
const code = (names: Iterable<string>, what: string): Value[] => [...names].map((text) => ({ text, what, code: true }));
const plain = (names: Iterable<string>, what: string): Value[] =>
  [...names].map((text) => ({ text, what, code: false }));

/** The names the spec defines as `kind`: the model's, and those of rows written since it last built. */
export function namesOf(src: Sources, kind: NameKind): string[] {
  const m = src.model;
  const fromModel: Record<NameKind, () => string[]> = {
    type: () => m?.types.map((t) => t.name) ?? [],
    field: () => m?.types.flatMap((t) => (t.kind === 'record' ? t.fields.map((f) => f.name) : [])) ?? [],
    value: () => m?.types.flatMap((t) => (t.kind === 'enum' ? t.values.map((v) => v.value) : [])) ?? [],
    role: () => m?.roles.map((r) => r.name) ?? [],
    appleRole: () => m?.appleRoles.map((a) => a.name) ?? [],
    attribute: () => m?.attributes.map((a) => a.name) ?? [],
    requirement: () => m?.requirements.map((r) => r.id) ?? [],
    operation: () => m?.operations.map((o) => o.name) ?? [],
    state: () => m?.states.map((s) => s.field) ?? [],
    status: () => [],
  };
  return [
    ...new Set([...fromModel[kind](), ...src.index.definitions.filter((d) => d.kind === kind).map((d) => d.name)]),
  ];
}

/** Type notation: the primitives, every type, and a list of each. */
function typeNotations(src: Sources): Value[] {
  const names = [...PRIMITIVES, ...namesOf(src, 'type')];
  return [
    ...code(names, 'type'),
    ...code(
      names.map((n) => `${n}[]`),
      'list type',
    ),
  ];
}

/** The Version effect forms an RFC may state: each class, from the version before this RFC to the one it makes. */
export function effectForms(src: Sources): Value[] {
  const rules = versioningOf(src.model, src.index.files);
  const before =
    (src.model?.rfcs ?? []).filter((r) => src.rfcNumber === null || r.number < src.rfcNumber).at(-1)?.version ?? null;
  const forms: Value[] = [];
  for (const change of VERSION_CHANGES) {
    const word = `${change[0]?.toUpperCase()}${change.slice(1)}`;
    const to = before ? bump(before, change, rules) : null;
    if (to === before || !before) forms.push({ text: word, what: `Version effect: ${change}`, code: false });
    else if (to) forms.push({ text: `${word}: ${before} to ${to}`, what: `Version effect: ${change}`, code: false });
  }
  // Before 1.0 a breaking change may name 1.0.0 instead (the step that makes the protocol stable).
  if (before?.startsWith('0.'))
    forms.push({
      text: `${VERSION_CHANGES[0][0]?.toUpperCase()}${VERSION_CHANGES[0].slice(1)}: ${before} to 1.0.0`,
      what: 'Version effect: the step to 1.0.0',
      code: false,
    });
  return forms;
}

/** A metadata row's values, by its key; the keys themselves, from the RFCs' metadata tables. */
function metadataValues(src: Sources, column: number, key: string): Value[] {
  const rfcs = src.model?.rfcs ?? [];
  if (column === 0) return plain(new Set(rfcs.flatMap((r) => Object.keys(r.metadata))), 'metadata row');
  const statuses = src.index.definitions.filter((d) => d.kind === 'status');
  const byKey: Record<string, () => Value[]> = {
    Status: () => statuses.map((d) => ({ text: d.name, what: `status: ${d.row[3]?.plain ?? ''}`, code: false })),
    'Version effect': () => effectForms(src),
    'Released in': () => plain([ABSENT], 'not released'),
  };
  return byKey[key]?.() ?? [];
}

/** What a column of a table kind holds. */
export function valuesFor(src: Sources, kind: TableKind, column: number, key: string): Value[] {
  const roles = () => code(namesOf(src, 'role'), 'role');
  const types = () => code(namesOf(src, 'type'), 'type');
  const any = () => [
    ...types(),
    ...roles(),
    ...code(namesOf(src, 'field'), 'field'),
    ...code(namesOf(src, 'attribute'), 'attribute'),
    ...plain(namesOf(src, 'requirement'), 'requirement'),
    ...code(namesOf(src, 'operation'), 'operation'),
  ];
  const table: Partial<Record<TableKind, (Value[] | (() => Value[]))[]>> = {
    types: [
      [],
      () => [...plain(src.sections, 'section'), ...plain([ABSENT], 'no section')],
      () => plain(TYPE_KINDS, 'kind'),
    ],
    fields: [[], () => typeNotations(src)],
    attributes: [[], () => typeNotations(src)],
    operations: [
      [],
      () => [...typeNotations(src), ...plain([ABSENT], 'nothing')],
      () => [...typeNotations(src), ...plain([ABSENT], 'nothing')],
    ],
    roleKinds: [() => plain(src.model?.roleKinds.map((k) => k.name) ?? [], 'kind of role'), roles],
    appleNames: [roles],
    covers: [
      roles,
      () =>
        code(
          src.model?.appleRoles.filter((a) => a.class === CONTENT_CLASS).map((a) => a.name) ??
            namesOf(src, 'appleRole'),
          "Apple's role",
        ),
    ],
    roleRules: [() => plain(Object.keys(ROLE_RULE_PHRASES), 'rule'), roles],
    removed: [any, types, () => plain([ABSENT], 'nothing replaces it')],
    deprecated: [any, types, () => [...any(), ...plain([ABSENT], 'nothing to use instead')]],
    requirements: [
      [],
      [],
      [],
      () => [...code(Object.keys(CHECK_RULES), 'checker rule'), ...plain([ABSENT], 'no checker rule')],
    ],
    versioning: [
      () => plain(VERSION_CHANGES, 'change'),
      () => plain(VERSION_PARTS, 'part'),
      () => plain(VERSION_PARTS, 'part'),
    ],
    follows: [
      () => code(src.model?.types.filter((t) => t.kind === 'external').map((t) => t.name) ?? [], 'external type'),
    ],
    appleRoles: [
      [],
      [],
      [],
      () => plain([CONTENT_CLASS, ...(src.model?.notReported.map((n) => n.name) ?? [])], 'class'),
    ],
  };
  if (kind === 'metadata') return unique(metadataValues(src, column, key));
  const found = table[kind]?.[column];
  return unique(typeof found === 'function' ? found() : (found ?? []));
}

/** Names to write in a code span of prose: every name the spec defines, checker rules and the toolchain's rule ids. */
export function proseNames(src: Sources): Value[] {
  const kinds: NameKind[] = ['type', 'role', 'field', 'attribute', 'operation', 'value', 'appleRole'];
  return unique([
    ...kinds.flatMap((k) => plain(namesOf(src, k), k)),
    ...plain(Object.keys(CHECK_RULES), 'checker rule'),
    ...plain(Object.keys(RULES), 'rule id'),
  ]);
}
