import type { Diagnostics, Place } from '../diagnostics/report.js';
import type { FieldDefault, TypeRef } from './cell-types.js';
import {
  type TypeCell,
  defaultOf,
  identifier,
  identifiers,
  isAbsent,
  type Located,
  name,
  placeOfName,
  required,
  typeCell,
  yesNo,
} from './cells.js';
import {
  ROLE_RULE_PHRASES,
  TABLE_SIGNATURES,
  VERSION_CHANGES,
  VERSION_PARTS,
  type TableKind,
  classifyTable,
  misspeltHeader,
} from './signatures.js';
import { type BodyPart, type Cell, type SpecDocument, type SpecTable, reportWideRows } from './tables.js';

export interface TypeRow {
  name: string;
  section: string | null;
  kind: string;
  meaning: string;
  place: Place;
}

export interface FieldRow {
  name: string;
  notation: string;
  type: TypeRef | null;
  required: boolean;
  meaning: string;
  default: FieldDefault | null;
  place: Place;
  typePlace: Place;
}

export interface SectionTable<Row> {
  section: string | null;
  place: Place;
  rows: Row[];
}

export interface RfcDraft {
  id: string;
  number: number;
  title: string;
  summary: string;
  file: string;
  place: Place;
  metadata: Map<string, Cell>;
  /** Whether the RFC has a metadata table at all (when it has none, that alone is said, not each missing row). */
  hasMetadataTable: boolean;
  types: TypeRow[];
  fieldTables: SectionTable<FieldRow>[];
  stateTables: SectionTable<{ field: string; reachable: boolean; path: boolean; place: Place }>[];
  removed: { name: string; from: string; replacedBy: string | null; place: Place }[];
  /** Use instead: Markdown, or null for `—`; its first code span, for an alias or a binding's replacement. */
  deprecated: {
    name: string;
    from: string;
    useInstead: string | null;
    useInsteadName: string | null;
    place: Place;
    useInsteadPlace: Place;
  }[];
  roleKinds: { kind: string; roles: Located<string>[]; place: Place }[];
  appleNames: { role: Located<string>; appleName: boolean }[];
  covers: { role: Located<string>; names: Located<string>[]; note: string | null }[];
  roleRules: { rule: 'root' | 'unknown' | 'fallback'; role: Located<string> }[];
  notReported: { name: string; reason: string; place: Place }[];
  /** An enum's values: the `Value | Meaning` table in the section its Types row names. */
  valueTables: SectionTable<{ value: string; meaning: string; place: Place }>[];
  attributeTables: SectionTable<{
    name: string;
    notation: string;
    type: TypeRef | null;
    meaning: string;
    place: Place;
    typePlace: Place;
  }>[];
  /** Takes and Returns: one type each, or null for `—`. */
  operations: { name: string; takes: TypeCell | null; returns: TypeCell | null; meaning: string; place: Place }[];
  versioning: { change: string; beforeOne: string; fromOne: string; place: Place }[];
  versionField: { type: string; field: string; place: Place } | null;
  examples: { value: unknown; section: string | null; place: Place }[];
  privacy: { subject: string; note: string; place: Place }[];
  sections: { number: string; title: string; line: number }[];
  /** The RFC's text after its title, cut at its headings, for the reference's RFC pages. */
  body: BodyPart[];
  requirements: {
    id: string;
    requirement: string;
    check: string;
    rule: string | null;
    place: Place;
    rulePlace: Place;
  }[];
  /** The version of another specification an external type follows, and the kinds it has there. */
  follows: ExternalDeclarationRow[];
}

export interface ExternalDeclarationRow {
  type: string;
  version: string;
  kinds: string[];
  place: Place;
}

const RFC_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const RFC_TITLE = /^RFC-(\d{4}):\s*(.+)$/;

/** Splits "`Sheet`, `Drawer`. A tab says so" into the names and the note after the first full stop. */
function namesAndNote(cell: Cell): { names: string[]; note: string | null } {
  const dot = cell.markdown.indexOf('. ');
  const note = dot >= 0 ? cell.markdown.slice(dot + 2).trim() : null;
  return { names: cell.codes.filter((code) => !note?.includes(`\`${code}\``)), note };
}

/**
 * Where in the file JSON.parse stopped ("... at position N"): the code starts on the line after the fence, and each
 * of its lines is indented as the fence is (inside a list item, say), which the parsed text leaves out.
 */
function placeInExample(example: { text: string; place: Place }, message: string): Place {
  const at = /position (\d+)/.exec(message);
  if (!at?.[1]) return example.place;
  const lines = example.text.slice(0, Number(at[1])).split('\n');
  return {
    file: example.place.file,
    line: example.place.line + lines.length,
    column: example.place.column + (lines.at(-1) ?? '').length,
  };
}

/** Reads every table of one RFC into a draft; problems go to `diagnostics`, and the draft keeps what was readable. */
export function extractRfc(doc: SpecDocument, baseName: string, diagnostics: Diagnostics): RfcDraft | null {
  const filePlace = { file: doc.file, line: 1, column: 1 };
  const fileMatch = RFC_FILE.exec(baseName);
  if (!fileMatch?.[1]) {
    diagnostics.error('bad-rfc-file', filePlace, 'An RFC file name must be NNNN-words.md', baseName);
    return null;
  }
  const titleMatch = doc.title ? RFC_TITLE.exec(doc.title.text) : null;
  if (!doc.title || !titleMatch?.[1] || !titleMatch[2]) {
    diagnostics.error(
      'bad-rfc-file',
      doc.title?.place ?? filePlace,
      'The RFC has no "# RFC-NNNN: Title" heading',
      doc.title?.text,
    );
    return null;
  }
  if (titleMatch[1] !== fileMatch[1]) {
    diagnostics.error(
      'bad-rfc-file',
      doc.title.place,
      `The title's number does not match the file name ${baseName}`,
      doc.title.text,
    );
  }
  const draft: RfcDraft = {
    id: `RFC-${titleMatch[1]}`,
    number: Number(titleMatch[1]),
    title: titleMatch[2],
    summary: doc.summary,
    file: doc.file,
    place: doc.title.place,
    metadata: new Map(),
    hasMetadataTable: false,
    types: [],
    fieldTables: [],
    stateTables: [],
    removed: [],
    deprecated: [],
    roleKinds: [],
    appleNames: [],
    covers: [],
    roleRules: [],
    notReported: [],
    attributeTables: [],
    valueTables: [],
    operations: [],
    versioning: [],
    versionField: null,
    requirements: [],
    examples: [],
    privacy: [],
    follows: [],
    sections: doc.sections.flatMap((s) => (s.number ? [{ number: s.number, title: s.title, line: s.place.line }] : [])),
    body: doc.body,
  };
  for (const example of doc.examples) {
    try {
      draft.examples.push({
        value: JSON.parse(example.text) as unknown,
        section: example.section?.number ?? null,
        place: example.place,
      });
    } catch (error) {
      // JSON.parse's wording differs between Node versions, so the message is ours and the place is exact.
      diagnostics.error(
        'bad-example',
        placeInExample(example, (error as Error).message),
        'The json example does not parse',
        (error as Error).message,
      );
    }
  }
  for (const table of doc.tables) {
    const classified = classifyTable(table.header);
    if (classified.kind === 'prose') continue;
    let kind: TableKind;
    if (classified.kind === 'malformed') {
      const expected = TABLE_SIGNATURES[classified.expected].join(' | ');
      diagnostics.error(
        'table-columns',
        table.place,
        `This table's columns should be: ${expected}`,
        table.header.join(' | '),
      );
      // A slip in a header is one finding: with as many columns as it should have, the rows are read as meant, so
      // the tables that name them are not reported as well (missing tables, unknown roles and types).
      if (!misspeltHeader(table.header, classified.expected)) continue;
      kind = classified.expected;
    } else kind = classified.kind;
    if (kind === 'metadata') draft.hasMetadataTable = true;
    reportWideRows(table, diagnostics);
    readTable(draft, kind, table, diagnostics);
  }
  if (!draft.hasMetadataTable) {
    diagnostics.error(
      'missing-table',
      doc.title.place,
      'The RFC has no metadata table (Field | Value) under its title',
    );
  }
  return draft;
}

function readTable(draft: RfcDraft, kind: TableKind, table: SpecTable, d: Diagnostics): void {
  const section = table.section?.number ?? null;
  const seen = new Map<string, Place>();
  /** Reports a repeated key within this table; returns false for a repeat. */
  const once = (
    key: string,
    place: Place,
    rule: 'duplicate-field' | 'duplicate-role' | 'duplicate-requirement' | 'duplicate-entry',
    what: string,
  ) => {
    const first = seen.get(key);
    if (first) {
      d.error(rule, place, `${what} is already defined at line ${first.line}`, key);
      return false;
    }
    seen.set(key, place);
    return true;
  };
  const cols = TABLE_SIGNATURES[kind];
  for (const row of table.rows) {
    const cell = (i: number) => row[i] as Cell;
    const col = (i: number) => cols[i] as string;
    switch (kind) {
      case 'metadata': {
        const key = required(cell(0), col(0), d);
        if (key !== null && once(key, cell(0).place, 'duplicate-entry', `Metadata row ${key}`))
          draft.metadata.set(key, cell(1));
        break;
      }
      case 'types': {
        const n = identifier(cell(0), col(0), d);
        const k = required(cell(2), col(2), d);
        if (n === null || k === null || !once(n, cell(0).place, 'duplicate-entry', `Type ${n}`)) break;
        draft.types.push({
          name: n,
          section: isAbsent(cell(1)) ? null : cell(1).plain,
          kind: k,
          meaning: cell(3).markdown,
          place: cell(0).place,
        });
        break;
      }
      case 'fields': {
        let tableRows = draft.fieldTables.find((t) => t.place === table.place);
        if (!tableRows) draft.fieldTables.push((tableRows = { section, place: table.place, rows: [] }));
        const n = identifier(cell(0), col(0), d);
        const typed = typeCell(cell(1), col(1), d);
        const req = yesNo(cell(2), col(2), d);
        if (n === null || typed === null || req === null) break;
        if (!once(n, cell(0).place, 'duplicate-field', `Field ${n}`)) break;
        const dflt = defaultOf(cell(3), n, d);
        tableRows.rows.push({
          name: n,
          notation: typed.notation,
          type: typed.type,
          required: req,
          meaning: cell(3).markdown,
          default: dflt ?? null,
          place: cell(0).place,
          typePlace: typed.place,
        });
        break;
      }
      case 'states': {
        let t = draft.stateTables.find((x) => x.place === table.place);
        if (!t) draft.stateTables.push((t = { section, place: table.place, rows: [] }));
        const n = identifier(cell(0), col(0), d);
        const reachable = yesNo(cell(1), col(1), d);
        const path = yesNo(cell(2), col(2), d);
        if (
          n === null ||
          reachable === null ||
          path === null ||
          !once(n, cell(0).place, 'duplicate-entry', `State ${n}`)
        )
          break;
        if (path && !reachable) {
          // A path runs down from the root, so its elements are reachable by definition; the checker relies on it.
          d.error(
            'bad-cell',
            cell(1).place,
            'A state that forms a path is reachable from the root: write yes here',
            cell(1).plain,
          );
          break;
        }
        t.rows.push({ field: n, reachable, path, place: cell(0).place });
        break;
      }
      case 'removed': {
        const n = name(cell(0), col(0), d);
        const from = name(cell(1), col(1), d);
        const by = required(cell(2), col(2), d);
        if (
          n === null ||
          from === null ||
          by === null ||
          !once(`${from}.${n}`, cell(0).place, 'duplicate-entry', `Removed name ${n}`)
        )
          break;
        // `—` (or None) says nothing replaced it, as in a Deprecated row's Use instead.
        draft.removed.push({
          name: n,
          from,
          replacedBy: isAbsent(cell(2)) ? null : cell(2).markdown,
          place: cell(0).place,
        });
        break;
      }
      case 'deprecated': {
        const n = identifier(cell(0), col(0), d);
        const from = name(cell(1), col(1), d);
        const instead = required(cell(2), col(2), d);
        if (
          n === null ||
          from === null ||
          instead === null ||
          !once(`${from}.${n}`, cell(0).place, 'duplicate-entry', `Deprecated name ${n}`)
        )
          break;
        // Or in another Deprecated table of the RFC: one name deprecated twice would be two deprecations of it.
        const earlier = draft.deprecated.find((x) => x.name === n && x.from === from);
        if (earlier) {
          d.error(
            'duplicate-entry',
            cell(0).place,
            `Deprecated name ${n} is already defined at line ${earlier.place.line}`,
            n,
          );
          break;
        }
        const none = isAbsent(cell(2));
        draft.deprecated.push({
          name: n,
          from,
          useInstead: none ? null : cell(2).markdown,
          useInsteadName: none ? null : (cell(2).codes[0] ?? null),
          place: cell(0).place,
          useInsteadPlace: cell(2).place,
        });
        break;
      }
      case 'roleKinds': {
        const k = required(cell(0), col(0), d);
        if (k === null || required(cell(1), col(1), d) === null) break;
        const roles: Located<string>[] = [];
        for (const role of identifiers(
          cell(1).codes.length ? cell(1).codes : cell(1).plain.split(/\s*,\s*/),
          cell(1),
          col(1),
          d,
        )) {
          if (once(role, placeOfName(cell(1), role), 'duplicate-role', `Role ${role}`))
            roles.push({ value: role, place: placeOfName(cell(1), role) });
        }
        draft.roleKinds.push({ kind: k, roles, place: cell(0).place });
        break;
      }
      case 'appleNames': {
        const role = identifier(cell(0), col(0), d);
        const flag = yesNo(cell(1), col(1), d);
        if (role === null || flag === null || !once(role, cell(0).place, 'duplicate-role', `Role ${role}`)) break;
        draft.appleNames.push({ role: { value: role, place: cell(0).place }, appleName: flag });
        break;
      }
      case 'covers': {
        const role = identifier(cell(0), col(0), d);
        if (
          role === null ||
          required(cell(1), col(1), d) === null ||
          !once(role, cell(0).place, 'duplicate-role', `Role ${role}`)
        )
          break;
        const { names, note } = namesAndNote(cell(1));
        draft.covers.push({
          role: { value: role, place: cell(0).place },
          names: identifiers(names, cell(1), col(1), d).map((value) => ({ value, place: placeOfName(cell(1), value) })),
          note,
        });
        break;
      }
      case 'roleRules': {
        const phrase = required(cell(0), col(0), d);
        const role = name(cell(1), col(1), d);
        if (phrase === null || role === null) break;
        const rule = (ROLE_RULE_PHRASES as Record<string, 'root' | 'unknown' | 'fallback'>)[phrase];
        if (!rule) {
          d.error(
            'bad-cell',
            cell(0).place,
            `The Rule must be one of: ${Object.keys(ROLE_RULE_PHRASES).join('; ')}`,
            phrase,
          );
          break;
        }
        if (once(rule, cell(0).place, 'duplicate-entry', `Rule ${phrase}`))
          draft.roleRules.push({ rule, role: { value: role, place: cell(1).place } });
        break;
      }
      case 'notReported': {
        const n = required(cell(0), col(0), d);
        const reason = required(cell(1), col(1), d);
        if (n === null || reason === null || !once(n, cell(0).place, 'duplicate-entry', `Class ${n}`)) break;
        draft.notReported.push({ name: n, reason: cell(1).markdown, place: cell(0).place });
        break;
      }
      case 'attributes': {
        let t = draft.attributeTables.find((x) => x.place === table.place);
        if (!t) draft.attributeTables.push((t = { section, place: table.place, rows: [] }));
        const n = identifier(cell(0), col(0), d);
        const typed = typeCell(cell(1), col(1), d);
        if (n === null || typed === null || !once(n, cell(0).place, 'duplicate-field', `Attribute ${n}`)) break;
        t.rows.push({
          name: n,
          notation: typed.notation,
          type: typed.type,
          meaning: cell(2).markdown,
          place: cell(0).place,
          typePlace: typed.place,
        });
        break;
      }
      case 'enumValues': {
        let t = draft.valueTables.find((x) => x.place === table.place);
        if (!t) draft.valueTables.push((t = { section, place: table.place, rows: [] }));
        const v = identifier(cell(0), col(0), d);
        if (v === null || !once(v, cell(0).place, 'duplicate-entry', `Value ${v}`)) break;
        t.rows.push({ value: v, meaning: cell(1).markdown, place: cell(0).place });
        break;
      }
      case 'operations': {
        const n = identifier(cell(0), col(0), d);
        // Each of Takes and Returns is one type or — (spec/README.md).
        const opt = (i: number) => (isAbsent(cell(i)) || cell(i).plain === '' ? null : typeCell(cell(i), col(i), d));
        const takes = opt(1);
        const returns = opt(2);
        if (n === null || !once(n, cell(0).place, 'duplicate-entry', `Operation ${n}`)) break;
        draft.operations.push({ name: n, takes, returns, meaning: cell(3).markdown, place: cell(0).place });
        break;
      }
      case 'versioning': {
        const change = required(cell(0), col(0), d);
        const before = required(cell(1), col(1), d);
        const from = required(cell(2), col(2), d);
        if (
          change === null ||
          before === null ||
          from === null ||
          !once(change, cell(0).place, 'duplicate-entry', `Change ${change}`)
        )
          break;
        // A word the version step cannot read would leave every RFC's Version effect unchecked, without a word.
        const known = (value: string, words: readonly string[], at: number, what: string) => {
          if (words.includes(value.toLowerCase())) return true;
          d.error('bad-cell', cell(at).place, `The ${what} must be one of: ${words.join(', ')}`, value);
          return false;
        };
        const read = [
          known(change, VERSION_CHANGES, 0, 'change'),
          known(before, VERSION_PARTS, 1, 'part of the version'),
          known(from, VERSION_PARTS, 2, 'part of the version'),
        ];
        if (read.includes(false)) break;
        draft.versioning.push({ change, beforeOne: before, fromOne: from, place: cell(0).place });
        break;
      }
      case 'versionField': {
        const type = name(cell(0), col(0), d);
        const field = name(cell(1), col(1), d);
        if (type === null || field === null || !once('version', cell(0).place, 'duplicate-entry', 'The versioned type'))
          break;
        draft.versionField = { type, field, place: cell(1).place };
        break;
      }
      case 'privacy': {
        const subject = required(cell(0), col(0), d);
        const note = required(cell(1), col(1), d);
        if (subject === null || note === null || !once(subject, cell(0).place, 'duplicate-entry', `Subject ${subject}`))
          break;
        draft.privacy.push({ subject: cell(0).markdown, note: cell(1).markdown, place: cell(0).place });
        break;
      }
      case 'requirements': {
        const id = identifier(cell(0), col(0), d);
        const req = required(cell(1), col(1), d);
        const check = required(cell(2), col(2), d);
        // No rule is written —, so an empty cell is a slip (a dropped pipe shifts the cells), not "no rule".
        const ruleCell = required(cell(3), col(3), d);
        if (id === null || req === null || check === null || ruleCell === null) break;
        if (!once(id, cell(0).place, 'duplicate-requirement', `Requirement ${id}`)) break;
        const rule = isAbsent(cell(3)) || cell(3).plain === '' ? null : (cell(3).codes[0] ?? cell(3).plain);
        draft.requirements.push({
          id,
          requirement: cell(1).markdown,
          check: cell(2).markdown,
          rule,
          place: cell(0).place,
          rulePlace: cell(3).place,
        });
        break;
      }
      case 'follows': {
        const type = identifier(cell(0), col(0), d);
        const version = name(cell(1), col(1), d);
        if (type === null || version === null || !once(type, cell(0).place, 'duplicate-entry', `External type ${type}`))
          break;
        // — for a type that is no union; else its kinds as the other specification names them.
        const kinds = isAbsent(cell(2))
          ? []
          : identifiers(
              cell(2).codes.length
                ? cell(2).codes
                : cell(2)
                    .plain.split(/\s*,\s*/)
                    .filter(Boolean),
              cell(2),
              col(2),
              d,
            );
        draft.follows.push({ type, version, kinds, place: cell(0).place });
        break;
      }
      default:
        // Tables of reference files and the process file are read elsewhere; in an RFC they state nothing.
        break;
    }
  }
}
